import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, conversations } from '@/db/schema/index.ts';
import { conversationsRepository } from '@/modules/conversations/conversations.repository.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function conversation(
  sellerId: string,
  buyerName: string,
  messages: Array<['buyer' | 'seller', string, boolean]>,
) {
  const [c] = await t.db
    .insert(conversations)
    .values({ sellerId, buyerName, updatedAt: new Date(`2026-01-1${messages.length}T10:00:00Z`) })
    .returning();
  if (!c) throw new Error('no conversation');
  let minute = 0;
  for (const [sender, body, read] of messages) {
    minute += 1;
    const at = new Date(Date.UTC(2026, 0, 10, 9, minute));
    await t.db
      .insert(conversationMessages)
      .values({ conversationId: c.id, sender, body, createdAt: at, readAt: read ? at : null });
  }
  return c;
}

const get = (auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/conversations', headers: auth });

describe('conversations', () => {
  it('lists each conversation with its last message and its unread buyer messages', async () => {
    const a = await sellerWithToken(t);
    await conversation(a.seller.id, 'Tunde', [
      ['buyer', 'Is it available?', false],
      ['seller', 'Yes', true],
      ['buyer', 'Size M?', false],
    ]);
    await conversation(a.seller.id, 'Zainab', [['buyer', 'Thanks!', true]]);
    const res = await get(a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().conversations).toMatchObject([
      { buyerName: 'Tunde', unreadCount: 2, lastMessage: { body: 'Size M?', sender: 'buyer' } },
      { buyerName: 'Zainab', unreadCount: 0, lastMessage: { body: 'Thanks!' } },
    ]);
  });

  it('never shows seller B the conversations of seller A, nor lets B mark them read', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    await conversation(a.seller.id, 'Kemi', [['buyer', 'Hello', false]]);
    expect((await get(b.auth)).json().conversations).toEqual([]);
    const mark = await t.app.inject({
      method: 'PUT',
      url: '/api/conversations/mark-all-read',
      headers: b.auth,
    });
    expect(mark.json().updated).toBe(0);
    expect((await get(a.auth)).json().conversations[0].unreadCount).toBe(1);
  });

  it('marks every buyer message of the seller read', async () => {
    const a = await sellerWithToken(t);
    await conversation(a.seller.id, 'Emeka', [
      ['buyer', 'One', false],
      ['buyer', 'Two', false],
    ]);
    const mark = await t.app.inject({
      method: 'PUT',
      url: '/api/conversations/mark-all-read',
      headers: a.auth,
    });
    expect(mark.json()).toEqual({ message: 'All messages marked as read', updated: 2 });
    expect((await get(a.auth)).json().conversations[0].unreadCount).toBe(0);
  });

  it("never lets another seller's messages into a seller's list or unread count", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const mine = await conversation(a.seller.id, 'Ngozi', [['buyer', 'Mine', false]]);
    // B's conversation is newer and has more unread messages; none of it may reach A.
    await conversation(b.seller.id, 'Bola', [
      ['buyer', 'Not yours', false],
      ['buyer', 'Still not yours', false],
      ['buyer', 'Nope', false],
    ]);
    await t.db.insert(conversationMessages).values({
      conversationId: mine.id,
      sender: 'seller',
      body: 'Reply',
      createdAt: new Date('2026-01-09T09:00:00Z'),
    });
    const list = (await get(a.auth)).json();
    expect(list.conversations).toMatchObject([
      { buyerName: 'Ngozi', unreadCount: 1, lastMessage: { body: 'Mine' } },
    ]);
    expect(list.pagination).toEqual({ currentPage: 1, totalPages: 1, total: 1, hasMore: false });
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/unread-count',
      headers: a.auth,
    });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ unreadCount: 1 });
    const countB = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/unread-count',
      headers: b.auth,
    });
    expect(countB.json()).toEqual({ unreadCount: 3 });
  });

  it('pages the list, newest conversation first', async () => {
    const a = await sellerWithToken(t);
    for (let i = 1; i <= 5; i += 1) {
      const [c] = await t.db
        .insert(conversations)
        .values({ sellerId: a.seller.id, buyerName: `Buyer ${i}`, updatedAt: new Date(Date.UTC(2026, 1, i)) })
        .returning();
      if (!c) throw new Error('no conversation');
      await t.db
        .insert(conversationMessages)
        .values({ conversationId: c.id, sender: 'buyer', body: `Hi ${i}` });
    }
    const page = async (n: number) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/conversations?page=${n}&limit=2`, headers: a.auth })
      ).json();
    const first = await page(1);
    expect(first.conversations.map((c: { buyerName: string }) => c.buyerName)).toEqual([
      'Buyer 5',
      'Buyer 4',
    ]);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 3, total: 5, hasMore: true });
    const last = await page(3);
    expect(last.conversations).toMatchObject([{ buyerName: 'Buyer 1', unreadCount: 1 }]);
    expect(last.pagination.hasMore).toBe(false);
    const tooBig = await t.app.inject({
      method: 'GET',
      url: '/api/conversations?limit=101',
      headers: a.auth,
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('counts unread messages from indexes alone, without reading other sellers messages', async () => {
    const a = await sellerWithToken(t);
    // The test database is tiny, so the planner would rightly read whole tables; forbid that to see
    // which indexes the count can use.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain ${conversationsRepository(t.db).unreadCountQuery(a.seller.id)}`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Only Scan using conversation_messages_buyer_unread_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('refuses a call without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations' })).statusCode).toBe(401);
  });
});
