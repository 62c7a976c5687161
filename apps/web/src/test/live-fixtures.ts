import type { Stream, StreamProduct } from '@kasuwa/contracts';

export const STREAM_ID = '7a0c6a4e-3a51-4d8e-9a53-2d0e1c4b5f60';
export const ANKARA_ID = '0b7d7c3e-7f43-4b59-9a41-1f3f3c2d9a01';
export const GELE_ID = '0b7d7c3e-7f43-4b59-9a41-1f3f3c2d9a02';

/** A product of an auction show; tests override what they are about. */
export function testStreamProduct(
  overrides: Partial<StreamProduct> & { id?: string; name?: string } = {},
): StreamProduct {
  const { id = ANKARA_ID, name = 'Ankara gown', ...rest } = overrides;
  return {
    product: { productId: id, name, price: 15000, image: null },
    bidStatus: 'pending',
    auctionSettings: {
      startingBid: 5000,
      durationSeconds: 30,
      counterBidSeconds: 10,
      suddenDeath: false,
      reservePrice: null,
    },
    currentBid: null,
    currentBidder: null,
    minimumNextBid: 5000,
    bidsCount: 0,
    endsAt: null,
    outcome: null,
    ...rest,
  };
}

/** A scheduled auction show with two products. */
export function testStream(overrides: Partial<Stream> = {}): Stream {
  return {
    _id: STREAM_ID,
    sellerId: 'seller-1',
    title: 'Friday Ankara auction',
    description: 'Fresh Ankara from Aba',
    category: { _id: 'c1', name: 'Fashion' },
    subCategory: null,
    tags: [],
    coverImage: null,
    video: null,
    products: [testStreamProduct(), testStreamProduct({ id: GELE_ID, name: 'Gele headtie' })],
    channelName: `stream-${STREAM_ID}`,
    agoraToken: null,
    videoProvider: 'local',
    videoServerUrl: null,
    scheduledStartTime: '2026-11-21T10:00:00.000Z',
    actualStartTime: null,
    endedAt: null,
    status: 'scheduled',
    type: 'live_auction',
    viewerCount: 0,
    peakViewers: 0,
    watchUrl: `http://127.0.0.1:9/watch/${STREAM_ID}`,
    summary: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Two rows of one product auctioned per variant (issue 14): the Ankara gown in Red M and Red L. */
export const RED_M_ROW_ID = '5c1e8f3a-2b4d-4e6f-8a9b-0c1d2e3f4a01';
export const RED_L_ROW_ID = '5c1e8f3a-2b4d-4e6f-8a9b-0c1d2e3f4a02';
export const RED_M = [
  { name: 'Colour', value: 'Red' },
  { name: 'Size', value: 'M' },
];
export const RED_L = [
  { name: 'Colour', value: 'Red' },
  { name: 'Size', value: 'L' },
];

export function testVariantRows(
  m: Partial<StreamProduct> = {},
  l: Partial<StreamProduct> = {},
): [StreamProduct, StreamProduct] {
  return [
    testStreamProduct({
      name: 'Ankara gown — Red / M',
      streamProductId: RED_M_ROW_ID,
      variant: RED_M,
      ...m,
    }),
    testStreamProduct({
      name: 'Ankara gown — Red / L',
      streamProductId: RED_L_ROW_ID,
      variant: RED_L,
      auctionSettings: {
        startingBid: 6000,
        durationSeconds: 30,
        counterBidSeconds: 10,
        suddenDeath: false,
        reservePrice: null,
      },
      minimumNextBid: 6000,
      ...l,
    }),
  ];
}
