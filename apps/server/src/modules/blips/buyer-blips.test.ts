import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blipComments, blipLikes, blips, notifications, subCategories } from '@/db/schema/index.ts';
import { blipCommentsService } from '@/modules/blips/blip-comments.service.ts';
import { blipReactionsService } from '@/modules/blips/blip-reactions.service.ts';
import { blipsRepository } from '@/modules/blips/blips.repository.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { failingNotifications } from '@/test/failing-notifications.ts';
import { multipartForm } from '@/test/multipart.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let webm: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  webm = await fs.readFile(new URL('../../../fixtures/videos/blip.webm', import.meta.url));
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;
type Buyer = Awaited<ReturnType<typeof buyerWithToken>>;

/** A seller's product with a blip, through the seller's own API. */
async function sellerBlip(
  app: TestApp,
  seller: Seller,
  over: Record<string, unknown> = {},
): Promise<{ blipId: string; productId: string }> {
  // Each app seeds its own catalogue.
  const [sub] = await app.db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('catalogue not seeded');
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: seller.auth,
    payload: {
      name: 'Ankara Maxi Dress',
      categoryId: sub.categoryId,
      subCategoryId: sub.id,
      price: 15000,
      ...over,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const productId = created.json().product._id as string;
  const form = multipartForm([{ field: 'video', filename: 'clip.webm', content: webm }]);
  const uploaded = await app.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/blips`,
    payload: form.payload,
    headers: { ...form.headers, ...seller.auth },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { blipId: uploaded.json().blip._id as string, productId };
}

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const view = (blipId: string, body?: unknown, auth?: Auth) =>
  call('POST', `/api/blips/${blipId}/views`, auth, body);
const like = (blipId: string, auth?: Auth) => call('PUT', `/api/blips/${blipId}/like`, auth);
const unlike = (blipId: string, auth?: Auth) => call('DELETE', `/api/blips/${blipId}/like`, auth);
const comment = (blipId: string, text: unknown, auth?: Auth) =>
  call('POST', `/api/blips/${blipId}/comments`, auth, { comment: text });

/** What the seller's dashboard reads for the blip. */
async function dashboardBlip(seller: Seller, productId: string, blipId: string) {
  const res = await call('GET', `/api/products/${productId}/blips/${blipId}`, seller.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().blip as { likesCount: number; viewsCount: number; commentsCount: number };
}

async function likeRows(blipId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(blipLikes).where(eq(blipLikes.blipId, blipId));
  return row?.n ?? 0;
}

async function sellerNotifications(sellerId: string, type: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.sellerId, sellerId), eq(notifications.type, type)));
}

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

describe('buyer comments and replies', () => {
  let seller: Seller;
  let blip: { blipId: string; productId: string };
  let ada: Buyer;
  beforeAll(async () => {
    seller = await sellerWithToken(t, { storeName: "Amaka's Closet" });
    blip = await sellerBlip(t, seller, { name: 'Adire kaftan' });
    ada = await buyerWithToken(t, 'Ada Obi');
  });

  it('a buyer comments, the seller is notified, sees it and replies, and the buyer answers in the thread', async () => {
    const posted = await comment(blip.blipId, '  Do you have this in size 14?  ', ada.auth);
    expect(posted.statusCode, posted.body).toBe(201);
    const { comment: created } = posted.json();
    expect(posted.json().message).toBe('Comment added successfully');
    expect(created).toMatchObject({
      text: 'Do you have this in size 14?',
      author: { kind: 'buyer', name: 'Ada Obi', id: ada.buyer.id },
      replies: [],
      repliesCount: 0,
    });

    const told = await sellerNotifications(seller.seller.id, 'blip_comment');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      message: 'Ada Obi commented on your blip of Adire kaftan: "Do you have this in size 14?"',
      data: { blipId: blip.blipId, productId: blip.productId },
    });

    // The seller's dashboard lists it and counts it.
    const listed = await call(
      'GET',
      `/api/products/${blip.productId}/blips/${blip.blipId}/comments`,
      seller.auth,
    );
    expect(listed.json().comments[0]).toMatchObject({ _id: created._id, author: { kind: 'buyer' } });
    expect((await dashboardBlip(seller, blip.productId, blip.blipId)).commentsCount).toBe(1);

    const sellerReply = await call(
      'POST',
      `/api/products/${blip.productId}/blips/${blip.blipId}/comments/${created._id}/replies`,
      seller.auth,
      { comment: 'Yes, 12 to 16.' },
    );
    expect(sellerReply.statusCode, sellerReply.body).toBe(201);
    t.clock.advance(60_000);

    // The buyer answers the seller's reply: it joins the comment's thread.
    const answer = await call(
      'POST',
      `/api/blips/${blip.blipId}/comments/${sellerReply.json().reply._id}/replies`,
      ada.auth,
      { comment: 'Great, I will order a 14.' },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      message: 'Reply added successfully',
      reply: { parentCommentId: created._id, author: { kind: 'buyer', id: ada.buyer.id } },
    });
    const thread = await call('GET', `/api/products/${blip.productId}/blips/${blip.blipId}/comments`);
    expect(thread.json().comments[0].replies.map((r: { text: string }) => r.text)).toEqual([
      'Yes, 12 to 16.',
      'Great, I will order a 14.',
    ]);
    expect(await sellerNotifications(seller.seller.id, 'blip_comment')).toHaveLength(2);
  });

  it('refuses an empty, too long or malformed comment (400) with a message, and stores nothing', async () => {
    const before = (await dashboardBlip(seller, blip.productId, blip.blipId)).commentsCount;
    for (const [payload, message] of [
      [{ comment: '   ' }, /comment cannot be empty/],
      [{ comment: 'x'.repeat(501) }, /at most 500/],
      [{}, /comment is required/],
      [{ comment: 'hi', authorName: 'Admin' }, /Unknown field: authorName/],
    ] as const) {
      const res = await call('POST', `/api/blips/${blip.blipId}/comments`, ada.auth, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await dashboardBlip(seller, blip.productId, blip.blipId)).commentsCount).toBe(before);
  });

  it('answers 404 for an unknown blip, an unknown comment, or a comment of another blip', async () => {
    expect((await comment(randomUUID(), 'Hello', ada.auth)).statusCode).toBe(404);
    const other = await sellerBlip(t, seller);
    const elsewhere = (await comment(other.blipId, 'On the other blip', ada.auth)).json().comment._id;
    for (const commentId of [randomUUID(), elsewhere]) {
      const res = await call('POST', `/api/blips/${blip.blipId}/comments/${commentId}/replies`, ada.auth, {
        comment: 'Hello',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Comment not found' });
    }
  });

  it('refuses a seller token on the buyer comment calls and a buyer token on the seller reply (401)', async () => {
    const posted = (await comment(blip.blipId, 'Still available?', ada.auth)).json().comment;
    expect((await comment(blip.blipId, 'As a seller', seller.auth)).statusCode).toBe(401);
    expect((await comment(blip.blipId, 'Anonymous')).statusCode).toBe(401);
    const sellerAsBuyer = await call(
      'POST',
      `/api/blips/${blip.blipId}/comments/${posted._id}/replies`,
      seller.auth,
      { comment: 'x' },
    );
    expect(sellerAsBuyer.statusCode).toBe(401);
    const buyerAsSeller = await call(
      'POST',
      `/api/products/${blip.productId}/blips/${blip.blipId}/comments/${posted._id}/replies`,
      ada.auth,
      { comment: 'Pretending to be the shop' },
    );
    expect(buyerAsSeller.statusCode).toBe(401);
    // Another seller cannot answer on this seller's blip either (BOLA).
    const other = await sellerWithToken(t);
    const foreign = await call(
      'POST',
      `/api/products/${blip.productId}/blips/${blip.blipId}/comments/${posted._id}/replies`,
      other.auth,
      { comment: 'Buy from me instead' },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('limits how fast one buyer may comment (429), whatever address they use', async () => {
    const limited = await buildTestApp({ blipRateLimits: { comment: { max: 2, timeWindow: 60_000 } } });
    try {
      const owner = await sellerWithToken(limited);
      const { blipId } = await sellerBlip(limited, owner);
      const [chatty, quiet] = [
        await buyerWithToken(limited, 'Chatty'),
        await buyerWithToken(limited, 'Quiet'),
      ];
      const send = (auth: Auth, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: `/api/blips/${blipId}/comments`,
          headers: auth,
          payload: { comment: 'Hello' },
          remoteAddress: ip,
        });
      expect((await send(chatty.auth, '10.0.0.1')).statusCode).toBe(201);
      expect((await send(chatty.auth, '10.0.0.2')).statusCode).toBe(201);
      expect((await send(chatty.auth, '10.0.0.3')).statusCode).toBe(429);
      // Another buyer on the same address is not held back.
      expect((await send(quiet.auth, '10.0.0.3')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('a comment and its notification', () => {
  it('are written together: when storing the notification fails, no comment is left behind', async () => {
    const seller = await sellerWithToken(t);
    const buyer = await buyerWithToken(t, 'Chidi Eze');
    const { blipId } = await sellerBlip(t, seller);
    const first = await comment(blipId, 'Is the blue one available?', buyer.auth);
    expect(first.statusCode, first.body).toBe(201);
    const commentId = first.json().comment._id as string;

    // The same service, but the notification step fails after the comment was written.
    const notificationsDown = failingNotifications(t.db, t.clock);
    const service = blipCommentsService({
      repo: blipsRepository(t.db),
      clock: t.clock,
      notifications: notificationsDown,
    });
    const who = { id: buyer.buyer.id, name: buyer.buyer.name };
    await expect(service.buyerComment(who, blipId, 'Orphan?')).rejects.toThrow('notification store down');
    await expect(service.buyerReply(who, { blipId, commentId }, 'Orphan reply?')).rejects.toThrow(
      'notification store down',
    );
    await expect(
      service.addBuyerComment(blipId, { authorName: 'Admin demo', text: 'Orphan admin comment?' }),
    ).rejects.toThrow('notification store down');

    const texts = (await t.db.select().from(blipComments).where(eq(blipComments.blipId, blipId))).map(
      (c) => c.text,
    );
    expect(texts).toEqual(['Is the blue one available?']);
    const [noticed] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.sellerId, seller.seller.id), eq(notifications.type, 'blip_comment')));
    expect(noticed?.n).toBe(1);
  });

  it('a like and its notification too: a failed notification leaves no like, and the next like tells the seller', async () => {
    const seller = await sellerWithToken(t);
    const buyer = await buyerWithToken(t, 'Tolu Ade');
    const { blipId, productId } = await sellerBlip(t, seller);
    const service = blipReactionsService({
      repo: blipsRepository(t.db),
      clock: t.clock,
      notifications: failingNotifications(t.db, t.clock),
    });
    await expect(service.like({ id: buyer.buyer.id, name: buyer.buyer.name }, blipId)).rejects.toThrow(
      'notification store down',
    );
    expect((await dashboardBlip(seller, productId, blipId)).likesCount).toBe(0);

    expect((await like(blipId, buyer.auth)).json()).toEqual({ liked: true, likesCount: 1 });
    const [noticed] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.sellerId, seller.seller.id), eq(notifications.type, 'blip_like')));
    expect(noticed?.n).toBe(1);
  });
});
