import { describe, expect, it } from 'vitest';
import {
  createLiveAuctionBody,
  openLiveShowBody,
  renewTokenResponse,
  rescheduleExpiredBody,
  streamDurationMinutes,
} from './live.ts';

const category = '6f1c2a4e-8b1d-4c3e-9a7f-1d2e3f4a5b6c';
const productA = '0b6f7d8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const productB = '1c7a8e9f-2b3c-4d4e-9f0a-1b2c3d4e5f60';
const when = '2026-02-01T18:00:00.000+01:00';

describe('live auction body', () => {
  it('gives each product a 30 s clock, a 10 s counter-bid time and no sudden death by default', () => {
    const body = createLiveAuctionBody.parse({
      title: 'Friday phones',
      category,
      scheduledStartTime: when,
      products: [{ productId: productA, auctionSettings: { startingBid: 5000 } }],
    });
    expect(body.products[0]?.auctionSettings).toEqual({
      startingBid: 5000,
      durationSeconds: 30,
      counterBidSeconds: 10,
      suddenDeath: false,
    });
  });

  it('refuses a reserve below the starting bid', () => {
    const r = createLiveAuctionBody.safeParse({
      title: 'x',
      category,
      startImmediately: true,
      products: [{ productId: productA, auctionSettings: { startingBid: 5000, reservePrice: 4000 } }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Reserve price cannot be below the starting bid');
  });

  it('refuses a counter-bid time longer than the auction', () => {
    const r = createLiveAuctionBody.safeParse({
      title: 'x',
      category,
      startImmediately: true,
      products: [
        {
          productId: productA,
          auctionSettings: { startingBid: 100, durationSeconds: 15, counterBidSeconds: 20 },
        },
      ],
    });
    expect(r.error?.issues[0]?.message).toBe('Counter-bid time cannot be longer than the duration');
  });

  it('needs at least one product, each once', () => {
    const base = { title: 'x', category, startImmediately: true };
    expect(createLiveAuctionBody.safeParse({ ...base, products: [] }).error?.issues[0]?.message).toBe(
      'Add at least one product to auction',
    );
    const twice = { productId: productA, auctionSettings: { startingBid: 100 } };
    expect(
      createLiveAuctionBody.safeParse({ ...base, products: [twice, twice] }).error?.issues[0]?.message,
    ).toBe('Each product (or variant of one) can be added once');
    // Per-variant auctions (issue 14): one product may come once per variant combination.
    const red = { ...twice, variant: [{ name: 'Colour', value: 'Red' }] };
    const blue = { ...twice, variant: [{ name: 'Colour', value: 'Blue' }] };
    expect(createLiveAuctionBody.safeParse({ ...base, products: [red, blue] }).success).toBe(true);
    expect(createLiveAuctionBody.safeParse({ ...base, products: [red, red] }).success).toBe(false);
  });
});

describe('open live show body', () => {
  it('needs a start time unless the show starts immediately', () => {
    const r = openLiveShowBody.safeParse({ title: 'Ankara drop', category });
    expect(r.error?.issues[0]).toMatchObject({
      message: 'Choose a start time or start immediately',
      path: ['scheduledStartTime'],
    });
    expect(
      openLiveShowBody.safeParse({ title: 'Ankara drop', category, startImmediately: true }).success,
    ).toBe(true);
  });

  it('refuses auction settings on a live show product and unknown fields', () => {
    const withSettings = openLiveShowBody.safeParse({
      title: 'x',
      category,
      startImmediately: true,
      products: [{ productId: productB, auctionSettings: { startingBid: 100 } }],
    });
    expect(withSettings.success).toBe(false);
    expect(
      openLiveShowBody.safeParse({ title: 'x', category, startImmediately: true, price: 1 }).success,
    ).toBe(false);
  });

  it('trims the title and refuses one left empty', () => {
    expect(
      openLiveShowBody.safeParse({ title: '   ', category, startImmediately: true }).error?.issues[0]
        ?.message,
    ).toBe('Title is required');
  });
});

describe('reschedule body', () => {
  it('takes the stream id and a new ISO start time', () => {
    expect(rescheduleExpiredBody.safeParse({ streamId: category, newScheduledStartTime: when }).success).toBe(
      true,
    );
    expect(
      rescheduleExpiredBody.safeParse({ streamId: category, newScheduledStartTime: 'tomorrow' }).success,
    ).toBe(false);
  });
});

describe('renewed token answer', () => {
  it('accepts only success true with a token (anything else is an invalid token response)', () => {
    expect(renewTokenResponse.safeParse({ success: true, token: 't' }).success).toBe(true);
    expect(renewTokenResponse.safeParse({ success: false, token: 't' }).success).toBe(false);
    expect(renewTokenResponse.safeParse({ success: true }).success).toBe(false);
    expect(renewTokenResponse.safeParse({ success: true, token: '' }).success).toBe(false);
  });
});

describe('stream duration', () => {
  it('rounds the minutes from actual start to end', () => {
    expect(streamDurationMinutes('2026-02-01T18:00:00Z', '2026-02-01T18:42:29Z')).toBe(42);
    expect(streamDurationMinutes('2026-02-01T18:00:00Z', '2026-02-01T18:42:30Z')).toBe(43);
  });

  it('reads 0 when the end is before the start', () => {
    expect(streamDurationMinutes('2026-02-01T18:00:10Z', '2026-02-01T18:00:00Z')).toBe(0);
  });
});
