import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '@/lib/clock.ts';
import {
  type AuctionSettings,
  type AuctionState,
  bidIncrementKobo,
  closeAuction,
  minimumNextBidKobo,
  pendingAuction,
  startAuction,
} from '@/modules/live/auction-rules.ts';
import {
  type AcceptedBid,
  type MaxBid,
  placeManualBid,
  setMaxBid,
  settleProxies,
} from '@/modules/live/proxy-rules.ts';

const RUNS = { numRuns: 1_000 };

const settingsArb: fc.Arbitrary<AuctionSettings> = fc
  .record({
    startingBidKobo: fc.oneof(
      fc.integer({ min: 1, max: 10_000_00 }),
      fc.integer({ min: 10_000_00, max: 2_000_000_00 }),
    ),
    durationSeconds: fc.integer({ min: 10, max: 90 }),
    counterBidSeconds: fc.integer({ min: 5, max: 60 }),
    suddenDeath: fc.boolean(),
    reserveAbove: fc.option(fc.integer({ min: 0, max: 50_000_00 }), { nil: null }),
  })
  .map(({ reserveAbove, ...s }) => ({
    ...s,
    counterBidSeconds: Math.min(s.counterBidSeconds, s.durationSeconds),
    reservePriceKobo: reserveAbove === null ? null : s.startingBidKobo + reserveAbove,
  }));

const bidders = ['ada', 'bayo', 'chidi', 'dupe', 'emeka'] as const;

/** One action: after `waitMs`, `bidder` bids by hand or sets a max, at the minimum plus `overKobo`. */
type Action = { waitMs: number; bidder: string; kind: 'manual' | 'max'; overKobo: number };

const overArb = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 300_000 }),
  fc.integer({ min: 1, max: 5_000_000 }),
  fc.integer({ min: -300_000, max: -1 }),
);
const actionArb: fc.Arbitrary<Action> = fc.record({
  waitMs: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 20_000 })),
  bidder: fc.constantFrom(...bidders),
  kind: fc.constantFrom('manual', 'max'),
  overKobo: overArb,
});
/** Pre-bids before the auction starts: an amount over the starting bid (ties are likely). */
const preBidArb = fc.record({
  bidder: fc.constantFrom(...bidders),
  overKobo: fc.oneof(fc.constant(0), fc.constantFrom(100_00, 500_00), fc.integer({ min: 0, max: 2_000_000 })),
});

/** An offer: a buyer's max, or a manual bid (an offer of exactly its amount), in the order made. */
type Offer = { bidderId: string; maxKobo: number; seq: number; manual: boolean };

function run(settings: AuctionSettings, preBids: { bidder: string; overKobo: number }[], actions: Action[]) {
  const clock = fakeClock();
  let seq = 0;
  const book = new Map<string, MaxBid>();
  /** Every bidder's latest offer (offers only rise: a new one must beat the standing price). */
  const offers = new Map<string, Offer>();
  const accepted: AcceptedBid[] = [];
  const steps: { before: AuctionState; after: AuctionState; bids: AcceptedBid[]; now: Date }[] = [];

  let state: AuctionState = pendingAuction(settings);
  for (const p of preBids) {
    const next = { bidderId: p.bidder, maxKobo: settings.startingBidKobo + p.overKobo, seq: ++seq };
    const r = setMaxBid(state, [...book.values()], next, clock.now());
    if (r.ok) {
      book.set(p.bidder, next);
      offers.set(p.bidder, { ...next, manual: false });
    }
  }
  const opened = startAuction(state, clock.now());
  if (!opened.ok) throw new Error(opened.message);
  const entered = settleProxies(opened.state, [...book.values()], clock.now());
  state = entered.state;
  accepted.push(...entered.bids);
  steps.push({ before: opened.state, after: state, bids: entered.bids, now: clock.now() });

  for (const a of actions) {
    clock.advance(a.waitMs);
    const now = clock.now();
    const before = state;
    const amount = Math.max(1, minimumNextBidKobo(state) + a.overKobo);
    let bids: AcceptedBid[] = [];
    if (a.kind === 'manual') {
      const r = placeManualBid(state, [...book.values()], { bidderId: a.bidder, amountKobo: amount }, now);
      if (r.ok || r.reason === 'matched_max') {
        offers.set(a.bidder, { bidderId: a.bidder, maxKobo: amount, seq: ++seq, manual: true });
      }
      state = r.state;
      bids = r.bids;
    } else {
      const next = { bidderId: a.bidder, maxKobo: amount, seq: ++seq };
      const r = setMaxBid(state, [...book.values()], next, now);
      if (r.ok) {
        book.set(a.bidder, next);
        offers.set(a.bidder, { ...next, manual: false });
        state = r.state;
        bids = r.bids;
      }
    }
    accepted.push(...bids);
    steps.push({ before, after: state, bids, now });
  }
  const endsAt = state.endsAt as Date;
  if (clock.now() < endsAt) clock.set(endsAt);
  const closed = closeAuction(state, clock.now());
  return { state, accepted, offers, steps, closed, book };
}

const preBidsArb = fc.array(preBidArb, { maxLength: 6 });
const actionsArb = fc.array(actionArb, { maxLength: 40 });

const rank = (a: Offer, b: Offer) => b.maxKobo - a.maxKobo || a.seq - b.seq;

describe('proxy bidding (property-based, fake clock, proxy and manual bids mixed)', () => {
  it('accepted bids strictly increase, the first at or above the starting bid', () => {
    fc.assert(
      fc.property(settingsArb, preBidsArb, actionsArb, (settings, preBids, actions) => {
        const { accepted } = run(settings, preBids, actions);
        accepted.forEach((b, i) => {
          const previous = accepted[i - 1];
          if (previous === undefined) expect(b.amountKobo).toBeGreaterThanOrEqual(settings.startingBidKobo);
          else expect(b.amountKobo).toBeGreaterThan(previous.amountKobo);
        });
      }),
      RUNS,
    );
  });

  it('one winner: the last accepted bid’s bidder, who holds the highest offer (the earlier on a tie)', () => {
    fc.assert(
      fc.property(settingsArb, preBidsArb, actionsArb, (settings, preBids, actions) => {
        const { accepted, offers, state, closed } = run(settings, preBids, actions);
        const last = accepted.at(-1);
        if (!last) {
          expect(state.currentBidderId).toBeNull();
          expect(closed).toMatchObject({ ok: true, kind: 'unsold' });
          return;
        }
        expect(state.currentBidderId).toBe(last.bidderId);
        expect(state.currentBidKobo).toBe(last.amountKobo);
        const best = [...offers.values()].sort(rank)[0];
        expect(best?.bidderId).toBe(state.currentBidderId);
        if (closed.ok && closed.kind === 'sold') expect(closed.winner.bidderId).toBe(best?.bidderId);
      }),
      RUNS,
    );
  });

  it('the price is at most the second-highest offer plus one increment, and never above the winner’s max', () => {
    fc.assert(
      fc.property(settingsArb, preBidsArb, actionsArb, (settings, preBids, actions) => {
        const { offers, state, accepted } = run(settings, preBids, actions);
        const price = state.currentBidKobo;
        const winner = state.currentBidderId;
        if (price === null || winner === null) return;
        const mine = offers.get(winner);
        expect(mine).toBeDefined();
        expect(price).toBeLessThanOrEqual(mine?.maxKobo ?? 0);
        const second = [...offers.values()].filter((o) => o.bidderId !== winner).sort(rank)[0];
        const lastIsManual = accepted.at(-1)?.proxy === false;
        // A winner who bid by hand pays what they bid; a proxy pays just enough.
        if (!lastIsManual) {
          const cap = second
            ? Math.max(settings.startingBidKobo, second.maxKobo + bidIncrementKobo(second.maxKobo))
            : settings.startingBidKobo;
          expect(price).toBeLessThanOrEqual(cap);
        }
      }),
      RUNS,
    );
  });

  it('after every change no max but the leader’s is above the price (the book is settled)', () => {
    fc.assert(
      fc.property(settingsArb, preBidsArb, actionsArb, (settings, preBids, actions) => {
        const { state, book } = run(settings, preBids, actions);
        for (const m of book.values()) {
          if (m.bidderId !== state.currentBidderId && state.currentBidKobo !== null) {
            expect(m.maxKobo).toBeLessThanOrEqual(state.currentBidKobo);
          }
        }
      }),
      RUNS,
    );
  });

  it('anti-sniping holds for proxy bids: a bid in the last counter-bid seconds resets the clock; sudden death never does', () => {
    fc.assert(
      fc.property(settingsArb, preBidsArb, actionsArb, (settings, preBids, actions) => {
        const counterMs = settings.counterBidSeconds * 1000;
        for (const s of run(settings, preBids, actions).steps) {
          const before = (s.before.endsAt as Date).getTime();
          const after = (s.after.endsAt as Date).getTime();
          expect(after).toBeGreaterThanOrEqual(before);
          if (settings.suddenDeath) expect(after).toBe(before);
          else if (s.bids.length > 0 && before - s.now.getTime() < counterMs) {
            expect(after).toBe(s.now.getTime() + counterMs);
          }
          if (s.now.getTime() >= before) expect(s.bids).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it('200 pre-bids enter as at most two bids', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 200, maxLength: 200 }),
        (settings, overs) => {
          const clock = fakeClock();
          const maxes: MaxBid[] = overs.map((o, i) => ({
            bidderId: `b${i}`,
            maxKobo: settings.startingBidKobo + o,
            seq: i,
          }));
          const opened = startAuction(pendingAuction(settings), clock.now());
          if (!opened.ok) throw new Error(opened.message);
          const { bids, state } = settleProxies(opened.state, maxes, clock.now());
          expect(bids.length).toBeGreaterThanOrEqual(1);
          expect(bids.length).toBeLessThanOrEqual(2);
          const best = [...maxes].sort((a, b) => b.maxKobo - a.maxKobo || a.seq - b.seq)[0];
          expect(state.currentBidderId).toBe(best?.bidderId);
        },
      ),
      { numRuns: 200 },
    );
  });
});
