// Setting up shows: a live auction, an open live show, their media, and a seller's list of shows.
// Running them (start, bidding, rescheduling, another seller's show): live-show-life.test.ts.
import fs from 'node:fs/promises';
import type { Stream } from '@kasuwa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  createAuction,
  createShow,
  post,
  productsOf,
  sellerWithProducts as sellerWithProductsOf,
  someCategory,
} from '@/test/live.ts';
import { multipartForm } from '@/test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://kasuwa.example.ng' });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const inOneHour = () => new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
const get = (url: string, auth: Auth | Record<string, never> = {}) =>
  t.app.inject({ method: 'GET', url, headers: auth });

const sellerWithProducts = (count = 2) => sellerWithProductsOf(t, count);

describe('POST /api/streams/create (live auction)', () => {
  it('schedules the auction (201) with each product’s settings, defaults filled in', async () => {
    const a = await sellerWithProducts(2);
    const { categoryId, subCategoryId } = await someCategory(t);
    const when = inOneHour();
    const res = await post(t.app, '/api/streams/create', a.auth, {
      title: ' Friday phones ',
      description: 'Fairly used iPhones',
      category: categoryId,
      subCategory: subCategoryId,
      tags: ['phones'],
      scheduledStartTime: when,
      products: [
        { productId: a.productIds[0], auctionSettings: { startingBid: 5000, reservePrice: 20000 } },
        {
          productId: a.productIds[1],
          auctionSettings: { startingBid: 100, durationSeconds: 60, suddenDeath: true },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { message, stream } = res.json() as { message: string; stream: Stream };
    expect(message).toBe('Livestream scheduled successfully');
    expect(stream).toMatchObject({
      sellerId: a.seller.id,
      title: 'Friday phones',
      type: 'live_auction',
      status: 'scheduled',
      scheduledStartTime: new Date(when).toISOString(),
      actualStartTime: null,
      subCategory: { _id: subCategoryId },
      tags: ['phones'],
      channelName: `kasuwa-${stream._id}`,
      videoProvider: 'local',
      videoServerUrl: null,
      watchUrl: `https://kasuwa.example.ng/watch/${stream._id}`,
      viewerCount: 0,
      summary: null,
    });
    // The seller's own answers carry the publishing token.
    expect(stream.agoraToken).toEqual(expect.any(String));
    expect(stream.products).toEqual([
      {
        // Its row of the show; a product without variants has none (issue 14).
        streamProductId: expect.any(String),
        variant: [],
        product: { productId: a.productIds[0], name: 'Lot 1', price: 10000, image: null },
        bidStatus: 'pending',
        auctionSettings: {
          startingBid: 5000,
          durationSeconds: 30,
          counterBidSeconds: 10,
          suddenDeath: false,
          reservePrice: 20000,
        },
        currentBid: null,
        currentBidder: null,
        minimumNextBid: 5000,
        bidsCount: 0,
        endsAt: null,
        outcome: null,
      },
      expect.objectContaining({
        product: expect.objectContaining({ productId: a.productIds[1] }),
        auctionSettings: expect.objectContaining({
          durationSeconds: 60,
          suddenDeath: true,
          reservePrice: null,
        }),
        minimumNextBid: 100,
      }),
    ]);
  });

  it('schedules a show that starts immediately for now', async () => {
    const a = await sellerWithProducts(1);
    const stream = await createAuction(
      t.app,
      t,
      a.auth,
      a.productIds,
      { startingBid: 1000 },
      {
        scheduledStartTime: undefined,
        startImmediately: true,
      },
    );
    expect(stream.scheduledStartTime).toBe(t.clock.now().toISOString());
    expect(stream.status).toBe('scheduled');
  });

  it('refuses a start time in the past, an unknown category and products that are not the seller’s own and active', async () => {
    const a = await sellerWithProducts(1);
    const b = await sellerWithProducts(1);
    const [draft] = await productsOf(t, a.seller.id, 1, { status: 'draft' });
    const { categoryId } = await someCategory(t);
    const body = (over: Record<string, unknown>) => ({
      title: 'Show',
      category: categoryId,
      scheduledStartTime: inOneHour(),
      products: [{ productId: a.productIds[0], auctionSettings: { startingBid: 100 } }],
      ...over,
    });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        { scheduledStartTime: new Date(t.clock.now().getTime() - 10 * 60_000).toISOString() },
        400,
        'Choose a start time in the future',
      ],
      [{ category: '00000000-0000-4000-8000-000000000000' }, 400, 'Unknown category or sub-category'],
      [
        { products: [{ productId: b.productIds[0], auctionSettings: { startingBid: 100 } }] },
        400,
        'products: a product was not found in your store',
      ],
      [
        { products: [{ productId: draft, auctionSettings: { startingBid: 100 } }] },
        400,
        'products: Lot 1 is not active; only active products can be shown',
      ],
      [{ products: [] }, 400, 'Invalid request body: products: Add at least one product to auction'],
      [{ coverImage: 'https://tracker.example.com/pixel.png' }, 400, ''],
    ];
    for (const [over, status, message] of cases) {
      const res = await post(t.app, '/api/streams/create', a.auth, body(over));
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
  });

  it('needs a seller: no token or a buyer’s token is 401', async () => {
    const buyer = await buyerWithToken(t);
    for (const url of ['/api/streams/create', '/api/streams/open-live-show']) {
      expect((await post(t.app, url, {}, {})).statusCode).toBe(401);
      expect((await post(t.app, url, buyer.auth, {})).statusCode).toBe(401);
    }
  });
});

describe('POST /api/streams/open-live-show', () => {
  it('schedules an Open Live Show (201) whose products have no auction', async () => {
    const a = await sellerWithProducts(1);
    const stream = await createShow(t.app, t, a.auth, a.productIds);
    expect(stream.type).toBe('live_show');
    expect(stream.products[0]).toMatchObject({
      bidStatus: 'pending',
      auctionSettings: null,
      minimumNextBid: null,
    });
  });
});

describe('POST /api/streams/media', () => {
  const upload = (auth: Auth, field: string, filename: string, content: Buffer, type?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/streams/media',
      ...(() => {
        const form = multipartForm([{ field, filename, content, ...(type ? { type } : {}) }]);
        return { payload: form.payload, headers: { ...form.headers, ...auth } };
      })(),
    });
  const jpeg = () =>
    sharp({ create: { width: 2400, height: 1350, channels: 3, background: { r: 20, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();

  it('stores a cover image as WebP within 1920 px, which the show may then use', async () => {
    const a = await sellerWithProducts(1);
    const res = await upload(a.auth, 'coverImage', 'cover.jpg', await jpeg(), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const { media } = res.json();
    expect(media).toMatchObject({ kind: 'image', durationSeconds: null });
    const served = await get(media.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1920,
      height: 1080,
    });
    const stream = await createShow(t.app, t, a.auth, [], { coverImage: media.url });
    expect(stream.coverImage).toBe(media.url);

    // Another seller cannot put it on their show.
    const b = await sellerWithProducts(0);
    const { categoryId } = await someCategory(t);
    const res2 = await post(t.app, '/api/streams/open-live-show', b.auth, {
      title: 'Borrowed cover',
      category: categoryId,
      startImmediately: true,
      coverImage: media.url,
    });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().message).toMatch(/^coverImage: .* is not a file you uploaded/);
  });

  it('stores a preview video checked by its content, served with byte ranges', async () => {
    const a = await sellerWithProducts(0);
    const mp4 = await fs.readFile(new URL('../../../fixtures/videos/blip.mp4', import.meta.url));
    const res = await upload(a.auth, 'video', 'preview.bin', mp4, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    const { media } = res.json();
    expect(media.kind).toBe('video');
    expect(media.url).toMatch(/\.mp4$/);
    expect(media.durationSeconds).toBeGreaterThan(0);
    const part = await get(media.url, {});
    expect(part.headers['accept-ranges']).toBe('bytes');
    const ranged = await t.app.inject({ method: 'GET', url: media.url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    const stream = await createShow(t.app, t, a.auth, [], { video: media.url });
    expect(stream.video).toBe(media.url);
  });

  it('refuses a file whose content is not what its field says (415) and a video over 50 MB (413)', async () => {
    const a = await sellerWithProducts(0);
    const text = Buffer.from('just some text, not a video');
    const asVideo = await upload(a.auth, 'video', 'clip.mp4', text, 'video/mp4');
    expect(asVideo.statusCode).toBe(415);
    expect(asVideo.json().message).toMatch(/^video must be an MP4, WebM or MOV video/);
    const asImage = await upload(a.auth, 'coverImage', 'cover.png', text, 'image/png');
    expect(asImage.statusCode).toBe(415);
    const huge = await upload(a.auth, 'video', 'big.mp4', Buffer.alloc(50 * 1024 * 1024 + 1), 'video/mp4');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('video is too large: a preview video can be at most 50 MB');
  });

  it('needs a seller (401)', async () => {
    const buyer = await buyerWithToken(t);
    expect((await upload(buyer.auth, 'coverImage', 'c.jpg', await jpeg())).statusCode).toBe(401);
  });
});

describe('GET /api/streams/seller/{sellerId}', () => {
  it('lists the seller’s own shows, newest start first, narrowed by status (expired included)', async () => {
    const a = await sellerWithProducts(1);
    const soon = await createShow(t.app, t, a.auth, [], {
      scheduledStartTime: new Date(t.clock.now().getTime() + 10 * 60_000).toISOString(),
    });
    const later = await createShow(t.app, t, a.auth, [], {
      scheduledStartTime: new Date(t.clock.now().getTime() + 3 * 60 * 60_000).toISOString(),
    });
    const live = await createShow(t.app, t, a.auth, [], {
      startImmediately: true,
      scheduledStartTime: undefined,
    });
    expect((await post(t.app, `/api/streams/${live._id}/start`, a.auth)).statusCode).toBe(200);

    const all = await get(`/api/streams/seller/${a.seller.id}`, a.auth);
    expect(all.statusCode).toBe(200);
    expect(all.json().streams.map((s: Stream) => s._id)).toEqual([later._id, soon._id, live._id]);
    expect(all.json().pagination).toEqual({ currentPage: 1, totalPages: 1, total: 3, hasMore: false });

    // 41 minutes on, the show due in 10 minutes was never started: more than 30 minutes late.
    t.clock.advance(41 * 60_000);
    try {
      const expired = await get(`/api/streams/seller/${a.seller.id}?status=expired`, a.auth);
      expect(expired.json().streams.map((s: Stream) => [s._id, s.status])).toEqual([[soon._id, 'expired']]);
      const scheduled = await get(`/api/streams/seller/${a.seller.id}?status=scheduled&status=live`, a.auth);
      expect(scheduled.json().streams.map((s: Stream) => s._id)).toEqual([later._id, live._id]);
      const paged = await get(`/api/streams/seller/${a.seller.id}?limit=2&page=2`, a.auth);
      expect(paged.json().pagination).toEqual({ currentPage: 2, totalPages: 2, total: 3, hasMore: false });
    } finally {
      t.clock.advance(-41 * 60_000);
    }
  });

  it('answers 404 for another seller’s list and 401 for a buyer', async () => {
    const a = await sellerWithProducts(0);
    const b = await sellerWithProducts(0);
    const buyer = await buyerWithToken(t);
    expect((await get(`/api/streams/seller/${a.seller.id}`, b.auth)).statusCode).toBe(404);
    expect((await get(`/api/streams/seller/${a.seller.id}`, buyer.auth)).statusCode).toBe(401);
  });
});
