import {
  AUCTION_ENDED_DELAY_MS,
  type AuctionStatus,
  type ProductBidStatus,
  TIMER_ZERO_ONGOING_DELAY_MS,
} from '@kasuwa/contracts';

/**
 * Each product's auction status on the client (SPEC section 4 "Auction bidding status") as a pure
 * reducer. Time is passed in with every action; delayed transitions are not timers but entries in
 * `scheduled`, with the time they fall due, applied by a `tick`. A test drives it step by step with
 * a fake clock; `useAuctionStatus` turns `nextDueAt` into one real timer.
 *
 * The rules:
 * - Activating a product's bidding marks it active and every other active or ongoing product ended.
 * - A timer reaching 0 while active moves the product to ongoing after 100 ms.
 * - An ended signal on an ongoing product is applied after 30 s (the result stays on screen).
 * - An ongoing signal is ignored while another product is active.
 * - An auction winner sets the product to ongoing.
 *
 * Where the spec is silent, our readings:
 * - A delayed transition applies only if the product is still in the status it was scheduled
 *   from, and activation drops those of every product whose status it changes: activating again
 *   cancels a pending ended; a winner makes a pending timer-zero moot. A product already active
 *   keeps its own (an active signal after a reconnect must not cancel its timer-zero switch).
 * - An ended signal that arrives while the timer-zero switch is pending (the server closes the
 *   auction in the same instant the clock shows 0) is treated as arriving on an ongoing product:
 *   ended 30 s later, not at once.
 * - Any other ended signal (an active product whose clock the client never saw reach 0, a product
 *   not shown yet) applies at once; an active signal is an activation.
 * - A winner that arrives after its product's ended signal shows for 30 s too, then ends.
 */

export type ScheduledTransition = {
  productId: string;
  /** Applied only if the product is still in this status when due. */
  from: AuctionStatus;
  to: AuctionStatus;
  /** Milliseconds since the epoch. */
  dueAt: number;
};

export type AuctionStatusState = {
  statuses: Readonly<Record<string, AuctionStatus>>;
  scheduled: readonly ScheduledTransition[];
};

export type AuctionStatusAction =
  /** The seller activated this product's bidding (or the server says it is active). */
  | { type: 'activate'; productId: string; now: number }
  /** `bid_timer_update` for this product. */
  | { type: 'timer'; productId: string; secondsLeft: number; now: number }
  /** `product_auction_status` for this product. */
  | { type: 'signal'; productId: string; status: AuctionStatus; now: number }
  /** `stream_notification` `auction_winner` for this product. */
  | { type: 'winner'; productId: string; now: number }
  /** The stream as fetched (on load, after a reconnect): each product's `bidStatus`, applied as signals. */
  | { type: 'hydrate'; products: readonly { productId: string; bidStatus: ProductBidStatus }[]; now: number }
  /** Time has passed: apply every scheduled transition due by `now`. */
  | { type: 'tick'; now: number };

export const emptyAuctionStatus: AuctionStatusState = { statuses: {}, scheduled: [] };

const isPending = (s: AuctionStatusState, productId: string, to: AuctionStatus) =>
  s.scheduled.some((t) => t.productId === productId && t.to === to);

const schedule = (s: AuctionStatusState, t: ScheduledTransition): AuctionStatusState => ({
  ...s,
  scheduled: [...s.scheduled, t],
});

const setStatus = (s: AuctionStatusState, productId: string, status: AuctionStatus): AuctionStatusState =>
  s.statuses[productId] === status ? s : { ...s, statuses: { ...s.statuses, [productId]: status } };

function activate(s: AuctionStatusState, productId: string): AuctionStatusState {
  const statuses: Record<string, AuctionStatus> = {};
  const changed = new Set<string>();
  for (const [id, status] of Object.entries(s.statuses)) {
    const next = id !== productId && (status === 'active' || status === 'ongoing') ? 'ended' : status;
    statuses[id] = next;
    if (next !== status) changed.add(id);
  }
  if (s.statuses[productId] !== 'active') changed.add(productId);
  statuses[productId] = 'active';
  if (changed.size === 0) return s;
  // What was pending for a product whose status this changed no longer holds (a re-activated
  // product's pending ended, an ended product's timer-zero); an already active product keeps its own.
  return { statuses, scheduled: s.scheduled.filter((t) => !changed.has(t.productId)) };
}

function ended(s: AuctionStatusState, productId: string, now: number): AuctionStatusState {
  const status = s.statuses[productId];
  const closing = status === 'active' && isPending(s, productId, 'ongoing');
  if (status === 'ongoing' || closing) {
    if (isPending(s, productId, 'ended')) return s;
    return schedule(s, { productId, from: 'ongoing', to: 'ended', dueAt: now + AUCTION_ENDED_DELAY_MS });
  }
  return setStatus(s, productId, 'ended');
}

function signal(s: AuctionStatusState, productId: string, status: AuctionStatus, now: number) {
  switch (status) {
    case 'active':
      return activate(s, productId);
    case 'ongoing': {
      const anotherActive = Object.entries(s.statuses).some(
        ([id, st]) => id !== productId && st === 'active',
      );
      return anotherActive ? s : setStatus(s, productId, 'ongoing');
    }
    case 'ended':
      return ended(s, productId, now);
  }
}

function tick(s: AuctionStatusState, now: number): AuctionStatusState {
  const due = s.scheduled.filter((t) => t.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt);
  if (due.length === 0) return s;
  let next: AuctionStatusState = { ...s, scheduled: s.scheduled.filter((t) => t.dueAt > now) };
  for (const t of due) {
    if (next.statuses[t.productId] === t.from) next = setStatus(next, t.productId, t.to);
  }
  return next;
}

export function auctionStatusReducer(s: AuctionStatusState, action: AuctionStatusAction): AuctionStatusState {
  switch (action.type) {
    case 'activate':
      return activate(s, action.productId);
    case 'timer': {
      const { productId, now } = action;
      if (
        action.secondsLeft > 0 ||
        s.statuses[productId] !== 'active' ||
        isPending(s, productId, 'ongoing')
      ) {
        return s;
      }
      return schedule(s, {
        productId,
        from: 'active',
        to: 'ongoing',
        dueAt: now + TIMER_ZERO_ONGOING_DELAY_MS,
      });
    }
    case 'signal':
      return signal(s, action.productId, action.status, action.now);
    case 'winner': {
      const { productId, now } = action;
      const wasEnded = s.statuses[productId] === 'ended';
      const next = setStatus(s, productId, 'ongoing');
      return wasEnded && !isPending(next, productId, 'ended')
        ? schedule(next, { productId, from: 'ongoing', to: 'ended', dueAt: now + AUCTION_ENDED_DELAY_MS })
        : next;
    }
    case 'hydrate':
      return action.products.reduce(
        (acc, p) => (p.bidStatus === 'pending' ? acc : signal(acc, p.productId, p.bidStatus, action.now)),
        s,
      );
    case 'tick':
      return tick(s, action.now);
  }
}

/** When the next scheduled transition falls due, or null if none is pending. */
export function nextDueAt(s: AuctionStatusState): number | null {
  return s.scheduled.reduce<number | null>((min, t) => (min === null || t.dueAt < min ? t.dueAt : min), null);
}

/** The product whose bidding is active, if any. */
export function activeProductId(s: AuctionStatusState): string | null {
  return Object.entries(s.statuses).find(([, status]) => status === 'active')?.[0] ?? null;
}
