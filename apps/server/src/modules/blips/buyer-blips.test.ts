// The buyers' side of blips: the public blip page, counted views, likes and unlikes.
// Buyers' comments and replies: buyer-blip-comments.test.ts.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blips } from '@/db/schema/index.ts';
import { buyerBlipCalls, sellerBlip } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<typeof sellerWithToken>>;
type Buyer = Awaited<ReturnType<typeof buyerWithToken>>;

const { call, view, like, unlike, dashboardBlip, likeRows, sellerNotifications } = buyerBlipCalls(() => t);

describe('GET /api/blips/:blipId (the public blip page)', () => {
  it('answers a listed product’s blip to anyone, and 404 for a draft’s, an unknown or a deleted blip', async () => {
    const seller = await sellerWithToken(t);
    const { blipId, productId } = await sellerBlip(t, seller);
    const open = await call('GET', `/api/blips/${blipId}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().blip).toMatchObject({
      _id: blipId,
      productId,
      product: { name: 'Ankara Maxi Dress', price: 15000 },
      likesCount: 0,
      viewsCount: 0,
    });

    const draft = await sellerBlip(t, seller, { name: 'Unlisted wrapper', status: 'draft' });
    expect((await call('GET', `/api/blips/${draft.blipId}`)).statusCode).toBe(404);
    const unknown = await call('GET', `/api/blips/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Blip not found' });
    const malformed = await call('GET', '/api/blips/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/Blip not found/);

    await call('DELETE', `/api/products/${productId}/blips/${blipId}`, seller.auth);
    expect((await call('GET', `/api/blips/${blipId}`)).statusCode).toBe(404);
  });
});

describe('POST /api/blips/:blipId/views', () => {
  let seller: Seller;
  let blip: { blipId: string; productId: string };
  beforeAll(async () => {
    seller = await sellerWithToken(t);
    blip = await sellerBlip(t, seller);
  });

  it('counts an anonymous browser once per 24 hours by the viewer id it keeps, and a new id as a new viewer', async () => {
    const phone = randomUUID();
    const first = await view(blip.blipId, { viewerId: phone });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ counted: true, viewsCount: 1 });
    expect((await view(blip.blipId, { viewerId: phone })).json()).toEqual({ counted: false, viewsCount: 1 });

    t.clock.advance(23 * HOUR);
    expect((await view(blip.blipId, { viewerId: phone })).json()).toEqual({ counted: false, viewsCount: 1 });
    expect((await view(blip.blipId, { viewerId: randomUUID() })).json()).toEqual({
      counted: true,
      viewsCount: 2,
    });

    // A day after the counted view, the same browser counts again.
    t.clock.advance(1 * HOUR);
    expect((await view(blip.blipId, { viewerId: phone })).json()).toEqual({ counted: true, viewsCount: 3 });
    expect((await dashboardBlip(seller, blip.productId, blip.blipId)).viewsCount).toBe(3);
  });

  it('counts a buyer once whatever viewer id their browsers send', async () => {
    const buyer = await buyerWithToken(t);
    const before = (await dashboardBlip(seller, blip.productId, blip.blipId)).viewsCount;
    expect((await view(blip.blipId, { viewerId: randomUUID() }, buyer.auth)).json()).toEqual({
      counted: true,
      viewsCount: before + 1,
    });
    expect((await view(blip.blipId, { viewerId: randomUUID() }, buyer.auth)).json().counted).toBe(false);
    expect((await view(blip.blipId, undefined, buyer.auth)).json().counted).toBe(false);
  });

  it('counts a browser that watched anonymously and then signed up as one viewer', async () => {
    const { blipId, productId } = await sellerBlip(t, seller);
    const phone = randomUUID();
    expect((await view(blipId, { viewerId: phone })).json()).toEqual({ counted: true, viewsCount: 1 });
    const buyer = await buyerWithToken(t, 'New Buyer');
    // Same phone, now logged in; then the buyer's laptop; then the phone logged out again.
    expect((await view(blipId, { viewerId: phone }, buyer.auth)).json()).toEqual({
      counted: false,
      viewsCount: 1,
    });
    expect((await view(blipId, { viewerId: randomUUID() }, buyer.auth)).json().counted).toBe(false);
    expect((await view(blipId, { viewerId: phone })).json().counted).toBe(false);
    expect((await dashboardBlip(seller, productId, blipId)).viewsCount).toBe(1);

    // A day later they are a viewer again, once.
    t.clock.advance(25 * HOUR);
    expect((await view(blipId, { viewerId: phone }, buyer.auth)).json().counted).toBe(true);
    expect((await view(blipId, { viewerId: phone })).json().counted).toBe(false);
    expect((await dashboardBlip(seller, productId, blipId)).viewsCount).toBe(2);
  });

  it('counts one view when the same viewer sends many at once', async () => {
    const { blipId, productId } = await sellerBlip(t, seller);
    const viewerId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 12 }, () => view(blipId, { viewerId })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.json().counted)).toHaveLength(1);
    expect((await dashboardBlip(seller, productId, blipId)).viewsCount).toBe(1);
  });

  it('refuses a view without a viewer (400), a bad viewer id (400), a seller token (401) and an unknown blip (404)', async () => {
    const none = await view(blip.blipId);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('viewerId is required when no buyer is logged in');
    const bad = await view(blip.blipId, { viewerId: 'phone-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/viewerId/);
    const extra = await view(blip.blipId, { viewerId: randomUUID(), count: 50 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/Unknown field: count/);
    expect((await view(blip.blipId, { viewerId: randomUUID() }, seller.auth)).statusCode).toBe(401);
    expect((await view(randomUUID(), { viewerId: randomUUID() })).statusCode).toBe(404);
  });

  it('limits the views one address may send (429)', async () => {
    const limited = await buildTestApp({ blipRateLimits: { view: { max: 2, timeWindow: 60_000 } } });
    try {
      const owner = await sellerWithToken(limited);
      const { blipId } = await sellerBlip(limited, owner);
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/blips/${blipId}/views`,
          payload: { viewerId: randomUUID() },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe('PUT and DELETE /api/blips/:blipId/like', () => {
  let seller: Seller;
  let blip: { blipId: string; productId: string };
  let ada: Buyer;
  beforeAll(async () => {
    seller = await sellerWithToken(t);
    blip = await sellerBlip(t, seller);
    ada = await buyerWithToken(t, 'Ada Obi');
  });

  it('likes once however often the buyer asks, reads it back, and unlikes once', async () => {
    expect((await like(blip.blipId, ada.auth)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await like(blip.blipId, ada.auth)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await call('GET', `/api/blips/${blip.blipId}/like`, ada.auth)).json()).toEqual({
      liked: true,
      likesCount: 1,
    });
    // Anyone may read the count; without a token nobody "likes" it.
    expect((await call('GET', `/api/blips/${blip.blipId}/like`)).json()).toEqual({
      liked: false,
      likesCount: 1,
    });
    expect((await dashboardBlip(seller, blip.productId, blip.blipId)).likesCount).toBe(1);

    expect((await unlike(blip.blipId, ada.auth)).json()).toEqual({ liked: false, likesCount: 0 });
    expect((await unlike(blip.blipId, ada.auth)).json()).toEqual({ liked: false, likesCount: 0 });
    expect((await dashboardBlip(seller, blip.productId, blip.blipId)).likesCount).toBe(0);
    expect(await likeRows(blip.blipId)).toBe(0);
  });

  it('keeps the count equal to the likes when many buyers like, like twice and unlike at once', async () => {
    const { blipId, productId } = await sellerBlip(t, seller);
    const crowd = await Promise.all(Array.from({ length: 15 }, (_, i) => buyerWithToken(t, `Buyer ${i}`)));
    // Every buyer likes twice in parallel; the first five also unlike in the same burst.
    const burst = await Promise.all([
      ...crowd.flatMap((b) => [like(blipId, b.auth), like(blipId, b.auth)]),
      ...crowd.slice(0, 5).map((b) => unlike(blipId, b.auth)),
    ]);
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await likeRows(blipId);
    const shown = await dashboardBlip(seller, productId, blipId);
    expect(shown.likesCount).toBe(rows);
    // Each of the first five's unlike landed before or after their likes: 10 to 15 likes remain.
    expect(rows).toBeGreaterThanOrEqual(10);
    expect(rows).toBeLessThanOrEqual(15);

    // Settled: everyone likes, then the first five unlike.
    await Promise.all(crowd.map((b) => like(blipId, b.auth)));
    await Promise.all(crowd.slice(0, 5).map((b) => unlike(blipId, b.auth)));
    expect(await likeRows(blipId)).toBe(10);
    expect((await dashboardBlip(seller, productId, blipId)).likesCount).toBe(10);
  });

  it("one buyer's unlike never removes another buyer's like", async () => {
    const { blipId } = await sellerBlip(t, seller);
    const bola = await buyerWithToken(t, 'Bola Ade');
    await like(blipId, ada.auth);
    expect((await unlike(blipId, bola.auth)).json()).toEqual({ liked: false, likesCount: 1 });
    expect((await call('GET', `/api/blips/${blipId}/like`, ada.auth)).json().liked).toBe(true);
  });

  it('tells the seller about a buyer’s like once, not again after unlike and like', async () => {
    const owner = await sellerWithToken(t);
    const { blipId, productId } = await sellerBlip(t, owner, { name: 'Aso-oke gele' });
    await like(blipId, ada.auth);
    await unlike(blipId, ada.auth);
    await like(blipId, ada.auth);
    await like(blipId, ada.auth);
    let told = await sellerNotifications(owner.seller.id, 'blip_like');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'New like',
      message: 'Ada Obi liked your blip of Aso-oke gele',
      data: { blipId, productId },
    });

    const chidi = await buyerWithToken(t, 'Chidi Nwosu');
    await like(blipId, chidi.auth);
    told = await sellerNotifications(owner.seller.id, 'blip_like');
    expect(told).toHaveLength(2);
    // The seller reads them through the notifications list.
    const listed = await call('GET', '/api/notifications', owner.auth);
    expect(listed.json().notifications.map((n: { type: string }) => n.type)).toContain('blip_like');
  });

  it('refuses a seller token, no token and a bad token (401), an unknown or unlisted blip (404)', async () => {
    for (const auth of [seller.auth, undefined, { authorization: 'Bearer nonsense' }]) {
      expect((await like(blip.blipId, auth)).statusCode).toBe(401);
      expect((await unlike(blip.blipId, auth)).statusCode).toBe(401);
    }
    expect((await call('GET', `/api/blips/${blip.blipId}/like`, seller.auth)).statusCode).toBe(401);
    expect((await like(randomUUID(), ada.auth)).statusCode).toBe(404);
    expect((await unlike(randomUUID(), ada.auth)).statusCode).toBe(404);
    expect((await like('12', ada.auth)).statusCode).toBe(400);
    const draft = await sellerBlip(t, seller, { name: 'Draft bag', status: 'draft' });
    expect((await like(draft.blipId, ada.auth)).statusCode).toBe(404);
    expect(await likeRows(draft.blipId)).toBe(0);
  });

  it('a like of a deleted blip is 404, and deleting a blip removes its likes', async () => {
    const { blipId, productId } = await sellerBlip(t, seller);
    await like(blipId, ada.auth);
    await call('DELETE', `/api/products/${productId}/blips/${blipId}`, seller.auth);
    expect(await likeRows(blipId)).toBe(0);
    expect((await like(blipId, ada.auth)).statusCode).toBe(404);
    const [gone] = await t.db.select().from(blips).where(eq(blips.id, blipId));
    expect(gone).toBeUndefined();
  });
});
