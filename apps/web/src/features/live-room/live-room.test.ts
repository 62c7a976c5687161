import type { StreamNotification } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { countdownOf, emptyLiveRoom, FEED_LIMIT, liveRoomReducer } from '@/features/live-room/live-room';
import { ANKARA_ID, GELE_ID, STREAM_ID, testStream, testStreamProduct } from '@/test/live-fixtures';

const ada = { _id: 'b1', name: 'Ada' };
const emeka = { _id: 'b2', name: 'Emeka' };

const bid = (amount: number, bidsCount: number, bidder = ada): StreamNotification => ({
  type: 'new_bid',
  timestamp: bidsCount,
  content: `${bidder.name} bid`,
  data: {
    streamId: STREAM_ID,
    product: { product: { productId: ANKARA_ID } },
    bidAmount: amount,
    currentBidder: bidder,
    endsAt: '2026-11-21T10:00:30.000Z',
    minimumNextBid: amount + 100,
    bidsCount,
  },
});

const liveAuction = testStream({
  status: 'live',
  products: [
    testStreamProduct({ bidStatus: 'active', endsAt: '2026-11-21T10:00:30.000Z' }),
    testStreamProduct({ id: GELE_ID }),
  ],
});

describe('liveRoomReducer', () => {
  it('keeps a bid that arrived while the show was being fetched again', () => {
    let s = liveRoomReducer(emptyLiveRoom, { type: 'hydrate', stream: liveAuction });
    s = liveRoomReducer(s, { type: 'notification', notification: bid(5000, 1) });
    s = liveRoomReducer(s, { type: 'notification', notification: bid(5100, 2, emeka) });
    // The fetch was answered before the second bid.
    const [first, second] = liveAuction.products;
    if (!first || !second) throw new Error('fixture');
    s = liveRoomReducer(s, {
      type: 'hydrate',
      stream: {
        ...liveAuction,
        products: [{ ...first, currentBid: 5000, currentBidder: ada, bidsCount: 1 }, second],
      },
    });
    expect(s.products[0]).toMatchObject({
      currentBid: 5100,
      currentBidder: emeka,
      bidsCount: 2,
      minimumNextBid: 5200,
    });
  });

  it('takes the fetched state when the auction has moved on', () => {
    let s = liveRoomReducer(emptyLiveRoom, { type: 'hydrate', stream: liveAuction });
    s = liveRoomReducer(s, { type: 'notification', notification: bid(5000, 1) });
    const [first, second] = liveAuction.products;
    if (!first || !second) throw new Error('fixture');
    s = liveRoomReducer(s, {
      type: 'hydrate',
      stream: {
        ...liveAuction,
        products: [
          {
            ...first,
            bidStatus: 'ended',
            outcome: 'sold',
            currentBid: 5000,
            currentBidder: ada,
            bidsCount: 1,
          },
          second,
        ],
      },
    });
    expect(s.products[0]).toMatchObject({ bidStatus: 'ended', winner: { bidAmount: 5000, buyer: ada } });
  });

  it('records the winner with its order and lists bids and the winner in the feed', () => {
    let s = liveRoomReducer(emptyLiveRoom, { type: 'hydrate', stream: liveAuction });
    s = liveRoomReducer(s, { type: 'notification', notification: bid(5000, 1) });
    s = liveRoomReducer(s, {
      type: 'notification',
      notification: {
        type: 'auction_winner',
        timestamp: 9,
        content: 'Ada won Ankara gown',
        data: {
          streamId: STREAM_ID,
          product: { product: { productId: ANKARA_ID } },
          bidWinner: { bidAmount: 5000, buyer: ada },
          orderId: 'o1',
        },
      },
    });
    expect(s.products[0]?.winner).toEqual({ bidAmount: 5000, buyer: ada, orderId: 'o1' });
    expect(s.feed.map((f) => f.kind)).toEqual(['bid', 'winner']);
  });

  it('starts a re-run of an unsold product without the last result', () => {
    let s = liveRoomReducer(emptyLiveRoom, { type: 'hydrate', stream: liveAuction });
    s = liveRoomReducer(s, {
      type: 'auctionStatus',
      event: {
        streamId: STREAM_ID,
        productId: GELE_ID,
        status: 'ended',
        outcome: 'unsold',
        endsAt: null,
        timestamp: 1,
      },
    });
    expect(s.products[1]?.outcome).toBe('unsold');
    s = liveRoomReducer(s, {
      type: 'auctionStatus',
      event: {
        streamId: STREAM_ID,
        productId: GELE_ID,
        status: 'active',
        outcome: null,
        endsAt: '2026-11-21T10:05:00.000Z',
        timestamp: 2,
      },
    });
    expect(s.products[1]).toMatchObject({
      bidStatus: 'active',
      outcome: null,
      endsAt: '2026-11-21T10:05:00.000Z',
    });
  });

  it('keeps only the newest feed items and never lists one twice', () => {
    let s = emptyLiveRoom;
    const comment = (i: number): StreamNotification => ({
      type: 'stream_comment',
      timestamp: i,
      content: `comment ${i}`,
      data: {
        streamId: STREAM_ID,
        comment: { _id: `c${i}`, author: { _id: 'b1', name: 'Ada', role: 'buyer' } },
      },
    });
    for (let i = 0; i < FEED_LIMIT + 5; i++)
      s = liveRoomReducer(s, { type: 'notification', notification: comment(i) });
    s = liveRoomReducer(s, { type: 'notification', notification: comment(FEED_LIMIT + 4) });
    expect(s.feed).toHaveLength(FEED_LIMIT);
    expect(s.feed[0]?.id).toBe('c5');
  });

  it('counts down from the stored end time until the first timer tick, then shows the tick', () => {
    let s = liveRoomReducer(emptyLiveRoom, { type: 'hydrate', stream: liveAuction });
    const product = s.products[0];
    if (!product) throw new Error('fixture');
    expect(countdownOf(product, Date.parse('2026-11-21T10:00:05.500Z'))).toBe('00:25');
    s = liveRoomReducer(s, {
      type: 'timer',
      event: {
        streamId: STREAM_ID,
        productId: ANKARA_ID,
        secondsLeft: 7,
        formattedTime: '00:07',
        timestamp: 5,
      },
    });
    const ticked = s.products[0];
    if (!ticked) throw new Error('fixture');
    expect(countdownOf(ticked, 0)).toBe('00:07');
  });
});
