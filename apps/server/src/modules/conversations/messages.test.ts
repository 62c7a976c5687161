import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@/db/schema/index.ts';
import { UNREAD_MAIL_DELAY_MS } from '@/modules/conversations/messages.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { auctionWin } from '@/test/checkout.ts';
import { createShow, productsOf } from '@/test/live.ts';
import { multipartForm } from '@/test/multipart.ts';
import { png } from '@/test/onboarding.ts';
import { sellerWithToken } from '@/test/sellers.ts';

type Auth = { authorization: string };
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(auth ? { headers: auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A seller with a show, and a buyer who opened a conversation from the show's watch page. */
async function buyerWritesFromShow() {
  const seller = await sellerWithToken(t);
  const buyer = await buyerWithToken(t, 'Chiamaka Eze');
  const [productId] = await productsOf(t, seller.seller.id, 1);
  const stream = await createShow(t.app, t, seller.auth, [productId as string]);
  const started = await call('POST', '/api/buyer/conversations', buyer.auth, { streamId: stream._id });
  expect(started.statusCode, started.body).toBe(200);
  const conversationId: string = started.json().conversation._id;
  return { seller, buyer, conversationId, productId: productId as string, stream };
}

const buyerSays = (auth: Auth, id: string, body: string, extra: Record<string, unknown> = {}) =>
  call('POST', `/api/buyer/conversations/${id}/messages`, auth, { kind: 'text', body, ...extra });
const sellerSends = (auth: Auth, id: string, payload: Record<string, unknown>) =>
  call('POST', `/api/conversations/${id}/messages`, auth, payload);

describe('conversations between a seller and a buyer', () => {
  it('lets a buyer write from a show, and the seller sees it unread with a hidden buyer_message notification', async () => {
    const { seller, buyer, conversationId } = await buyerWritesFromShow();
    const sent = await buyerSays(buyer.auth, conversationId, 'Is the red one still available?');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toMatchObject({ sender: 'buyer', kind: 'text', readAt: null });

    const list = (await call('GET', '/api/conversations', seller.auth)).json();
    expect(list.conversations).toMatchObject([
      {
        _id: conversationId,
        buyerName: 'Chiamaka Eze',
        unreadCount: 1,
        lastMessage: { body: 'Is the red one still available?', sender: 'buyer', kind: 'text' },
      },
    ]);
    expect((await call('GET', '/api/conversations/unread-count', seller.auth)).json()).toEqual({
      unreadCount: 1,
    });
    const stored = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.sellerId, seller.seller.id));
    expect(stored.map((n) => [n.type, n.data.conversationId])).toEqual([['buyer_message', conversationId]]);
    const listed = (await call('GET', '/api/notifications', seller.auth)).json();
    expect(listed.notifications).toEqual([]);

    // Writing again from the same store finds the same conversation.
    const again = await call('POST', '/api/buyer/conversations', buyer.auth, { sellerId: seller.seller.id });
    expect(again.json().conversation._id).toBe(conversationId);
  });

  it('marks read on each side and shows the other side its read ticks', async () => {
    const { seller, buyer, conversationId } = await buyerWritesFromShow();
    await buyerSays(buyer.auth, conversationId, 'Hello');
    await sellerSends(seller.auth, conversationId, { kind: 'text', body: 'Hi! Yes it is.' });

    const read = await call('PUT', `/api/conversations/${conversationId}/read`, seller.auth);
    expect(read.json()).toEqual({ updated: 1, unreadCount: 0 });
    const buyerView = (
      await call('GET', `/api/buyer/conversations/${conversationId}/messages`, buyer.auth)
    ).json();
    expect(
      buyerView.messages.map((m: { body: string; readAt: string | null }) => [m.body, m.readAt !== null]),
    ).toEqual([
      ['Hi! Yes it is.', false],
      ['Hello', true],
    ]);
    expect((await call('GET', '/api/buyer/conversations/unread-count', buyer.auth)).json()).toEqual({
      unreadCount: 1,
    });
    expect((await call('PUT', `/api/buyer/conversations/${conversationId}/read`, buyer.auth)).json()).toEqual(
      {
        updated: 1,
        unreadCount: 0,
      },
    );
    const sellerView = (
      await call('GET', `/api/conversations/${conversationId}/messages`, seller.auth)
    ).json();
    expect(sellerView.messages[0]).toMatchObject({ body: 'Hi! Yes it is.', sender: 'seller' });
    expect(sellerView.messages[0].readAt).not.toBeNull();
  });

  it('pages back through history newest first by keyset', async () => {
    const { buyer, seller, conversationId } = await buyerWritesFromShow();
    for (let i = 1; i <= 5; i += 1) {
      t.clock.advance(1000);
      await buyerSays(buyer.auth, conversationId, `Message ${i}`);
    }
    const page = async (before?: string) =>
      (
        await call(
          'GET',
          `/api/conversations/${conversationId}/messages?limit=2${before ? `&before=${before}` : ''}`,
          seller.auth,
        )
      ).json();
    const first = await page();
    expect(first.messages.map((m: { body: string }) => m.body)).toEqual(['Message 5', 'Message 4']);
    const second = await page(first.nextBefore);
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual(['Message 3', 'Message 2']);
    const third = await page(second.nextBefore);
    expect(third.messages.map((m: { body: string }) => m.body)).toEqual(['Message 1']);
    expect(third.nextBefore).toBeNull();
    const bad = await call(
      'GET',
      `/api/conversations/${conversationId}/messages?before=nonsense`,
      seller.auth,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });

  it('sends product and order cards with price, state and total; only the seller may send them', async () => {
    const seller = await sellerWithToken(t);
    const buyer = await buyerWithToken(t, 'Tolu');
    const orderId = await auctionWin(t, seller.seller.id, buyer.buyer.id, 25_000_00);
    const started = await call('POST', '/api/conversations', seller.auth, { orderId });
    expect(started.statusCode, started.body).toBe(200);
    const id: string = started.json().conversation._id;
    const [productId, draftId] = [
      ...(await productsOf(t, seller.seller.id, 1)),
      ...(await productsOf(t, seller.seller.id, 1, { status: 'draft' })),
    ];
    const product = await sellerSends(seller.auth, id, { kind: 'product', productId, clientId: 'c-1' });
    expect(product.statusCode, product.body).toBe(201);
    t.clock.advance(1000);
    expect(product.json().message).toMatchObject({
      kind: 'product',
      body: 'Lot 1',
      product: { productId, name: 'Lot 1', price: 10_000, sellerId: seller.seller.id },
    });
    const order = await sellerSends(seller.auth, id, { kind: 'order', orderId });
    expect(order.json().message.order).toMatchObject({ orderId, status: 'awaiting_payment', total: 25_000 });
    expect(order.json().message.order.number).toMatch(/^KSW-\d+$/);

    expect((await sellerSends(seller.auth, id, { kind: 'product', productId: draftId })).statusCode).toBe(
      400,
    );
    const other = await sellerWithToken(t);
    const [theirs] = await productsOf(t, other.seller.id, 1);
    expect((await sellerSends(seller.auth, id, { kind: 'product', productId: theirs })).statusCode).toBe(404);
    const buyerCard = await call('POST', `/api/buyer/conversations/${id}/messages`, buyer.auth, {
      kind: 'product',
      productId,
    });
    expect(buyerCard.statusCode).toBe(400);
    // The buyer sees the card.
    const seen = (await call('GET', `/api/buyer/conversations/${id}/messages`, buyer.auth)).json();
    expect(seen.messages.map((m: { kind: string }) => m.kind)).toEqual(['order', 'product']);
  });

  it('opens a conversation with a customer, and never with someone who is not one', async () => {
    const seller = await sellerWithToken(t);
    const buyer = await buyerWithToken(t);
    const stranger = await buyerWithToken(t);
    await auctionWin(t, seller.seller.id, buyer.buyer.id);
    const ok = await call('POST', '/api/conversations', seller.auth, { buyerId: buyer.buyer.id });
    expect(ok.statusCode).toBe(200);
    const no = await call('POST', '/api/conversations', seller.auth, { buyerId: stranger.buyer.id });
    expect(no.statusCode).toBe(404);
    expect((await call('POST', '/api/conversations', seller.auth, {})).statusCode).toBe(400);
  });

  it('stores a retried send once, by its clientId', async () => {
    const { buyer, seller, conversationId } = await buyerWritesFromShow();
    const a = await buyerSays(buyer.auth, conversationId, 'Once', { clientId: 'tap-1' });
    const b = await buyerSays(buyer.auth, conversationId, 'Once', { clientId: 'tap-1' });
    expect(b.json().message._id).toBe(a.json().message._id);
    const list = (await call('GET', `/api/conversations/${conversationId}/messages`, seller.auth)).json();
    expect(list.messages).toHaveLength(1);
  });

  it('warns the seller (never the buyer) of a message asking to pay off the platform', async () => {
    const { buyer, seller, conversationId } = await buyerWritesFromShow();
    await buyerSays(buyer.auth, conversationId, 'Let me pay to your account. Send your account number');
    await buyerSays(buyer.auth, conversationId, 'My GTB is 0123456789');
    const sellerView = (
      await call('GET', `/api/conversations/${conversationId}/messages`, seller.auth)
    ).json();
    expect(sellerView.messages.map((m: { warnings: string[] }) => m.warnings)).toEqual([
      ['bank_account'],
      ['off_platform_request'],
    ]);
    const buyerView = (
      await call('GET', `/api/buyer/conversations/${conversationId}/messages`, buyer.auth)
    ).json();
    expect(buyerView.messages.every((m: { warnings: string[] }) => m.warnings.length === 0)).toBe(true);
    expect((await call('GET', '/api/conversations', seller.auth)).json().conversations[0].flagged).toBe(true);
  });

  it('sends a photo checked by its content, readable by its signed link only', async () => {
    const { buyer, seller, conversationId } = await buyerWritesFromShow();
    const form = multipartForm([{ field: 'photo', filename: 'shoe.png', content: await png() }]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/buyer/conversations/${conversationId}/photos`,
      payload: form.payload,
      headers: { ...form.headers, ...buyer.auth },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const url: string = sent.json().message.photoUrl;
    expect(sent.json().message.kind).toBe('photo');
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/signature=[^&]+/, 'signature=x') })).statusCode,
    ).toBe(404);
    const fake = multipartForm([
      { field: 'photo', filename: 'x.png', content: Buffer.from('not an image at all') },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/photos`,
      payload: fake.payload,
      headers: { ...fake.headers, ...seller.auth },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses empty or oversized messages with a message, storing nothing', async () => {
    const { buyer, seller, conversationId } = await buyerWritesFromShow();
    for (const body of ['   ', 'x'.repeat(2001)]) {
      const res = await buyerSays(buyer.auth, conversationId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await sellerSends(seller.auth, conversationId, { kind: 'sticker' })).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/conversations/${conversationId}/messages`, seller.auth)).json().messages,
    ).toEqual([]);
  });

  it('limits how fast one sender can send', async () => {
    const { buyer, conversationId } = await buyerWritesFromShow();
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1)
      codes.push((await buyerSays(buyer.auth, conversationId, `Spam ${i}`)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('who may see a conversation', () => {
  it('never lets another seller or another buyer read, write to or mark a conversation', async () => {
    const { conversationId, seller } = await buyerWritesFromShow();
    const b = await sellerWithToken(t);
    const buyerB = await buyerWithToken(t);
    const sellerUrls = [
      ['GET', `/api/conversations/${conversationId}`],
      ['GET', `/api/conversations/${conversationId}/messages`],
      ['PUT', `/api/conversations/${conversationId}/read`],
    ] as const;
    for (const [method, url] of sellerUrls) expect((await call(method, url, b.auth)).statusCode).toBe(404);
    expect((await sellerSends(b.auth, conversationId, { kind: 'text', body: 'hi' })).statusCode).toBe(404);
    const buyerUrls = [
      ['GET', `/api/buyer/conversations/${conversationId}`],
      ['GET', `/api/buyer/conversations/${conversationId}/messages`],
      ['PUT', `/api/buyer/conversations/${conversationId}/read`],
    ] as const;
    for (const [method, url] of buyerUrls)
      expect((await call(method, url, buyerB.auth)).statusCode).toBe(404);
    expect((await buyerSays(buyerB.auth, conversationId, 'hi')).statusCode).toBe(404);
    expect((await call('GET', '/api/conversations', b.auth)).json().conversations).toEqual([]);
    expect((await call('GET', '/api/buyer/conversations', buyerB.auth)).json().conversations).toEqual([]);
    // A seller's token is not a buyer's, nor the reverse.
    expect((await call('GET', '/api/buyer/conversations', seller.auth)).statusCode).toBe(401);
    expect((await call('GET', '/api/conversations', null)).statusCode).toBe(401);
    // Nothing was written by the intruders.
    expect(
      (await call('GET', `/api/conversations/${conversationId}/messages`, seller.auth)).json().messages,
    ).toEqual([]);
  });

  it("never lets a seller open a conversation about another seller's order", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const buyer = await buyerWithToken(t);
    const orderId = await auctionWin(t, a.seller.id, buyer.buyer.id);
    expect((await call('POST', '/api/conversations', b.auth, { orderId })).statusCode).toBe(404);
    const other = await buyerWithToken(t);
    expect((await call('POST', '/api/buyer/conversations', other.auth, { orderId })).statusCode).toBe(404);
    expect((await call('POST', '/api/buyer/conversations', buyer.auth, { orderId })).statusCode).toBe(200);
  });
});

describe('quick replies', () => {
  it('saves, lists, changes and deletes a seller’s quick replies, and no other seller’s', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const made = await call('POST', '/api/quick-replies', a.auth, {
      title: 'Delivery',
      body: 'Lagos delivery takes 1-2 days.',
    });
    expect(made.statusCode).toBe(201);
    const id: string = made.json().quickReply._id;
    expect((await call('GET', '/api/quick-replies', a.auth)).json().quickReplies).toMatchObject([
      { title: 'Delivery', body: 'Lagos delivery takes 1-2 days.' },
    ]);
    expect((await call('GET', '/api/quick-replies', b.auth)).json().quickReplies).toEqual([]);
    const edit = { title: 'Delivery', body: 'Within Lagos: 1-2 days. Outside: 3-5 days.' };
    expect((await call('PUT', `/api/quick-replies/${id}`, b.auth, edit)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/quick-replies/${id}`, b.auth)).statusCode).toBe(404);
    expect((await call('PUT', `/api/quick-replies/${id}`, a.auth, edit)).json().quickReply.body).toBe(
      edit.body,
    );
    expect((await call('POST', '/api/quick-replies', a.auth, { title: '', body: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/quick-replies/${id}`, a.auth)).statusCode).toBe(200);
    expect((await call('GET', '/api/quick-replies', a.auth)).json().quickReplies).toEqual([]);
  });
});

describe('the e-mail about unread messages', () => {
  it('goes once after a quiet spell, at most once an hour, and not when everything was read', async () => {
    const { buyer, seller, conversationId } = await buyerWritesFromShow();
    const mailsTo = () => t.mailer.sent.filter((m) => m.to === seller.seller.email);
    await buyerSays(buyer.auth, conversationId, 'Hello?');
    await buyerSays(buyer.auth, conversationId, 'Anyone there?');
    await t.jobs.runDue();
    expect(mailsTo()).toEqual([]);
    t.clock.advance(UNREAD_MAIL_DELAY_MS + 1000);
    await t.jobs.runDue();
    expect(mailsTo().map((m) => m.subject)).toEqual(['You have 2 unread messages from buyers']);
    expect(mailsTo()[0]?.text).toContain('/dashboard/messages');

    // Another message 20 minutes later waits for the hour to pass.
    t.clock.advance(20 * 60_000);
    await buyerSays(buyer.auth, conversationId, 'Hello again');
    t.clock.advance(UNREAD_MAIL_DELAY_MS + 1000);
    await t.jobs.runDue();
    expect(mailsTo()).toHaveLength(1);
    t.clock.advance(60 * 60_000);
    await t.jobs.runDue();
    expect(mailsTo()).toHaveLength(2);

    // Read before the mail was due: no mail.
    t.clock.advance(2 * 60 * 60_000);
    await buyerSays(buyer.auth, conversationId, 'Last one');
    await call('PUT', `/api/conversations/${conversationId}/read`, seller.auth);
    t.clock.advance(UNREAD_MAIL_DELAY_MS + 1000);
    await t.jobs.runDue();
    expect(mailsTo()).toHaveLength(2);
  });

  it('sends none to a seller who turned message e-mails off in Settings', async () => {
    const { buyer, seller, conversationId } = await buyerWritesFromShow();
    const prefs = {
      orders: { inApp: true, email: true },
      returns: { inApp: true, email: true },
      live: { inApp: true, email: true },
      marketing: { inApp: true, email: true },
      messages: { inApp: true, email: false },
    };
    const saved = await call('PUT', '/api/seller/settings/notifications', seller.auth, {
      preferences: prefs,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await buyerSays(buyer.auth, conversationId, 'Is the red one still there?');
    t.clock.advance(UNREAD_MAIL_DELAY_MS + 1000);
    await t.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.to === seller.seller.email)).toHaveLength(0);
  });

  it('does nothing when its job runs twice', async () => {
    const { buyer, seller, conversationId } = await buyerWritesFromShow();
    await buyerSays(buyer.auth, conversationId, 'Hi');
    await t.app.messages.service.tasks.unreadMail(seller.seller.id);
    await t.app.messages.service.tasks.unreadMail(seller.seller.id);
    await t.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.to === seller.seller.email)).toHaveLength(1);
  });
});
