import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blipLikes, blipViews } from '@/db/schema/index.ts';
import { seedDemo } from '@/seed/demo.ts';
import { seedDemoCatalogue } from '@/seed/demo-catalogue.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
let sellerId: string;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db);
  expect(await seedDemoCatalogue({ db: t.db, storage: t.storage })).toEqual({ seeded: true });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/seller/login',
    payload: { email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' },
  });
  expect(login.statusCode, login.body).toBe(200);
  sellerId = login.json().user._id;
  auth = { authorization: `Bearer ${login.json().token}` };
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the demo catalogue', () => {
  it('gives the demo seller six products with served photos: five public, one draft', async () => {
    const visitor = (await get(`/api/products/seller/${sellerId}`)).json();
    expect(visitor.totalProducts).toBe(5);
    const owner = (await get(`/api/products/seller/${sellerId}?limit=10`, auth)).json();
    expect(owner.totalProducts).toBe(6);
    expect(owner.statistics).toMatchObject({ total: 6, active: 5, draft: 1 });
    const dress = owner.products.find((p: { name: string }) => p.name === 'Ankara Maxi Dress');
    expect(dress).toMatchObject({ price: 18500, stock: 11 });
    expect(dress.variants.map((v: { totalStock: number }) => v.totalStock)).toEqual([6, 5]);
    for (const p of owner.products) {
      expect(p.images).toHaveLength(2);
      const photo = await get(p.images[0], auth);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      // A visitor sees the photos of the public products only (issue 18).
      expect((await get(p.images[0])).statusCode).toBe(p.status === 'draft' ? 404 : 200);
    }
    // The seeded photos are the seller's own uploads, so saving the product again is accepted.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${dress._id}`,
      headers: auth,
      payload: { images: [...dress.images].reverse() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('has one auction product', async () => {
    const body = (await get(`/api/products/seller/${sellerId}/auctions`)).json();
    expect(body.auctionProducts.map((p: { name: string }) => p.name)).toEqual(['Aso Oke Gele and Ipele Set']);
  });

  it('has a playable blip with buyer comments and a reply from the seller', async () => {
    const list = (await get(`/api/products/seller/${sellerId}/blips`)).json();
    expect(list.totalBlips).toBe(1);
    const [blip] = list.blips;
    // The counts are what the demo buyers' rows add up to: three likes, three buyers and nine
    // anonymous browsers watched.
    expect(blip).toMatchObject({ likesCount: 3, viewsCount: 12, commentsCount: 4 });
    const [likes] = await t.db.select({ n: count() }).from(blipLikes).where(eq(blipLikes.blipId, blip._id));
    expect(likes?.n).toBe(3);
    const [views] = await t.db.select({ n: count() }).from(blipViews).where(eq(blipViews.blipId, blip._id));
    expect(views?.n).toBe(12);
    expect(blip.durationSeconds).toBeGreaterThan(3);
    const video = await get(blip.videoUrl, { range: 'bytes=0-99' });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/webm');
    expect((await get(blip.posterUrl)).statusCode).toBe(200);
    const comments = (await get(`/api/products/${blip.productId}/blips/${blip._id}/comments`)).json();
    expect(comments.comments.map((c: { author: { name: string } }) => c.author.name)).toEqual([
      'Ngozi Okeke',
      'Tunde Bakare',
      'Chioma Eze',
    ]);
    // Buyer comments name their demo buyer.
    expect(comments.comments[0].author).toMatchObject({ kind: 'buyer', id: expect.any(String) });
    expect(comments.comments[2].replies[0].author).toEqual({
      kind: 'seller',
      name: "Amaka's Closet",
      id: sellerId,
    });
  });

  it('leaves a seller who already has products alone', async () => {
    expect(await seedDemoCatalogue({ db: t.db, storage: t.storage })).toEqual({ seeded: false });
    expect((await get(`/api/products/seller/${sellerId}`, auth)).json().totalProducts).toBe(6);
  });
});
