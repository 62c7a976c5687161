import type { AuctionOutcome } from '@kasuwa/contracts';
import { nairaText } from '@/lib/naira.ts';

/**
 * The rules of one product's live auction, with no I/O: the caller passes the time in and stores
 * what comes out. Money is integer kobo. The clock is an end time (`endsAt`), never a counter, so
 * a countdown can always be recomputed from what the database holds — after a restart, or on
 * another node.
 *
 * - Activation starts the clock at `durationSeconds`.
 * - A bid is accepted only while the auction is active and strictly before `endsAt`, from someone
 *   other than the current highest bidder, at or above the minimum next bid (the starting bid
 *   first, then the current bid plus the increment of the ladder below).
 * - Anti-sniping: a bid with less than `counterBidSeconds` left resets the clock to
 *   `counterBidSeconds`. In sudden death the clock is never extended: the highest bid standing when
 *   it runs out (the last second shows 00:01) wins.
 * - At the end the highest bid wins if it meets the reserve; no bids, or a reserve not met, is
 *   unsold, and an unsold product may be auctioned again.
 */

export type AuctionSettings = {
  startingBidKobo: number;
  durationSeconds: number;
  counterBidSeconds: number;
  suddenDeath: boolean;
  reservePriceKobo: number | null;
};

export type AuctionState = {
  status: 'pending' | 'active' | 'ended';
  settings: AuctionSettings;
  endsAt: Date | null;
  currentBidKobo: number | null;
  currentBidderId: string | null;
  bidsCount: number;
  outcome: AuctionOutcome | null;
};

export type Bid = { bidderId: string; amountKobo: number };

/** The highest bid anyone may place: ₦100,000,000, the catalogue's highest price. */
export const MAX_BID_KOBO = 100_000_000 * 100;

/**
 * The increment ladder, in kobo: below each bound (exclusive) the step on its right, and
 * `TOP_INCREMENT_KOBO` from ₦1,000,000 up. Increments grow with the price so that each bid stays
 * roughly 0.5–2 % of it: small enough that buyers keep bidding, big enough that an expensive lot
 * does not need hundreds of counter-bid extensions to reach its price.
 */
export const INCREMENT_LADDER: readonly { belowKobo: number; incrementKobo: number }[] = [
  { belowKobo: 5_000_00, incrementKobo: 100_00 },
  { belowKobo: 50_000_00, incrementKobo: 500_00 },
  { belowKobo: 200_000_00, incrementKobo: 1_000_00 },
  { belowKobo: 1_000_000_00, incrementKobo: 5_000_00 },
];
export const TOP_INCREMENT_KOBO = 10_000_00;

/** The step above a current bid: ₦100 under ₦5,000, ₦500 under ₦50,000, ₦1,000 under ₦200,000, … */
export function bidIncrementKobo(currentBidKobo: number): number {
  return INCREMENT_LADDER.find((r) => currentBidKobo < r.belowKobo)?.incrementKobo ?? TOP_INCREMENT_KOBO;
}

/** The smallest bid accepted now: the starting bid while there is none, then current plus increment. */
export function minimumNextBidKobo(state: Pick<AuctionState, 'settings' | 'currentBidKobo'>): number {
  return state.currentBidKobo === null
    ? state.settings.startingBidKobo
    : state.currentBidKobo + bidIncrementKobo(state.currentBidKobo);
}

/** A product of the show before its bidding is first activated. */
export function pendingAuction(settings: AuctionSettings): AuctionState {
  return {
    status: 'pending',
    settings,
    endsAt: null,
    currentBidKobo: null,
    currentBidderId: null,
    bidsCount: 0,
    outcome: null,
  };
}

export type StartRejection = 'already_active' | 'already_sold';

export type StartResult =
  | { ok: true; state: AuctionState }
  | { ok: false; reason: StartRejection; message: string };

/**
 * Activates bidding: the clock starts at `durationSeconds` from `now`. A product that went unsold
 * starts over with no bids; one that sold cannot be auctioned again.
 */
export function startAuction(state: AuctionState, now: Date): StartResult {
  if (state.status === 'active') {
    return { ok: false, reason: 'already_active', message: 'Bidding is already active for this product' };
  }
  if (state.outcome === 'sold') {
    return { ok: false, reason: 'already_sold', message: 'This product has already been sold' };
  }
  return {
    ok: true,
    state: {
      ...pendingAuction(state.settings),
      status: 'active',
      endsAt: new Date(now.getTime() + state.settings.durationSeconds * 1000),
    },
  };
}

export type BidRejection =
  | 'not_active'
  | 'ended'
  | 'invalid_amount'
  | 'already_highest'
  | 'below_minimum'
  | 'above_maximum';

export type BidResult =
  | { ok: true; state: AuctionState; extended: boolean }
  | { ok: false; reason: BidRejection; message: string; minimumNextBidKobo: number };

/** Places `bid` at `now` on `state`; on success the new state to store, else why not. */
export function placeBid(state: AuctionState, bid: Bid, now: Date): BidResult {
  const minimum = minimumNextBidKobo(state);
  const reject = (reason: BidRejection, message: string): BidResult => ({
    ok: false,
    reason,
    message,
    minimumNextBidKobo: minimum,
  });

  if (state.status !== 'active' || state.endsAt === null) {
    return reject(
      state.status === 'ended' ? 'ended' : 'not_active',
      state.status === 'ended'
        ? 'Bidding has ended for this product'
        : 'Bidding is not open for this product',
    );
  }
  if (now.getTime() >= state.endsAt.getTime()) {
    return reject('ended', 'Bidding has ended for this product');
  }
  if (!Number.isSafeInteger(bid.amountKobo) || bid.amountKobo <= 0) {
    return reject('invalid_amount', 'Enter a bid in naira');
  }
  // Outbidding yourself only raises your own price (and would stretch the clock).
  if (bid.bidderId === state.currentBidderId) {
    return reject('already_highest', 'You already have the highest bid');
  }
  if (bid.amountKobo < minimum) {
    return reject('below_minimum', `Bid at least ${nairaText(minimum)}`);
  }
  if (bid.amountKobo > MAX_BID_KOBO) {
    return reject('above_maximum', `Bids can be at most ${nairaText(MAX_BID_KOBO)}`);
  }

  const counterBidMs = state.settings.counterBidSeconds * 1000;
  const leftMs = state.endsAt.getTime() - now.getTime();
  const extended = !state.settings.suddenDeath && leftMs < counterBidMs;
  return {
    ok: true,
    extended,
    state: {
      ...state,
      currentBidKobo: bid.amountKobo,
      currentBidderId: bid.bidderId,
      bidsCount: state.bidsCount + 1,
      endsAt: extended ? new Date(now.getTime() + counterBidMs) : state.endsAt,
    },
  };
}

export type CloseResult =
  | { ok: true; kind: 'sold'; state: AuctionState; winner: { bidderId: string; amountKobo: number } }
  | { ok: true; kind: 'unsold'; state: AuctionState; reason: 'no_bids' | 'reserve_not_met' }
  | { ok: false; reason: 'not_active' | 'still_running'; message: string };

/** Closes an auction whose clock has run out: sold to the highest bid if it meets the reserve, else unsold. */
export function closeAuction(state: AuctionState, now: Date): CloseResult {
  if (state.status !== 'active' || state.endsAt === null) {
    return { ok: false, reason: 'not_active', message: 'Bidding is not active for this product' };
  }
  if (now.getTime() < state.endsAt.getTime()) {
    return { ok: false, reason: 'still_running', message: 'Bidding is still running for this product' };
  }
  const ended = { ...state, status: 'ended' as const };
  if (state.currentBidKobo === null || state.currentBidderId === null) {
    return { ok: true, kind: 'unsold', reason: 'no_bids', state: { ...ended, outcome: 'unsold' } };
  }
  const reserve = state.settings.reservePriceKobo;
  if (reserve !== null && state.currentBidKobo < reserve) {
    return { ok: true, kind: 'unsold', reason: 'reserve_not_met', state: { ...ended, outcome: 'unsold' } };
  }
  return {
    ok: true,
    kind: 'sold',
    state: { ...ended, outcome: 'sold' },
    winner: { bidderId: state.currentBidderId, amountKobo: state.currentBidKobo },
  };
}

/** Whether the clock of an active auction has run out at `now`, so it should be closed. */
export function isDue(state: AuctionState, now: Date): boolean {
  return state.status === 'active' && state.endsAt !== null && now.getTime() >= state.endsAt.getTime();
}

/**
 * Whole seconds left before `endsAt`, rounded up: a clock with 0.3 s left reads 1 (00:01), and it
 * reads 0 exactly when bids stop being accepted.
 */
export function secondsLeft(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));
}

/** mm:ss for a countdown (minutes are not wrapped into hours: 61:05). */
export function formatTime(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
