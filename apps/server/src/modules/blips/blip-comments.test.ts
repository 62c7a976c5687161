// The comments under a blip and the seller's replies, with the admin channel's buyer comments.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blipComments, notifications } from '@/db/schema/index.ts';
import { type BlipBody, blipCalls } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;
const { product, uploadOk, get, addBuyerComment } = blipCalls(() => t);

describe('comments and replies', () => {
  let a: Seller;
  let blip: BlipBody;
  const commentsUrl = (query = '') => `/api/products/${blip.productId}/blips/${blip._id}/comments${query}`;
  const reply = (commentId: string, comment: unknown, auth?: Auth, b: BlipBody = blip) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${b.productId}/blips/${b._id}/comments/${commentId}/replies`,
      headers: auth ?? {},
      payload: { comment } as object,
    });

  beforeAll(async () => {
    a = await sellerWithToken(t, { storeName: 'Adire Hub' });
    blip = await uploadOk(a.auth, (await product(a.auth))._id);
  });

  it('adds a buyer comment through the admin channel and notifies the seller', async () => {
    const res = await addBuyerComment(blip._id, 'Chioma Eze', 'Is this available in red?');
    expect(res.statusCode).toBe(201);
    expect(res.json().comment).toMatchObject({
      text: 'Is this available in red?',
      author: { kind: 'buyer', name: 'Chioma Eze', id: null },
      replies: [],
      repliesCount: 0,
    });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.sellerId, a.seller.id));
    expect(note).toMatchObject({
      type: 'blip_comment',
      data: { blipId: blip._id, productId: blip.productId },
    });
    expect(note?.message).toContain('Chioma Eze');
    expect((await addBuyerComment(blip._id, 'X', 'y', 'wrong-token')).statusCode).toBe(401);
    expect((await addBuyerComment(randomUUID(), 'X', 'y')).statusCode).toBe(404);
    const empty = await addBuyerComment(blip._id, 'X', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('text');
  });

  it('lets the owner reply: 201 with the reply under the comment, signed with the store name', async () => {
    t.clock.advance(60_000);
    const comment = (await addBuyerComment(blip._id, 'Emeka', 'How much for two?')).json().comment;
    t.clock.advance(60_000);
    const res = await reply(comment._id, '  ₦28,000 for two, free delivery in Lagos  ', a.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Reply added successfully',
      reply: {
        parentCommentId: comment._id,
        text: '₦28,000 for two, free delivery in Lagos',
        author: { kind: 'seller', name: 'Adire Hub', id: a.seller.id },
      },
    });
    // Replying to the reply joins the same thread.
    t.clock.advance(60_000);
    const again = await reply(res.json().reply._id, 'Send me a message to order.', a.auth);
    expect(again.statusCode).toBe(201);
    expect(again.json().reply.parentCommentId).toBe(comment._id);

    const list = (await get(commentsUrl())).json();
    const thread = list.comments.find((c: { _id: string }) => c._id === comment._id);
    expect(thread.repliesCount).toBe(2);
    expect(thread.replies.map((r: { text: string }) => r.text)).toEqual([
      '₦28,000 for two, free delivery in Lagos',
      'Send me a message to order.',
    ]);
    expect((await get(`/api/products/${blip.productId}/blips/${blip._id}`)).json().blip.commentsCount).toBe(
      4,
    );
  });

  it.each([
    ['an empty comment', '   ', 'comment cannot be empty'],
    ['a 501-character comment', 'x'.repeat(501), 'comment must be at most 500 characters'],
    ['no comment', undefined, 'comment'],
  ])('answers 400 for %s', async (_label, comment, message) => {
    const target = (await addBuyerComment(blip._id, 'Tola', 'Nice')).json().comment;
    const res = await reply(target._id, comment, a.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 to another seller, for an unknown comment and for a comment of another blip; 401 without a token', async () => {
    const b = await sellerWithToken(t);
    const target = (await addBuyerComment(blip._id, 'Tola', 'Nice')).json().comment;
    expect((await reply(target._id, 'Hi', b.auth)).statusCode).toBe(404);
    expect((await reply(randomUUID(), 'Hi', a.auth)).statusCode).toBe(404);
    const otherBlip = await uploadOk(a.auth, (await product(a.auth))._id);
    const elsewhere = (await addBuyerComment(otherBlip._id, 'Tola', 'Hello')).json().comment;
    expect((await reply(elsewhere._id, 'Hi', a.auth)).statusCode).toBe(404);
    expect((await reply(target._id, 'Hi')).statusCode).toBe(401);
    expect(await t.db.select().from(blipComments).where(eq(blipComments.authorId, b.seller.id))).toEqual([]);
  });

  it('pages top-level comments newest first with {total, pages, currentPage, hasMore}', async () => {
    const s = await sellerWithToken(t);
    const fresh = await uploadOk(s.auth, (await product(s.auth))._id);
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000);
      await addBuyerComment(fresh._id, `Buyer ${i}`, `Comment ${i}`);
    }
    const url = (q: string) => `/api/products/${fresh.productId}/blips/${fresh._id}/comments${q}`;
    const first = (await get(url(''))).json();
    expect(first.comments).toHaveLength(10);
    expect(first.comments[0].text).toBe('Comment 12');
    expect(first.pagination).toEqual({ total: 12, pages: 2, currentPage: 1, hasMore: true });
    const second = (await get(url('?page=2'))).json();
    expect(second.comments.map((c: { text: string }) => c.text)).toEqual(['Comment 2', 'Comment 1']);
    expect(second.pagination).toEqual({ total: 12, pages: 2, currentPage: 2, hasMore: false });
    expect((await get(url('?limit=50'))).json().comments).toHaveLength(12);
    for (const q of ['?limit=51', '?limit=0', '?page=x']) {
      const res = await get(url(q));
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('shows at most 50 replies per comment, oldest first, and counts them all', async () => {
    const target = (await addBuyerComment(blip._id, 'Kemi', 'Which sizes?')).json().comment;
    const base = Date.now();
    await t.db.insert(blipComments).values(
      Array.from({ length: 55 }, (_, i) => ({
        blipId: blip._id,
        parentId: target._id,
        authorKind: 'seller' as const,
        authorId: a.seller.id,
        authorName: 'Adire Hub',
        text: `Reply ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = (await get(commentsUrl('?limit=50'))).json();
    const thread = list.comments.find((c: { _id: string }) => c._id === target._id);
    expect(thread.repliesCount).toBe(55);
    expect(thread.replies).toHaveLength(50);
    expect(thread.replies[0].text).toBe('Reply 0');
    expect(thread.replies[49].text).toBe('Reply 49');
  });
});
