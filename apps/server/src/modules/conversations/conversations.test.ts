import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, conversations } from '@/db/schema/index.ts';
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
    expect((await get(b.auth)).json()).toEqual({ conversations: [] });
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

  it('refuses a call without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations' })).statusCode).toBe(401);
  });
});
