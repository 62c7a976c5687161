import { nairaText } from '@/lib/naira.ts';
import {
  type AuctionState,
  type Bid,
  type BidResult,
  bidIncrementKobo,
  MAX_BID_KOBO,
  minimumNextBidKobo,
  placeBid,
} from '@/modules/live/auction-rules.ts';

/**
 * Proxy bidding (issue 21), with no I/O, on top of auction-rules. A buyer's **max bid** is the most
 * they will pay; the server bids for them, as little as it takes to lead, up to it, as eBay and
 * Whatnot do. A pre-bid is a max bid set before the product's auction started.
 *
 * The rules (docs/proxy-bidding.md):
 * - Everyone's offer is their max (a manual bid is an offer of exactly its amount). The leader is
 *   the highest offer; **ties go to the earlier one** (`seq`, the order the server took them in).
 * - The leader pays the second-highest offer plus one increment of the ladder (auction-rules),
 *   never more than their own max, never less than the starting bid. On a tie the leader pays the
 *   tied amount.
 * - Every accepted bid is strictly above the one before it (the bids table's order), one bidder
 *   leads at a time, and anti-sniping applies to proxy bids exactly as to manual ones: each bid
 *   in the last `counterBidSeconds` resets the clock. A proxy bid may be less than a full
 *   increment above the last bid when that is the bidder's whole max (eBay's rule).
 * - After every change the book is settled: no max but the leader's is above the current bid.
 *   So one "duel" between the best challenger and its best opponent settles any change, and it
 *   emits at most two bids (the loser's at its max, then the winner's), however many maxes there
 *   are — 200 pre-bids entering at once cost two bids.
 */

/** A buyer's max bid on one auction run; `seq` orders them (lower = earlier). */
export type MaxBid = { bidderId: string; maxKobo: number; seq: number };

/** One bid the rules accepted, in the order to store it; `proxy` when the server placed it for a max. */
export type AcceptedBid = {
  bidderId: string;
  amountKobo: number;
  proxy: boolean;
  extended: boolean;
  /** The auction as this bid left it (what its `new_bid` tells the room). */
  state: AuctionState;
};

/** Leader first: the higher max, then the earlier. */
export const byRank = (a: MaxBid, b: MaxBid) => b.maxKobo - a.maxKobo || a.seq - b.seq;

/**
 * A bid placed by the server for a max: like a manual bid (active, before the end, anti-sniping,
 * the maximum), but it may raise the leader's own price (a tie defended) and needs only to be
 * strictly above the current bid, as it never exceeds the bidder's max.
 */
export function placeProxyBid(state: AuctionState, bid: Bid, now: Date): BidResult {
  const minimum = minimumNextBidKobo(state);
  const floor = state.currentBidKobo === null ? state.settings.startingBidKobo : state.currentBidKobo + 1;
  if (bid.amountKobo < floor || bid.amountKobo > MAX_BID_KOBO || !Number.isSafeInteger(bid.amountKobo)) {
    return {
      ok: false,
      reason: 'below_minimum',
      message: `Bid at least ${nairaText(minimum)}`,
      minimumNextBidKobo: minimum,
    };
  }
  // The rules of a manual bid, with the bidder seen as not leading and the amount as enough.
  const asManual = placeBid(
    { ...state, currentBidderId: state.currentBidderId === bid.bidderId ? null : state.currentBidderId },
    { bidderId: bid.bidderId, amountKobo: Math.max(bid.amountKobo, minimum) },
    now,
  );
  if (!asManual.ok) return asManual;
  return {
    ok: true,
    extended: asManual.extended,
    state: { ...asManual.state, currentBidKobo: bid.amountKobo, currentBidderId: bid.bidderId },
  };
}

export type Settled = { state: AuctionState; bids: AcceptedBid[] };

/**
 * Settles the book after a change: the best max not leading (a challenger) duels the best of the
 * leader and the other challengers; the loser's proxy bids its max (if that is above the current
 * bid and below the price), then the winner's bids the price. `maxes` holds at most one per bidder.
 */
export function settleProxies(state: AuctionState, maxes: readonly MaxBid[], now: Date): Settled {
  const none: Settled = { state, bids: [] };
  if (state.status !== 'active' || state.endsAt === null || now.getTime() >= state.endsAt.getTime()) {
    return none;
  }
  const price = state.currentBidKobo;
  const leader = state.currentBidderId;
  const starting = state.settings.startingBidKobo;
  const challengers = maxes
    .filter((m) => m.bidderId !== leader && (price === null ? m.maxKobo >= starting : m.maxKobo > price))
    .sort(byRank);
  const top = challengers[0];
  if (!top) return none;

  // The leader's offer: their max when it is above what they stand at, else the bid itself (a
  // manual leader, or a max used up), which no challenger can tie (challengers are above it).
  const own = leader === null ? undefined : maxes.find((m) => m.bidderId === leader);
  const leaderOffer: MaxBid | null =
    leader === null || price === null
      ? null
      : own && own.maxKobo >= price
        ? own
        : { bidderId: leader, maxKobo: price, seq: Number.POSITIVE_INFINITY };
  const opponent = [leaderOffer, challengers[1]]
    .filter((m): m is MaxBid => m !== null && m !== undefined)
    .sort(byRank)[0];

  const plan: Bid[] = [];
  if (!opponent) {
    plan.push({ bidderId: top.bidderId, amountKobo: starting });
  } else {
    const [winner, loser] = byRank(top, opponent) <= 0 ? [top, opponent] : [opponent, top];
    const target = Math.max(
      starting,
      winner.maxKobo === loser.maxKobo
        ? winner.maxKobo
        : Math.min(winner.maxKobo, loser.maxKobo + bidIncrementKobo(loser.maxKobo)),
    );
    // The loser's proxy went as far as its max: shown, so the room sees the contest.
    if ((price === null || loser.maxKobo > price) && loser.maxKobo < target && loser.maxKobo >= starting) {
      plan.push({ bidderId: loser.bidderId, amountKobo: loser.maxKobo });
    }
    plan.push({ bidderId: winner.bidderId, amountKobo: target });
  }

  let current = state;
  const bids: AcceptedBid[] = [];
  for (const bid of plan) {
    const r = placeProxyBid(current, bid, now);
    if (!r.ok) break;
    current = r.state;
    bids.push({ ...bid, proxy: true, extended: r.extended, state: r.state });
  }
  return { state: current, bids };
}

export type ManualResult =
  | { ok: true; state: AuctionState; bids: AcceptedBid[] }
  /** Refused; `bids` may hold the proxy bid a tie with an earlier max made (it is stored all the same). */
  | {
      ok: false;
      reason: Extract<BidResult, { ok: false }>['reason'] | 'matched_max';
      message: string;
      state: AuctionState;
      bids: AcceptedBid[];
      minimumNextBidKobo: number;
    };

/**
 * A buyer's manual bid with maxes standing. Checked as ever (auction-rules' `placeBid`); then the
 * leader's max, if above it, answers. A bid equal to the leader's max loses to it (the earlier
 * offer): the leader's price rises to it and the bid is refused with that reason.
 */
export function placeManualBid(
  state: AuctionState,
  maxes: readonly MaxBid[],
  bid: Bid,
  now: Date,
): ManualResult {
  const r = placeBid(state, bid, now);
  if (!r.ok) return { ...r, state, bids: [] };
  const leaderMax = maxes.find((m) => m.bidderId === state.currentBidderId);
  if (leaderMax && leaderMax.maxKobo === bid.amountKobo && state.currentBidderId !== null) {
    const raised = placeProxyBid(state, { bidderId: state.currentBidderId, amountKobo: bid.amountKobo }, now);
    const bids: AcceptedBid[] = raised.ok
      ? [
          {
            bidderId: state.currentBidderId,
            amountKobo: bid.amountKobo,
            proxy: true,
            extended: raised.extended,
            state: raised.state,
          },
        ]
      : [];
    const after = raised.ok ? raised.state : state;
    const minimum = minimumNextBidKobo(after);
    return {
      ok: false,
      reason: 'matched_max',
      message: `An earlier max bid already covers ${nairaText(bid.amountKobo)}. Bid at least ${nairaText(minimum)}`,
      state: after,
      bids,
      minimumNextBidKobo: minimum,
    };
  }
  const manual: AcceptedBid = { ...bid, proxy: false, extended: r.extended, state: r.state };
  const settled = settleProxies(r.state, maxes, now);
  return { ok: true, state: settled.state, bids: [manual, ...settled.bids] };
}

export type MaxRejection = 'ended' | 'not_active' | 'too_low' | 'not_higher' | 'above_maximum';

export type SetMaxResult =
  | { ok: true; state: AuctionState; bids: AcceptedBid[] }
  | { ok: false; reason: MaxRejection; message: string; minimumKobo: number };

/**
 * Sets (or raises) a buyer's max. Before the auction runs it is a pre-bid: at least the starting
 * bid, and it bids nothing until activation (`settleProxies` then). While it runs: a buyer not
 * leading must reach the minimum next bid, and the proxy bids at once; the leader may raise theirs
 * (never lower: a max is a promise the room has already been outbid by). `maxes` are the others'
 * and the buyer's current one; `next` carries the new max's `seq`.
 */
export function setMaxBid(
  state: AuctionState,
  maxes: readonly MaxBid[],
  next: MaxBid,
  now: Date,
): SetMaxResult {
  const ownBefore = maxes.find((m) => m.bidderId === next.bidderId);
  const running = state.status === 'active' && state.endsAt !== null;
  if (state.status === 'ended' || (running && now.getTime() >= (state.endsAt as Date).getTime())) {
    return { ok: false, reason: 'ended', message: 'Bidding has ended for this product', minimumKobo: 0 };
  }
  const leading = running && state.currentBidderId === next.bidderId;
  const minimum = !running
    ? state.settings.startingBidKobo
    : leading
      ? (state.currentBidKobo ?? 0) + 1
      : minimumNextBidKobo(state);
  const floor = Math.max(minimum, ownBefore ? ownBefore.maxKobo + 1 : 0);
  if (!Number.isSafeInteger(next.maxKobo) || next.maxKobo > MAX_BID_KOBO) {
    return {
      ok: false,
      reason: 'above_maximum',
      message: `A max bid can be at most ${nairaText(MAX_BID_KOBO)}`,
      minimumKobo: floor,
    };
  }
  if (ownBefore && next.maxKobo <= ownBefore.maxKobo) {
    return {
      ok: false,
      reason: 'not_higher',
      message: `Your max bid is ${nairaText(ownBefore.maxKobo)}. A new one must be higher`,
      minimumKobo: floor,
    };
  }
  if (next.maxKobo < minimum) {
    return {
      ok: false,
      reason: 'too_low',
      message: `Set a max bid of at least ${nairaText(minimum)}`,
      minimumKobo: floor,
    };
  }
  const book = [...maxes.filter((m) => m.bidderId !== next.bidderId), next];
  if (!running) return { ok: true, state, bids: [] };
  const settled = settleProxies(state, book, now);
  return { ok: true, state: settled.state, bids: settled.bids };
}
