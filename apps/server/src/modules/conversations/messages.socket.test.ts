import type { AddressInfo } from 'node:net';
import {
  type ConversationMessageEvent,
  type ConversationReadEvent,
  conversationSocketEvents,
  SOCKET_CLIENT_OPTIONS,
  socketEvents,
  type TypingEvent,
} from '@kasuwa/contracts';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAppOnSameDatabase, buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { serviceUrl } from '@/test/services.ts';
import { waitFor } from '@/test/wait-for.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A connected socket and every event it received, by name. */
async function open(url: string, token: string) {
  const socket = connect(url, {
    ...SOCKET_CLIENT_OPTIONS,
    auth: { token },
    reconnection: false,
    transports: ['websocket'],
  });
  sockets.push(socket);
  const got: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => got.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const of = <T>(event: string) => got.filter(([e]) => e === event).map(([, p]) => p as T);
  return { socket, got, of };
}

async function parties(t: TestApp) {
  const seller = await sellerWithToken(t);
  const buyer = await buyerWithToken(t, 'Ifeoma');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/buyer/conversations',
    headers: buyer.auth,
    payload: { sellerId: seller.seller.id },
  });
  return { seller, buyer, conversationId: res.json().conversation._id as string };
}

describe('live conversation events', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it("delivers a message, the badge, typing and read ticks to the two parties' sockets and no one else's", async () => {
    const { seller, buyer, conversationId } = await parties(t);
    const otherSeller = await sellerWithToken(t);
    const otherBuyer = await buyerWithToken(t);
    const [s, b, os, ob] = await Promise.all([
      open(url, seller.token),
      open(url, buyer.token),
      open(url, otherSeller.token),
      open(url, otherBuyer.token),
    ]);

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/buyer/conversations/${conversationId}/messages`,
      headers: buyer.auth,
      payload: { kind: 'text', body: 'Do you deliver to Ibadan? Pay to my account 0123456789 GTB?' },
    });
    expect(sent.statusCode).toBe(201);
    await waitFor(
      () =>
        s.of(conversationSocketEvents.unread).length === 1 &&
        b.of(conversationSocketEvents.message).length === 1,
    );
    const toSeller = s.of<ConversationMessageEvent>(conversationSocketEvents.message)[0];
    expect(toSeller?.message.body).toContain('Ibadan');
    expect(toSeller?.message.warnings).toEqual(['bank_account', 'off_platform_request']);
    expect(toSeller?.conversation.unreadCount).toBe(1);
    // The buyer's own copy never says their words were flagged.
    expect(b.of<ConversationMessageEvent>(conversationSocketEvents.message)[0]?.message.warnings).toEqual([]);
    expect(s.of(conversationSocketEvents.unread)).toEqual([{ unreadCount: 1 }]);
    // The buyer_message notification reaches the seller too (it drives the badge in the header).
    await waitFor(() =>
      s.got.some(
        ([e, p]) => e === socketEvents.notificationCreated && JSON.stringify(p).includes('buyer_message'),
      ),
    );

    // Typing: from the seller to that buyer only; a socket that is not a party is ignored.
    s.socket.emit(conversationSocketEvents.typing, { conversationId });
    os.socket.emit(conversationSocketEvents.typing, { conversationId });
    ob.socket.emit(conversationSocketEvents.typing, { conversationId });
    await waitFor(() => b.of(conversationSocketEvents.typing).length === 1);

    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversationId}/read`,
      headers: seller.auth,
    });
    expect(read.statusCode).toBe(200);
    await waitFor(() => b.of(conversationSocketEvents.read).length === 1);
    expect(b.of<ConversationReadEvent>(conversationSocketEvents.read)[0]).toMatchObject({
      conversationId,
      reader: 'seller',
    });
    expect(b.of<TypingEvent>(conversationSocketEvents.typing)).toEqual([{ conversationId, from: 'seller' }]);
    await waitFor(() => s.of(conversationSocketEvents.unread).length === 2);
    expect(s.of(conversationSocketEvents.unread)[1]).toEqual({ unreadCount: 0 });

    // Nothing of it reached the other seller or the other buyer: their own message, sent after all
    // of the above down the same connections, arrives alone.
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/buyer/conversations',
      headers: otherBuyer.auth,
      payload: { sellerId: otherSeller.seller.id },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/buyer/conversations/${theirs.json().conversation._id}/messages`,
      headers: otherBuyer.auth,
      payload: { kind: 'text', body: 'Mine' },
    });
    await waitFor(
      () =>
        os.of(conversationSocketEvents.unread).length === 1 &&
        ob.of(conversationSocketEvents.message).length === 1,
    );
    const conversationEvents = (got: Array<[string, unknown]>) =>
      got.filter(([e]) => e.startsWith('conversation_'));
    expect(conversationEvents(os.got).map(([e]) => e)).toEqual([
      conversationSocketEvents.message,
      conversationSocketEvents.unread,
    ]);
    expect(conversationEvents(ob.got).map(([e]) => e)).toEqual([conversationSocketEvents.message]);
    expect(os.of<ConversationMessageEvent>(conversationSocketEvents.message)[0]?.message.body).toBe('Mine');
    expect(s.of(conversationSocketEvents.typing)).toEqual([]);
  });
});

const redisUrl = serviceUrl('REDIS_URL');

describe.skipIf(!redisUrl)('live conversation events across nodes sharing Redis', () => {
  it("reaches the seller's socket on one node from a message sent through the other", async () => {
    const redisA = new Redis(redisUrl as string);
    const redisB = new Redis(redisUrl as string);
    const nodeA = await buildTestApp({ redis: redisA });
    const nodeB = await buildAppOnSameDatabase(nodeA, { redis: redisB });
    try {
      const urlB = await listen(nodeB);
      const { seller, buyer, conversationId } = await parties(nodeA);
      const s = await open(urlB, seller.token);
      // Not a negative: node B's Redis subscriber may need a moment after connecting.
      await new Promise((r) => setTimeout(r, 200));
      const res = await nodeA.app.inject({
        method: 'POST',
        url: `/api/buyer/conversations/${conversationId}/messages`,
        headers: buyer.auth,
        payload: { kind: 'text', body: 'Across nodes' },
      });
      expect(res.statusCode).toBe(201);
      await waitFor(() => s.of(conversationSocketEvents.message).length === 1);
      expect(s.of<ConversationMessageEvent>(conversationSocketEvents.message)[0]?.message.body).toBe(
        'Across nodes',
      );
    } finally {
      await nodeB.close();
      await nodeA.close();
      await Promise.all([redisA.quit(), redisB.quit()]);
    }
  });
});
