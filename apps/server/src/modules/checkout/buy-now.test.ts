import { randomUUID } from 'node:crypto';
import { BUY_NOW_PAYMENT_WINDOW_MINUTES } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blips, notifications, orders, products } from '@/db/schema/index.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  address,
  buyNow,
  buyNowBody,
  type CheckoutTestApp,
  checkoutTestApp,
  colourSizeVariants,
  productOf,
  sellingSeller,
  settingsBody,
} from '@/test/checkout.ts';
import { createShow } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await checkoutTestApp();
});
afterAll(async () => {
  await t.close();
});

const stockOf = async (productId: string) =>
  (await t.db.select().from(products).where(eq(products.id, productId)))[0];

describe('Buy now', () => {
  it('places an online order: totals with the state fee, a payment to start, a 30-minute window, the seller told', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id, {
      variants: colourSizeVariants({ 'Red/M': 2, 'Red/L': 4 }),
    });
    const { auth } = await buyerWithToken(t, 'Chidi Eze');
    const res = await buyNow(
      t,
      auth,
      buyNowBody(productId, {
        variant: [
          { name: 'Colour', value: 'Red' },
          { name: 'Size', value: 'L' },
        ],
        quantity: 2,
        delivery: { method: 'seller', address: address('oyo') },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json();
    expect(order).toMatchObject({
      number: expect.stringMatching(/^KSW-\d{6}$/),
      subtotal: 36_000,
      deliveryFee: 4000,
      total: 40_000,
      paymentStatus: 'awaiting_payment',
      fulfilmentStatus: 'unfulfilled',
      paymentMethod: 'online',
      deliveryMethod: 'seller',
      deliveryAddress: { ...address(), state: 'Oyo' },
      pickupCode: null,
      needsCheckout: false,
      paymentDueAt: new Date(t.clock.now().getTime() + BUY_NOW_PAYMENT_WINDOW_MINUTES * 60_000).toISOString(),
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ name: 'Ankara gown', unitPrice: 18_000, quantity: 2, lineTotal: 36_000 }),
    ]);
    expect(order.timeline.map((e: { type: string }) => e.type)).toEqual(['created']);
    expect(payment).toEqual({
      reference: expect.stringMatching(/^ref_/),
      authorizationUrl: expect.any(String),
    });
    expect(t.jobs.added).toContainEqual({
      task: 'order.payment-window',
      payload: { orderId: order._id },
      spec: { runAt: new Date(order.paymentDueAt), jobKey: `order:${order._id}:payment-window` },
    });
    const told = await t.db.select().from(notifications).where(eq(notifications.sellerId, seller.seller.id));
    expect(told).toEqual([expect.objectContaining({ type: 'new_order', data: { orderId: order._id } })]);
    expect(told[0]?.message).toContain('Chidi Eze ordered 2 × Ankara gown (Red / L)');
    const product = await stockOf(productId);
    expect(product?.variants[0]?.subVariants[1]?.stock).toBe(2);
    expect(product?.stock).toBe(4);
  });

  it('answers a retried key with the same order (200) and takes no second unit', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id, { stock: 5 });
    const { auth } = await buyerWithToken(t);
    const body = buyNowBody(productId);
    const first = await buyNow(t, auth, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await buyNow(t, auth, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order._id).toBe(first.json().order._id);
    expect(again.json().payment).toEqual(first.json().payment);
    expect((await stockOf(productId))?.stock).toBe(4);
  });

  it('answers two simultaneous requests with one key with one order', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id, { stock: 5 });
    const { auth, buyer } = await buyerWithToken(t);
    const body = buyNowBody(productId);
    const answers = await Promise.all([buyNow(t, auth, body), buyNow(t, auth, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json().order._id)).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.buyerId, buyer.id))).toHaveLength(1);
    expect((await stockOf(productId))?.stock).toBe(4);
  });

  it('keeps the order when the payment provider fails, and a retry with the key starts its payment', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id, { stock: 5 });
    const { auth, buyer } = await buyerWithToken(t);
    const body = buyNowBody(productId);
    t.payments.failNext = true;
    const failed = await buyNow(t, auth, body);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe('The payment provider is unavailable; try again');
    const retry = await buyNow(t, auth, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payment).toEqual({
      reference: expect.any(String),
      authorizationUrl: expect.any(String),
    });
    expect(await t.db.select().from(orders).where(eq(orders.buyerId, buyer.id))).toHaveLength(1);
    expect((await stockOf(productId))?.stock).toBe(4);
  });

  it('refuses a state the seller has no fee for, naming the seller and the state', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id);
    const { auth } = await buyerWithToken(t);
    const res = await buyNow(
      t,
      auth,
      buyNowBody(productId, { delivery: { method: 'seller', address: address('Kano') } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${seller.seller.storeName} does not deliver to Kano`);
    const nowhere = await buyNow(
      t,
      auth,
      buyNowBody(productId, { delivery: { method: 'seller', address: address('Narnia') } }),
    );
    expect(nowhere.json().message).toBe('Narnia is not a Nigerian state');
    expect((await stockOf(productId))?.stock).toBe(5);
  });

  it('gives a store pickup order no fee and a 6-digit pickup code; only pickup orders have one', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id);
    const { auth } = await buyerWithToken(t);
    const res = await buyNow(
      t,
      auth,
      buyNowBody(productId, {
        delivery: { method: 'pickup', contact: { fullName: 'Ada Obi', phoneNumber: '+2348012345678' } },
        paymentMethod: 'pay_on_delivery',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      deliveryFee: 0,
      total: 15_000,
      deliveryMethod: 'pickup',
      deliveryAddress: null,
      pickupAddress: '12 Allen Avenue, Ikeja, Lagos',
      pickupCode: expect.stringMatching(/^\d{6}$/),
      paymentStatus: 'pay_on_delivery_pending',
    });
    const shipped = await buyNow(t, auth, buyNowBody(productId, { paymentMethod: 'pay_on_delivery' }));
    expect(shipped.json().order.pickupCode).toBeNull();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, shipped.json().order._id));
    expect(row?.pickupCode).toBeNull();
  });

  it('refuses store pickup when the seller does not offer it', async () => {
    const seller = await sellingSeller(t, settingsBody({ pickup: { enabled: false } }));
    const productId = await productOf(t, seller.seller.id);
    const { auth } = await buyerWithToken(t);
    const res = await buyNow(
      t,
      auth,
      buyNowBody(productId, {
        delivery: { method: 'pickup', contact: { fullName: 'Ada Obi', phoneNumber: '+2348012345678' } },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${seller.seller.storeName} does not offer store pickup`);
  });

  it('places pay on delivery up to the cap, without a payment or window, and e-mails the buyer', async () => {
    const seller = await sellingSeller(t, settingsBody({ payOnDelivery: { enabled: true, cap: 17_500 } }));
    const productId = await productOf(t, seller.seller.id);
    const { auth, buyer } = await buyerWithToken(t);
    const res = await buyNow(t, auth, buyNowBody(productId, { paymentMethod: 'pay_on_delivery' }));
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json();
    expect(payment).toBeNull();
    expect(order).toMatchObject({
      total: 17_500,
      paymentStatus: 'pay_on_delivery_pending',
      paymentDueAt: null,
    });
    expect(t.jobs.added.some((j) => j.payload.orderId === order._id)).toBe(false);
    await t.app.jobs.runOnce();
    const mail = t.mailer.sent.find((m) => m.to === buyer.email);
    expect(mail?.subject).toBe(`Your order ${order.number} from ${seller.seller.storeName} is confirmed`);
    expect(mail?.text).toContain('1 × Ankara gown — ₦15,000.00');
    expect(mail?.text).toContain('Total: ₦17,500.00');
    expect(mail?.text).toContain('Payment: pay ₦17,500.00 on delivery.');
    expect(mail?.text).toContain('Delivery by');
    expect(mail?.html).toContain(`<h1>Order ${order.number} confirmed</h1>`);
  });

  it('refuses pay on delivery above the cap (saying the cap in naira) or when the seller does not take it', async () => {
    const seller = await sellingSeller(t, settingsBody({ payOnDelivery: { enabled: true, cap: 17_499.99 } }));
    const productId = await productOf(t, seller.seller.id);
    const { auth } = await buyerWithToken(t);
    const over = await buyNow(t, auth, buyNowBody(productId, { paymentMethod: 'pay_on_delivery' }));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'Pay on delivery is only for orders up to ₦17,499.99; pay online instead',
    );
    expect((await stockOf(productId))?.stock).toBe(5);
    const off = await sellingSeller(t, settingsBody({ payOnDelivery: { enabled: false, cap: 0 } }));
    const other = await productOf(t, off.seller.id);
    const refused = await buyNow(t, auth, buyNowBody(other, { paymentMethod: 'pay_on_delivery' }));
    expect(refused.json().message).toBe(`${off.seller.storeName} does not accept pay on delivery`);
  });

  it('refuses a variant that is not one of the product combinations, and a sold-out variant', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id, {
      variants: colourSizeVariants({ 'Red/M': 1, 'Blue/M': 0 }),
    });
    const { auth } = await buyerWithToken(t);
    for (const variant of [
      [],
      [{ name: 'Colour', value: 'Red' }],
      [
        { name: 'Colour', value: 'Green' },
        { name: 'Size', value: 'M' },
      ],
    ]) {
      const res = await buyNow(t, auth, buyNowBody(productId, { variant }));
      expect(res.statusCode, JSON.stringify(variant)).toBe(400);
      expect(res.json().message).toBe('Choose one of the options this product is sold in');
    }
    const soldOut = await buyNow(
      t,
      auth,
      buyNowBody(productId, {
        variant: [
          { name: 'Colour', value: 'Blue' },
          { name: 'Size', value: 'M' },
        ],
      }),
    );
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('Sold out');
    const tooMany = await buyNow(
      t,
      auth,
      buyNowBody(productId, {
        variant: [
          { name: 'Colour', value: 'Red' },
          { name: 'Size', value: 'M' },
        ],
        quantity: 2,
      }),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 1 left');
  });

  it('sells only active Buy now products: a draft is 404, an auction-only product 400, a sold-out one 409', async () => {
    const seller = await sellingSeller(t);
    const { auth } = await buyerWithToken(t);
    const draft = await productOf(t, seller.seller.id, { status: 'draft' });
    expect((await buyNow(t, auth, buyNowBody(draft))).statusCode).toBe(404);
    expect((await buyNow(t, auth, buyNowBody(randomUUID()))).statusCode).toBe(404);
    const auctionOnly = await productOf(t, seller.seller.id, {
      saleType: { buyNow: false, auction: { startingBidKobo: 100_00 } },
    });
    const res = await buyNow(t, auth, buyNowBody(auctionOnly));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This product is not sold by Buy now');
    const gone = await productOf(t, seller.seller.id, { stock: 0, status: 'out_of_stock' });
    expect((await buyNow(t, auth, buyNowBody(gone))).json().message).toBe('Sold out');
  });

  it("takes a show or blip only when it is the seller's and offers the product", async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id);
    const stranger = await sellerWithToken(t);
    const strangerProduct = await productOf(t, stranger.seller.id);
    const show = await createShow(t.app, t, seller.auth, [productId]);
    const otherShow = await createShow(t.app, t, stranger.auth, [strangerProduct]);
    const { auth } = await buyerWithToken(t);
    const fromShow = await buyNow(t, auth, buyNowBody(productId, { streamId: show._id }));
    expect(fromShow.statusCode, fromShow.body).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, fromShow.json().order._id));
    expect(row).toMatchObject({ streamId: show._id, source: 'buy_now' });
    const wrongShow = await buyNow(t, auth, buyNowBody(productId, { streamId: otherShow._id }));
    expect(wrongShow.statusCode).toBe(404);
    expect(wrongShow.json().message).toBe('Live show not found');
    const [blip] = await t.db
      .insert(blips)
      .values({
        sellerId: seller.seller.id,
        productId,
        videoKey: 'v',
        videoMime: 'video/mp4',
        durationMs: 1000,
      })
      .returning();
    expect((await buyNow(t, auth, buyNowBody(productId, { blipId: blip?.id }))).statusCode).toBe(201);
    const wrongBlip = await buyNow(t, auth, buyNowBody(strangerProduct, { blipId: blip?.id }));
    expect(wrongBlip.json().message).toBe('Blip not found');
  });

  it('needs a buyer: no token and a seller token are 401; a bad body is 400', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id);
    expect((await buyNow(t, {}, buyNowBody(productId))).statusCode).toBe(401);
    expect((await buyNow(t, seller.auth, buyNowBody(productId))).statusCode).toBe(401);
    const { auth } = await buyerWithToken(t);
    const bad = await buyNow(t, auth, { ...buyNowBody(productId), quantity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Quantity must be at least 1/);
  });
});
