import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/db/schema/index.ts';
import { checkoutRepository } from '@/modules/checkout/checkout.repository.ts';
import { orderConfirmation } from '@/modules/checkout/order-confirmation.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  address,
  auctionWin,
  buyNow,
  buyNowBody,
  type CheckoutTestApp,
  checkoutTestApp,
  productOf,
  sellingSeller,
  settingsBody,
} from '@/test/checkout.ts';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await checkoutTestApp();
});
afterAll(async () => {
  await t.close();
});

type Auth = { authorization: string } | Record<string, never>;
const get = (auth: Auth, url: string) => t.app.inject({ method: 'GET', url, headers: auth });
const pay = (auth: Auth, orderId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/checkout/orders/${orderId}`,
    headers: auth,
    payload: payload as object,
  });
const shipTo = (state = 'Lagos') => ({ method: 'seller' as const, address: address(state) });
const pickup = { method: 'pickup' as const, contact: { fullName: 'Ada Obi', phoneNumber: '+2348012345678' } };

describe("the buyer's orders", () => {
  it('lists only their own orders, newest first, and reads one with lines, totals and timeline', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id, { stock: 10 });
    const me = await buyerWithToken(t);
    const other = await buyerWithToken(t);
    const first = (await buyNow(t, me.auth, buyNowBody(productId))).json().order;
    t.clock.advance(60_000);
    const second = (await buyNow(t, me.auth, buyNowBody(productId, { quantity: 2 }))).json().order;
    await buyNow(t, other.auth, buyNowBody(productId));

    const list = await get(me.auth, '/api/checkout/orders');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().orders.map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);

    const one = await get(me.auth, `/api/checkout/orders/${second._id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().order).toMatchObject({
      seller: { _id: seller.seller.id, storeName: seller.seller.storeName },
      subtotal: 30_000,
      deliveryFee: 2500,
      total: 32_500,
      timeline: [expect.objectContaining({ type: 'created', actor: 'buyer' })],
    });
  });

  it("answers 404 to another buyer for every order route, and 401 without a buyer's token", async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id);
    const owner = await buyerWithToken(t);
    const other = await buyerWithToken(t);
    const placed = (await buyNow(t, owner.auth, buyNowBody(productId))).json();
    const id = placed.order._id;
    const win = await auctionWin(t, seller.seller.id, owner.buyer.id);

    expect((await get(other.auth, `/api/checkout/orders/${id}`)).statusCode).toBe(404);
    const verify = await get(
      other.auth,
      `/api/checkout/orders/${id}/verify?reference=${placed.payment.reference}`,
    );
    expect(verify.statusCode).toBe(404);
    expect(t.payments.verified).not.toContain(placed.payment.reference);
    const stolen = await pay(other.auth, win, { delivery: shipTo(), paymentMethod: 'online' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Order not found');
    expect((await get(other.auth, '/api/checkout/orders')).json().orders).toEqual([]);

    for (const url of ['/api/checkout/orders', `/api/checkout/orders/${id}`]) {
      expect((await get({}, url)).statusCode).toBe(401);
      expect((await get(seller.auth, url)).statusCode).toBe(401);
    }
    expect((await pay({}, win, { delivery: shipTo(), paymentMethod: 'online' })).statusCode).toBe(401);
    expect((await get(owner.auth, `/api/checkout/orders/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(owner.auth, '/api/checkout/orders/not-an-id')).statusCode).toBe(400);
  });

  it('verifies a reference of the order with the payments side, and ignores one that is not', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id);
    const { auth } = await buyerWithToken(t);
    const a = (await buyNow(t, auth, buyNowBody(productId))).json();
    const b = (await buyNow(t, auth, buyNowBody(productId))).json();

    const wrong = await get(
      auth,
      `/api/checkout/orders/${a.order._id}/verify?reference=${b.payment.reference}`,
    );
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().order.paymentStatus).toBe('awaiting_payment');
    expect(t.payments.verified).not.toContain(b.payment.reference);

    const right = await get(
      auth,
      `/api/checkout/orders/${a.order._id}/verify?reference=${a.payment.reference}`,
    );
    expect(right.statusCode).toBe(200);
    expect(t.payments.verified).toContain(a.payment.reference);
    expect(right.json().order.paymentStatus).toBe('paid');
    expect((await get(auth, `/api/checkout/orders/${a.order._id}/verify`)).statusCode).toBe(400);
  });
});

describe('the checkout of an auction win', () => {
  it('needs checkout until the buyer chooses delivery; online payment starts and the window stays', async () => {
    const seller = await sellingSeller(t);
    const { auth, buyer } = await buyerWithToken(t);
    const win = await auctionWin(t, seller.seller.id, buyer.id, 20_000_00);
    const before = (await get(auth, `/api/checkout/orders/${win}`)).json().order;
    expect(before).toMatchObject({ needsCheckout: true, paymentMethod: null, total: 20_000 });

    const res = await pay(auth, win, { delivery: shipTo('Oyo'), paymentMethod: 'online' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toEqual({
      reference: expect.any(String),
      authorizationUrl: expect.any(String),
    });
    expect(res.json().order).toMatchObject({
      needsCheckout: false,
      deliveryFee: 4000,
      subtotal: 20_000,
      total: 24_000,
      paymentMethod: 'online',
      paymentStatus: 'awaiting_payment',
      paymentDueAt: before.paymentDueAt,
    });
    expect(t.jobs.added.some((j) => j.payload.orderId === win)).toBe(false);

    // The buyer abandoned the payment page and tries again from the order page: a new attempt, the
    // delivery as chosen now, the same window.
    const again = await pay(auth, win, { delivery: shipTo(), paymentMethod: 'online' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().payment.reference).not.toBe(res.json().payment.reference);
    expect(again.json().order).toMatchObject({
      paymentStatus: 'awaiting_payment',
      paymentDueAt: before.paymentDueAt,
    });

    await t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, win));
    const paid = await pay(auth, win, { delivery: shipTo(), paymentMethod: 'online' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('This order is already checked out');
  });

  it('takes pay on delivery through the order machine under the cap, with a pickup code and an e-mail', async () => {
    const seller = await sellingSeller(t, settingsBody({ payOnDelivery: { enabled: true, cap: 25_000 } }));
    const { auth, buyer } = await buyerWithToken(t);
    const win = await auctionWin(t, seller.seller.id, buyer.id, 20_000_00);
    const res = await pay(auth, win, { delivery: pickup, paymentMethod: 'pay_on_delivery' });
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    expect(res.json().payment).toBeNull();
    expect(order).toMatchObject({
      paymentStatus: 'pay_on_delivery_pending',
      deliveryMethod: 'pickup',
      total: 20_000,
      pickupCode: expect.stringMatching(/^\d{6}$/),
    });
    expect(order.timeline.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'checkout',
      'pay_on_delivery_chosen',
    ]);
    await t.app.jobs.runOnce();
    const mail = t.mailer.sent.find((m) => m.to === buyer.email);
    expect(mail?.text).toContain(`Your pickup code: ${order.pickupCode}`);
    expect(mail?.text).toContain('Store pickup at: 12 Allen Avenue, Ikeja, Lagos');
  });

  it('refuses pay on delivery over the cap and a cancelled win, and leaves the order as it was', async () => {
    const seller = await sellingSeller(t, settingsBody({ payOnDelivery: { enabled: true, cap: 10_000 } }));
    const { auth, buyer } = await buyerWithToken(t);
    const win = await auctionWin(t, seller.seller.id, buyer.id, 20_000_00);
    const over = await pay(auth, win, { delivery: shipTo(), paymentMethod: 'pay_on_delivery' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'Pay on delivery is only for orders up to ₦10,000.00; pay online instead',
    );
    const [row] = await t.db.select().from(orders).where(eq(orders.id, win));
    expect(row).toMatchObject({ paymentMethod: null, deliveryFeeKobo: 0, totalKobo: 20_000_00 });

    await t.db.update(orders).set({ fulfilmentStatus: 'cancelled' }).where(eq(orders.id, win));
    const cancelled = await pay(auth, win, { delivery: shipTo(), paymentMethod: 'online' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('This order was cancelled');
  });
});

describe('the confirmation e-mail', () => {
  it('is sent by sendOrderConfirmation once an online order is paid, and not before', async () => {
    const send = orderConfirmation({
      repo: checkoutRepository(t.db),
      mailer: t.mailer,
      publicUrl: 'https://kasuwa.test',
    });
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id);
    const { auth, buyer } = await buyerWithToken(t);
    const { order } = (await buyNow(t, auth, buyNowBody(productId))).json();
    expect(await send(order._id)).toBe(false);
    await t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order._id));
    expect(await send(order._id)).toBe(true);
    await t.app.jobs.runOnce();
    const mail = t.mailer.sent.find((m) => m.to === buyer.email);
    expect(mail?.text).toContain('Payment: paid online.');
    expect(mail?.text).toContain('Delivery: ₦2,500.00');
    expect(mail?.text).toContain('to: Ada Obi, 4 Opebi Road, Ikeja, Lagos, +2348012345678');
    expect(mail?.text).toContain(`See your order: https://kasuwa.test/my-orders/${order._id}`);
  });
});
