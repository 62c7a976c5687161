import type {
  BidTimerUpdateEvent,
  ProductAuctionStatusEvent,
  StreamNotification,
  StreamProduct,
} from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { countdownOf, emptyLiveRoom, liveRoomReducer } from '@/features/live-room/live-room';
import {
  ANKARA_ID,
  RED_L_ROW_ID,
  RED_M_ROW_ID,
  STREAM_ID,
  testStream,
  testVariantRows,
} from '@/test/live-fixtures';

/* Two variants of one product under the hammer (issue 14): each row is its own auction. */

const ada = { _id: 'b1', name: 'Ada' };
const emeka = { _id: 'b2', name: 'Emeka' };

const bidOn = (streamProductId: string | undefined, amount: number, bidsCount: number, bidder = ada) =>
  ({
    type: 'new_bid',
    timestamp: bidsCount,
    content: `${bidder.name} bid`,
    data: {
      streamId: STREAM_ID,
      product: { product: { productId: ANKARA_ID, ...(streamProductId ? { streamProductId } : {}) } },
      bidAmount: amount,
      currentBidder: bidder,
      endsAt: '2026-11-21T10:00:30.000Z',
      minimumNextBid: amount + 100,
      bidsCount,
    },
  }) satisfies StreamNotification;

const tick = (streamProductId: string, secondsLeft: number) =>
  ({
    streamId: STREAM_ID,
    productId: ANKARA_ID,
    streamProductId,
    secondsLeft,
    formattedTime: `00:${String(secondsLeft).padStart(2, '0')}`,
    timestamp: 100 - secondsLeft,
  }) satisfies BidTimerUpdateEvent;

function hydrated(rows: [StreamProduct, StreamProduct]) {
  return liveRoomReducer(emptyLiveRoom, {
    type: 'hydrate',
    stream: testStream({ status: 'live', products: rows }),
  });
}

const row = (s: ReturnType<typeof hydrated>, key: string) => {
  const found = s.products.find((p) => p.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
};

describe('liveRoomReducer with a product auctioned per variant', () => {
  it('keys each variant by its stream product, with its own name and variant', () => {
    const s = hydrated(testVariantRows());
    expect(s.products.map((p) => [p.key, p.productId, p.name])).toEqual([
      [RED_M_ROW_ID, ANKARA_ID, 'Ankara gown — Red / M'],
      [RED_L_ROW_ID, ANKARA_ID, 'Ankara gown — Red / L'],
    ]);
    expect(row(s, RED_L_ROW_ID)).toMatchObject({ streamProductId: RED_L_ROW_ID, startingBid: 6000 });
  });

  it("keeps one variant's bids, clock and winner off the other", () => {
    let s = hydrated(
      testVariantRows(
        { bidStatus: 'ended', outcome: 'unsold' },
        { bidStatus: 'active', endsAt: '2026-11-21T10:00:30.000Z' },
      ),
    );
    s = liveRoomReducer(s, { type: 'notification', notification: bidOn(RED_L_ROW_ID, 6000, 1) });
    s = liveRoomReducer(s, { type: 'notification', notification: bidOn(RED_L_ROW_ID, 6100, 2, emeka) });
    s = liveRoomReducer(s, { type: 'timer', event: tick(RED_L_ROW_ID, 7) });

    expect(row(s, RED_L_ROW_ID)).toMatchObject({ currentBid: 6100, currentBidder: emeka, bidsCount: 2 });
    expect(countdownOf(row(s, RED_L_ROW_ID), 0)).toBe('00:07');
    expect(row(s, RED_M_ROW_ID)).toMatchObject({ currentBid: null, bidsCount: 0, timer: null });
    // The feed says which row each bid was on.
    expect(s.feed.filter((f) => f.kind === 'bid').map((f) => f.kind === 'bid' && f.key)).toEqual([
      RED_L_ROW_ID,
      RED_L_ROW_ID,
    ]);

    s = liveRoomReducer(s, {
      type: 'notification',
      notification: {
        type: 'auction_winner',
        timestamp: 9,
        content: 'Emeka won Ankara gown — Red / L',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID, streamProductId: RED_L_ROW_ID } },
          bidWinner: { bidAmount: 6100, buyer: emeka },
          orderId: 'order-1',
        },
      },
    });
    expect(row(s, RED_L_ROW_ID).winner).toEqual({ bidAmount: 6100, buyer: emeka, orderId: 'order-1' });
    expect(row(s, RED_M_ROW_ID).winner).toBeNull();
  });

  it('opens the other variant without touching the result of the first', () => {
    let s = hydrated(
      testVariantRows({}, { bidStatus: 'ended', outcome: 'sold', currentBid: 6000, currentBidder: ada }),
    );
    const opened = {
      streamId: STREAM_ID,
      productId: ANKARA_ID,
      streamProductId: RED_M_ROW_ID,
      status: 'active',
      outcome: null,
      endsAt: '2026-11-21T10:01:00.000Z',
      timestamp: 1,
    } satisfies ProductAuctionStatusEvent;
    s = liveRoomReducer(s, { type: 'auctionStatus', event: opened });
    expect(row(s, RED_M_ROW_ID)).toMatchObject({ bidStatus: 'active', endsAt: '2026-11-21T10:01:00.000Z' });
    expect(row(s, RED_L_ROW_ID)).toMatchObject({
      bidStatus: 'ended',
      outcome: 'sold',
      winner: { bidAmount: 6000 },
    });
  });

  it('puts an event that names only the product on its running variant', () => {
    let s = hydrated(testVariantRows({}, { bidStatus: 'active' }));
    s = liveRoomReducer(s, { type: 'notification', notification: bidOn(undefined, 6000, 1) });
    expect(row(s, RED_L_ROW_ID).currentBid).toBe(6000);
    expect(row(s, RED_M_ROW_ID).currentBid).toBeNull();
  });

  it('folds an HTTP answer (a bid placed) into its own row', () => {
    const [m, l] = testVariantRows({}, { bidStatus: 'active' });
    let s = hydrated([m, l]);
    s = liveRoomReducer(s, {
      type: 'product',
      product: { ...l, currentBid: 6000, currentBidder: ada, bidsCount: 1, minimumNextBid: 6100 },
    });
    expect(row(s, RED_L_ROW_ID)).toMatchObject({ currentBid: 6000, minimumNextBid: 6100 });
    expect(row(s, RED_M_ROW_ID)).toMatchObject({ currentBid: null, minimumNextBid: 5000 });
  });
});
