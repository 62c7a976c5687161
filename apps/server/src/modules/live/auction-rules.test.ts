import { describe, expect, it } from 'vitest';
import { fakeClock } from '@/lib/clock.ts';
import {
  type AuctionSettings,
  type AuctionState,
  bidIncrementKobo,
  closeAuction,
  formatTime,
  isDue,
  minimumNextBidKobo,
  pendingAuction,
  placeBid,
  secondsLeft,
  startAuction,
} from '@/modules/live/auction-rules.ts';

const naira = (n: number) => Math.round(n * 100);

const settings = (over: Partial<AuctionSettings> = {}): AuctionSettings => ({
  startingBidKobo: naira(5000),
  durationSeconds: 30,
  counterBidSeconds: 10,
  suddenDeath: false,
  reservePriceKobo: null,
  ...over,
});

function started(over: Partial<AuctionSettings> = {}) {
  const clock = fakeClock();
  const r = startAuction(pendingAuction(settings(over)), clock.now());
  if (!r.ok) throw new Error(r.message);
  return { clock, state: r.state };
}

function bid(state: AuctionState, bidderId: string, amountNaira: number, now: Date): AuctionState {
  const r = placeBid(state, { bidderId, amountKobo: naira(amountNaira) }, now);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

describe('increment ladder', () => {
  it('steps ₦100 under ₦5,000, ₦500 under ₦50,000, ₦1,000 under ₦200,000, ₦5,000 under ₦1,000,000, then ₦10,000', () => {
    expect(bidIncrementKobo(naira(4_999.99))).toBe(naira(100));
    expect(bidIncrementKobo(naira(5_000))).toBe(naira(500));
    expect(bidIncrementKobo(naira(49_999))).toBe(naira(500));
    expect(bidIncrementKobo(naira(50_000))).toBe(naira(1_000));
    expect(bidIncrementKobo(naira(199_999))).toBe(naira(1_000));
    expect(bidIncrementKobo(naira(200_000))).toBe(naira(5_000));
    expect(bidIncrementKobo(naira(1_000_000))).toBe(naira(10_000));
  });

  it('asks for the starting bid first, then the current bid plus its increment', () => {
    const { clock, state } = started({ startingBidKobo: naira(4_800) });
    expect(minimumNextBidKobo(state)).toBe(naira(4_800));
    const after = bid(state, 'ada', 4_800, clock.now());
    expect(minimumNextBidKobo(after)).toBe(naira(4_900));
    expect(minimumNextBidKobo(bid(after, 'bayo', 5_000, clock.now()))).toBe(naira(5_500));
  });
});

describe('starting an auction', () => {
  it('starts the clock at the duration', () => {
    const { clock, state } = started({ durationSeconds: 45 });
    expect(state.status).toBe('active');
    expect(secondsLeft(state.endsAt as Date, clock.now())).toBe(45);
  });

  it('refuses to start an auction that is already running', () => {
    const { clock, state } = started();
    expect(startAuction(state, clock.now())).toMatchObject({ ok: false, reason: 'already_active' });
  });

  it('runs an unsold product again from scratch, but never a sold one', () => {
    const { clock, state } = started({ reservePriceKobo: naira(9_000) });
    const withBid = bid(state, 'ada', 5_000, clock.now());
    clock.advance(30_000);
    const unsold = closeAuction(withBid, clock.now());
    expect(unsold).toMatchObject({ ok: true, kind: 'unsold', reason: 'reserve_not_met' });
    if (!unsold.ok) return;
    const rerun = startAuction(unsold.state, clock.now());
    expect(rerun).toMatchObject({
      ok: true,
      state: { status: 'active', currentBidKobo: null, bidsCount: 0 },
    });

    const sold = started();
    const won = bid(sold.state, 'ada', 5_000, sold.clock.now());
    sold.clock.advance(30_000);
    const closed = closeAuction(won, sold.clock.now());
    if (!closed.ok) throw new Error(closed.message);
    expect(startAuction(closed.state, sold.clock.now())).toMatchObject({ ok: false, reason: 'already_sold' });
  });
});

describe('placing a bid', () => {
  it('accepts a first bid equal to the starting bid', () => {
    const { clock, state } = started();
    const r = placeBid(state, { bidderId: 'ada', amountKobo: naira(5_000) }, clock.now());
    expect(r).toMatchObject({
      ok: true,
      state: { currentBidKobo: naira(5_000), currentBidderId: 'ada', bidsCount: 1 },
    });
  });

  it('refuses a bid below the minimum and says how much is needed', () => {
    const { clock, state } = started();
    const after = bid(state, 'ada', 5_000, clock.now());
    expect(placeBid(after, { bidderId: 'bayo', amountKobo: naira(5_400) }, clock.now())).toEqual({
      ok: false,
      reason: 'below_minimum',
      message: 'Bid at least ₦5,500.00',
      minimumNextBidKobo: naira(5_500),
    });
  });

  it('refuses the highest bidder outbidding themselves', () => {
    const { clock, state } = started();
    const after = bid(state, 'ada', 5_000, clock.now());
    expect(placeBid(after, { bidderId: 'ada', amountKobo: naira(9_000) }, clock.now())).toMatchObject({
      ok: false,
      reason: 'already_highest',
      message: 'You already have the highest bid',
    });
  });

  it('refuses bids before bidding is activated', () => {
    const clock = fakeClock();
    expect(
      placeBid(pendingAuction(settings()), { bidderId: 'ada', amountKobo: naira(5_000) }, clock.now()),
    ).toMatchObject({ ok: false, reason: 'not_active', message: 'Bidding is not open for this product' });
  });

  it('refuses a bid arriving exactly when the clock reaches zero', () => {
    const { clock, state } = started();
    clock.advance(30_000);
    expect(placeBid(state, { bidderId: 'ada', amountKobo: naira(5_000) }, clock.now())).toMatchObject({
      ok: false,
      reason: 'ended',
      message: 'Bidding has ended for this product',
    });
  });

  it('refuses amounts that are not whole positive kobo', () => {
    const { clock, state } = started();
    expect(placeBid(state, { bidderId: 'ada', amountKobo: 500_000.5 }, clock.now())).toMatchObject({
      ok: false,
      reason: 'invalid_amount',
    });
  });

  it('leaves the clock alone for a bid with more than the counter-bid time left', () => {
    const { clock, state } = started();
    clock.advance(15_000);
    const r = placeBid(state, { bidderId: 'ada', amountKobo: naira(5_000) }, clock.now());
    expect(r).toMatchObject({ ok: true, extended: false });
    expect(r.ok && r.state.endsAt).toEqual(state.endsAt);
  });

  it('resets the clock to the counter-bid time for a bid in the last seconds (anti-sniping)', () => {
    const { clock, state } = started();
    clock.advance(27_000);
    const r = placeBid(state, { bidderId: 'ada', amountKobo: naira(5_000) }, clock.now());
    expect(r).toMatchObject({ ok: true, extended: true });
    if (r.ok) expect(secondsLeft(r.state.endsAt as Date, clock.now())).toBe(10);
  });

  it('never extends the clock in sudden death: the bid standing at 00:01 wins', () => {
    const { clock, state } = started({ suddenDeath: true });
    clock.advance(29_400);
    expect(formatTime(secondsLeft(state.endsAt as Date, clock.now()))).toBe('00:01');
    const r = placeBid(state, { bidderId: 'ada', amountKobo: naira(5_000) }, clock.now());
    expect(r).toMatchObject({ ok: true, extended: false });
    if (!r.ok) return;
    expect(r.state.endsAt).toEqual(state.endsAt);
    clock.advance(600);
    expect(closeAuction(r.state, clock.now())).toMatchObject({
      kind: 'sold',
      winner: { bidderId: 'ada', amountKobo: naira(5_000) },
    });
  });
});

describe('closing an auction', () => {
  it('sells to the highest bid once the clock has run out', () => {
    const { clock, state } = started();
    let s = bid(state, 'ada', 5_000, clock.now());
    s = bid(s, 'bayo', 6_000, clock.now());
    clock.advance(30_000);
    expect(isDue(s, clock.now())).toBe(true);
    expect(closeAuction(s, clock.now())).toMatchObject({
      ok: true,
      kind: 'sold',
      winner: { bidderId: 'bayo', amountKobo: naira(6_000) },
      state: { status: 'ended', outcome: 'sold' },
    });
  });

  it('leaves the product unsold when nobody bid', () => {
    const { clock, state } = started();
    clock.advance(30_000);
    expect(closeAuction(state, clock.now())).toMatchObject({
      kind: 'unsold',
      reason: 'no_bids',
      state: { status: 'ended', outcome: 'unsold' },
    });
  });

  it('leaves the product unsold when the highest bid is below the reserve', () => {
    const { clock, state } = started({ reservePriceKobo: naira(7_000) });
    const s = bid(state, 'ada', 6_500, clock.now());
    clock.advance(30_000);
    expect(closeAuction(s, clock.now())).toMatchObject({ kind: 'unsold', reason: 'reserve_not_met' });
  });

  it('sells when the highest bid meets the reserve exactly', () => {
    const { clock, state } = started({ reservePriceKobo: naira(6_500) });
    const s = bid(state, 'ada', 6_500, clock.now());
    clock.advance(30_000);
    expect(closeAuction(s, clock.now())).toMatchObject({ kind: 'sold' });
  });

  it('refuses to close while the clock is still running', () => {
    const { clock, state } = started();
    clock.advance(29_999);
    expect(isDue(state, clock.now())).toBe(false);
    expect(closeAuction(state, clock.now())).toMatchObject({ ok: false, reason: 'still_running' });
  });
});

describe('countdown', () => {
  it('counts whole seconds left, rounding up, and reads 0 at the end time', () => {
    const clock = fakeClock();
    const endsAt = new Date(clock.now().getTime() + 10_000);
    expect(secondsLeft(endsAt, clock.now())).toBe(10);
    clock.advance(9_700);
    expect(secondsLeft(endsAt, clock.now())).toBe(1);
    clock.advance(300);
    expect(secondsLeft(endsAt, clock.now())).toBe(0);
    clock.advance(5_000);
    expect(secondsLeft(endsAt, clock.now())).toBe(0);
  });

  it('formats seconds as mm:ss', () => {
    expect(formatTime(30)).toBe('00:30');
    expect(formatTime(9)).toBe('00:09');
    expect(formatTime(600)).toBe('10:00');
    expect(formatTime(3_665)).toBe('61:05');
    expect(formatTime(-3)).toBe('00:00');
    expect(formatTime(Number.NaN)).toBe('00:00');
  });
});
