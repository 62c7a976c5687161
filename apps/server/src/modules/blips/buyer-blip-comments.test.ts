// Buyers' comments and replies on a blip, and each written together with the seller's notification.
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blipComments, notifications } from '@/db/schema/index.ts';
import { blipCommentsService } from '@/modules/blips/blip-comments.service.ts';
import { blipReactionsService } from '@/modules/blips/blip-reactions.service.ts';
import { blipsRepository } from '@/modules/blips/blips.repository.ts';
import { buyerBlipCalls, sellerBlip } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { failingNotifications } from '@/test/failing-notifications.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const _HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;
type Buyer = Awaited<ReturnType<typeof buyerWithToken>>;

const { call, like, comment, dashboardBlip, sellerNotifications } = buyerBlipCalls(() => t);

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
