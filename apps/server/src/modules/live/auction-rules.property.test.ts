import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '@/lib/clock.ts';
import {
  type AuctionSettings,
  type AuctionState,
  bidIncrementKobo,
  type CloseResult,
  closeAuction,
  minimumNextBidKobo,
  pendingAuction,
  placeBid,
  startAuction,
} from '@/modules/live/auction-rules.ts';

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

/** One attempt: after `waitMs`, `bidder` offers the minimum next bid plus `overKobo` (negative: below it). */
type Attempt = { waitMs: number; bidder: string; overKobo: number };

const attemptArb: fc.Arbitrary<Attempt> = fc.record({
  waitMs: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 20_000 })),
  bidder: fc.constantFrom('ada', 'bayo', 'chidi', 'dupe'),
  overKobo: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 300_000 }),
    fc.integer({ min: -300_000, max: -1 }),
  ),
});

type Step = {
  now: Date;
  before: AuctionState;
  after: AuctionState;
  amountKobo: number;
  accepted: boolean;
  extended: boolean;
};

/** Runs the attempts against a fresh auction on a fake clock, then closes it once its clock has run out. */
function run(settings: AuctionSettings, attempts: Attempt[]) {
  const clock = fakeClock();
  const opened = startAuction(pendingAuction(settings), clock.now());
  if (!opened.ok) throw new Error(opened.message);
  let state = opened.state;
  const steps: Step[] = [];
  for (const a of attempts) {
    clock.advance(a.waitMs);
    const amountKobo = Math.max(1, minimumNextBidKobo(state) + a.overKobo);
    const r = placeBid(state, { bidderId: a.bidder, amountKobo }, clock.now());
    steps.push({
      now: clock.now(),
      before: state,
      after: r.ok ? r.state : state,
      amountKobo,
      accepted: r.ok,
      extended: r.ok && r.extended,
    });
    if (r.ok) state = r.state;
  }
  const endsAt = state.endsAt as Date;
  if (clock.now() < endsAt) clock.set(endsAt);
  const closed: CloseResult = closeAuction(state, clock.now());
  return { opened: opened.state, final: state, steps, closed, accepted: steps.filter((s) => s.accepted) };
}

const attemptsArb = fc.array(attemptArb, { maxLength: 40 });

describe('auction rules (property-based, fake clock)', () => {
  it('accepted bids strictly increase and each meets the increment', () => {
    fc.assert(
      fc.property(settingsArb, attemptsArb, (settings, attempts) => {
        const { accepted } = run(settings, attempts);
        accepted.forEach((s, i) => {
          const previous = accepted[i - 1];
          if (previous === undefined) {
            expect(s.amountKobo).toBeGreaterThanOrEqual(settings.startingBidKobo);
          } else {
            expect(s.amountKobo).toBeGreaterThanOrEqual(
              previous.amountKobo + bidIncrementKobo(previous.amountKobo),
            );
          }
        });
      }),
      RUNS,
    );
  });

  it('a bid below the minimum next bid is never accepted', () => {
    fc.assert(
      fc.property(settingsArb, attemptsArb, (settings, attempts) => {
        for (const s of run(settings, attempts).steps) {
          if (s.amountKobo < minimumNextBidKobo(s.before)) expect(s.accepted).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('the winner is always the highest accepted bid', () => {
    fc.assert(
      fc.property(settingsArb, attemptsArb, (settings, attempts) => {
        const { accepted, closed } = run(settings, attempts);
        if (!closed.ok || closed.kind !== 'sold') return;
        const highest = accepted.reduce((a, b) => (b.amountKobo > a.amountKobo ? b : a));
        expect(closed.winner.amountKobo).toBe(highest.amountKobo);
        expect(closed.winner.bidderId).toBe(highest.after.currentBidderId);
      }),
      RUNS,
    );
  });

  it('no bid is accepted at or after the end time', () => {
    fc.assert(
      fc.property(settingsArb, attemptsArb, (settings, attempts) => {
        for (const s of run(settings, attempts).steps) {
          if (s.now.getTime() >= (s.before.endsAt as Date).getTime()) expect(s.accepted).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('anti-sniping never shortens the clock and extends it only to the counter-bid time', () => {
    fc.assert(
      fc.property(settingsArb, attemptsArb, (settings, attempts) => {
        const counterMs = settings.counterBidSeconds * 1000;
        for (const s of run(settings, attempts).steps) {
          const before = (s.before.endsAt as Date).getTime();
          const after = (s.after.endsAt as Date).getTime();
          expect(after).toBeGreaterThanOrEqual(before);
          if (after !== before) {
            expect(after).toBe(s.now.getTime() + counterMs);
            expect(before - s.now.getTime()).toBeLessThan(counterMs);
          }
          // A bid in the last counter-bid seconds of a normal auction always earns the extension.
          if (s.accepted && !settings.suddenDeath && before - s.now.getTime() < counterMs) {
            expect(after).toBe(s.now.getTime() + counterMs);
          }
        }
      }),
      RUNS,
    );
  });

  it('sudden death never extends the clock', () => {
    fc.assert(
      fc.property(
        settingsArb.map((s) => ({ ...s, suddenDeath: true })),
        attemptsArb,
        (settings, attempts) => {
          const { opened, final, steps } = run(settings, attempts);
          expect(final.endsAt).toEqual(opened.endsAt);
          for (const s of steps) expect(s.extended).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('an auction whose highest bid is below the reserve is unsold', () => {
    fc.assert(
      fc.property(
        settingsArb.filter((s) => s.reservePriceKobo !== null),
        attemptsArb,
        (settings, attempts) => {
          const { final, closed } = run(settings, attempts);
          const reserve = settings.reservePriceKobo as number;
          if (final.currentBidKobo !== null && final.currentBidKobo < reserve) {
            expect(closed).toMatchObject({ ok: true, kind: 'unsold', reason: 'reserve_not_met' });
          }
          if (closed.ok && closed.kind === 'sold') {
            expect(closed.winner.amountKobo).toBeGreaterThanOrEqual(reserve);
          }
        },
      ),
      RUNS,
    );
  });

  it('an auction without bids is unsold', () => {
    fc.assert(
      fc.property(settingsArb, fc.integer({ min: 0, max: 1_000_000 }), (settings, lateMs) => {
        const clock = fakeClock();
        const opened = startAuction(pendingAuction(settings), clock.now());
        if (!opened.ok) throw new Error(opened.message);
        clock.advance(settings.durationSeconds * 1000 + lateMs);
        expect(closeAuction(opened.state, clock.now())).toMatchObject({
          ok: true,
          kind: 'unsold',
          reason: 'no_bids',
          state: { status: 'ended', outcome: 'unsold' },
        });
      }),
      RUNS,
    );
  });

  it('every close after the end time is sold or unsold, and sold only to the current highest bidder', () => {
    fc.assert(
      fc.property(settingsArb, attemptsArb, (settings, attempts) => {
        const { final, closed } = run(settings, attempts);
        expect(closed.ok).toBe(true);
        if (closed.ok && closed.kind === 'sold') {
          expect(closed.winner).toEqual({
            bidderId: final.currentBidderId,
            amountKobo: final.currentBidKobo,
          });
        }
        if (final.bidsCount === 0) expect(closed).toMatchObject({ kind: 'unsold' });
      }),
      RUNS,
    );
  });
});
