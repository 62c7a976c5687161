import { describe, expect, it } from 'vitest';
import { streamMessagePayload, streamNotification, streamSubscriptionPayload } from './socket-events.ts';
import { SOCKET_CLIENT_OPTIONS } from './socket-options.ts';

const streamId = '6f1c2a4e-8b1d-4c3e-9a7f-1d2e3f4a5b6c';

describe('socket client options', () => {
  it('are the settings of SPEC section 9', () => {
    expect(SOCKET_CLIENT_OPTIONS).toEqual({
      path: '/socket.io',
      timeout: 20_000,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
    });
  });
});

describe('stream subscription', () => {
  it('reads a bare stream id as { streamId }', () => {
    expect(streamSubscriptionPayload.parse(streamId)).toEqual({ streamId });
    expect(streamSubscriptionPayload.parse({ streamId })).toEqual({ streamId });
  });

  it('refuses something that is not a stream id', () => {
    expect(streamSubscriptionPayload.safeParse({ streamId: 'x' }).success).toBe(false);
    expect(streamSubscriptionPayload.safeParse(42).success).toBe(false);
  });
});

describe('stream comment and announcement', () => {
  it('trims the text', () => {
    expect(streamMessagePayload.parse({ streamId, content: '  How much?  ' }).content).toBe('How much?');
  });

  it('refuses text that is empty once trimmed, or a missing stream id', () => {
    expect(streamMessagePayload.safeParse({ streamId, content: '   ' }).success).toBe(false);
    expect(streamMessagePayload.safeParse({ content: 'hi' }).success).toBe(false);
  });
});

describe('stream notification', () => {
  it('carries a new bid with the spec’s data shape', () => {
    const n = streamNotification.parse({
      type: 'new_bid',
      timestamp: 1_770_000_000_000,
      content: 'Ada bid ₦5,500',
      data: {
        streamId,
        product: { product: { productId: 'p1' } },
        bidAmount: 5500,
        currentBidder: { _id: 'b1', name: 'Ada' },
        endsAt: '2026-02-01T18:00:10.000Z',
        minimumNextBid: 6000,
        bidsCount: 3,
      },
    });
    expect(n.type === 'new_bid' && n.data.product.product.productId).toBe('p1');
  });

  it('carries an auction winner as bidWinner { bidAmount, buyer }', () => {
    const n = streamNotification.parse({
      type: 'auction_winner',
      timestamp: 1,
      content: 'Ada won',
      data: {
        streamId,
        product: { product: { productId: 'p1' } },
        bidWinner: { bidAmount: 5500, buyer: { _id: 'b1', name: 'Ada' } },
        orderId: null,
      },
    });
    expect(n.type === 'auction_winner' && n.data.bidWinner.buyer.name).toBe('Ada');
  });

  it('refuses a type it does not know', () => {
    expect(streamNotification.safeParse({ type: 'gift', data: {}, timestamp: 1, content: '' }).success).toBe(
      false,
    );
  });
});
