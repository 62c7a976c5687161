import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, ledgerEntries, orders } from '@/db/schema/index.ts';
import { couponsRepository } from '@/modules/coupons/coupons.repository.ts';
import { couponsService } from '@/modules/coupons/coupons.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { buyNow, buyNowBody, productOf, sellingSeller } from '@/test/checkout.ts';
import { couponBodyOf, createCoupon, showOf } from '@/test/coupons.ts';

/**
 * Coupons at checkout on the whole app: the discount on the order and both views of it, the CSV,
 * the ledger, the limits under racing buyers, and a use given back by an unpaid order that expired.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };

async function payThroughLocalCheckout(authorizationUrl: string) {
  const link = new URL(authorizationUrl);
  const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  expect(page.statusCode).toBe(303);
  const form = new URL(page.headers.location as string);
  const paid = await t.app.inject({
    method: 'POST',
    url: form.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome: 'success' }).toString(),
  });
  expect(paid.statusCode).toBe(303);
}

const usesOf = async (couponId: string) =>
  (await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId))).length;

describe('a coupon at checkout', () => {
  it('takes the discount off the order, shows it to both sides, in the CSV and in the ledger', async () => {
    const s = await sellingSeller(t);
    const gown = await productOf(t, s.seller.id); // ₦15,000, Lagos delivery ₦2,500
    const coupon = await createCoupon(t, s.auth, couponBodyOf(t, { code: 'Save10' }));
    const buyer = await buyerWithToken(t);

    const res = await buyNow(t, buyer.auth, buyNowBody(gown, { couponCode: 'save10' }));
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json();
    expect(order).toMatchObject({
      subtotal: 15_000,
      deliveryFee: 2_500,
      discount: 1_500,
      couponCode: 'SAVE10',
      total: 16_000,
    });
    expect(order.timeline[0].message).toContain('coupon SAVE10 (−₦1,500.00)');
    // The buyer pays the discounted total.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ subtotalKobo: 15_000_00, discountKobo: 1_500_00, totalKobo: 16_000_00 });

    await payThroughLocalCheckout(payment.authorizationUrl);

    const seen = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: s.auth });
    expect(seen.json().order).toMatchObject({ discount: 1_500, couponCode: 'SAVE10', total: 16_000 });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/checkout/orders/${order._id}`,
      headers: buyer.auth,
    });
    expect(mine.json().order).toMatchObject({ discount: 1_500, couponCode: 'SAVE10', paymentStatus: 'paid' });

    const csv = await t.app.inject({ method: 'GET', url: '/api/orders/export.csv', headers: s.auth });
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.trim().split('\n');
    const cols = (header ?? '').split(',');
    const cells = (line ?? '').split(',');
    expect(cells[cols.indexOf('Discount')]).toBe('1500.00');
    expect(cells[cols.indexOf('Total')]).toBe('16000.00');
    expect(cells[cols.indexOf('Coupon')]).toBe('SAVE10');

    // The sale is what the buyer paid, named with the coupon; commission is 5% of what was paid.
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order._id), eq(ledgerEntries.sellerId, s.seller.id)));
    const sale = entries.find((e) => e.kind === 'sale');
    expect(sale).toMatchObject({ amountKobo: 16_000_00 });
    expect(sale?.description).toMatch(/^Sale KSW-\d+ \(coupon SAVE10, ₦1,500\.00 off\)$/);
    expect(entries.find((e) => e.kind === 'commission')?.amountKobo).toBe(-800_00);

    const list = await t.app.inject({ method: 'GET', url: '/api/coupons', headers: s.auth });
    expect(list.json().coupons.find((c: { _id: string }) => c._id === coupon._id)).toMatchObject({
      uses: 1,
      paidOrders: 1,
      revenue: 16_000,
      discountGiven: 1_500,
    });
    const summary = await t.app.inject({ method: 'GET', url: '/api/coupons/summary', headers: s.auth });
    expect(summary.json()).toMatchObject({ active: 1, redemptions: 1, revenue: 16_000 });
  });

  it('refuses the order with the reason, taking no stock and no use, when the code does not apply', async () => {
    const s = await sellingSeller(t);
    const gown = await productOf(t, s.seller.id);
    const other = await sellingSeller(t);
    await createCoupon(t, other.auth, couponBodyOf(t, { code: 'THEIRS' }));
    await createCoupon(t, s.auth, couponBodyOf(t, { code: 'BIG', minOrder: 50_000 }));
    const buyer = await buyerWithToken(t);
    const theirs = await buyNow(t, buyer.auth, buyNowBody(gown, { couponCode: 'THEIRS' }));
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual({ message: 'This code is not valid for this store' });
    const big = await buyNow(t, buyer.auth, buyNowBody(gown, { couponCode: 'big' }));
    expect(big.json()).toEqual({ message: 'Spend at least ₦50,000.00 to use this code' });
    expect(await t.db.select().from(orders).where(eq(orders.sellerId, s.seller.id))).toHaveLength(0);
  });

  it('a live-only coupon works while its show is live and is refused after it ends', async () => {
    const s = await sellingSeller(t);
    const gown = await productOf(t, s.seller.id);
    const show = await showOf(t, s.auth);
    await createCoupon(
      t,
      s.auth,
      couponBodyOf(t, { code: 'LIVE20', percentOff: 20, scope: 'live', streamId: show.id }),
    );
    const buyer = await buyerWithToken(t);
    const early = await buyNow(t, buyer.auth, buyNowBody(gown, { couponCode: 'LIVE20' }));
    expect(early.json().message).toBe('This code only works while the live show "Ankara Friday" is on');
    await show.set('live');
    const during = await buyNow(
      t,
      buyer.auth,
      buyNowBody(gown, { couponCode: 'LIVE20', paymentMethod: 'pay_on_delivery' }),
    );
    expect(during.statusCode, during.body).toBe(201);
    expect(during.json().order).toMatchObject({ discount: 3_000, total: 14_500 });
    await show.set('ended');
    const after = await buyNow(t, buyer.auth, buyNowBody(gown, { couponCode: 'LIVE20' }));
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This code was for the live show "Ankara Friday", which has ended');
  });

  it('gives a use back when an unpaid order expires, so the next buyer can have it', async () => {
    const s = await sellingSeller(t);
    const gown = await productOf(t, s.seller.id);
    const coupon = await createCoupon(t, s.auth, couponBodyOf(t, { code: 'ONCE', usageLimit: 1 }));
    const first = await buyerWithToken(t);
    const second = await buyerWithToken(t);
    expect((await buyNow(t, first.auth, buyNowBody(gown, { couponCode: 'ONCE' }))).statusCode).toBe(201);
    const refused = await buyNow(t, second.auth, buyNowBody(gown, { couponCode: 'ONCE' }));
    expect(refused.json()).toEqual({ message: 'This code has been used up' });
    // The first buyer never pays: the 30-minute payment window cancels the order.
    t.clock.advance(31 * 60_000);
    await t.jobs.runDue();
    const [expired] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.sellerId, s.seller.id), eq(orders.buyerId, first.buyer.id)));
    expect(expired?.fulfilmentStatus).toBe('cancelled');
    const fresh = await buyerWithToken(t);
    const again = await buyNow(t, fresh.auth, buyNowBody(gown, { couponCode: 'ONCE' }));
    expect(again.statusCode, again.body).toBe(201);
    expect(await usesOf(coupon._id)).toBe(2); // the released row stays as history, uses held is 1
    const list = await t.app.inject({ method: 'GET', url: '/api/coupons', headers: await authOf(s) });
    expect(list.json().coupons[0].uses).toBe(1);
  });
});

const authOf = async (s: Awaited<ReturnType<typeof sellingSeller>>): Promise<Auth> => s.auth;

describe('limits under concurrent checkouts', () => {
  it('the last use of a coupon raced by 50 buyers goes to exactly one of them', async () => {
    const s = await sellingSeller(t);
    const coupon = await createCoupon(t, s.auth, couponBodyOf(t, { code: 'LAST', usageLimit: 5 }));
    // One product per buyer, so no product row lock lines them up: only the coupon's lock decides.
    const productIds = await Promise.all(Array.from({ length: 54 }, () => productOf(t, s.seller.id)));
    for (const productId of productIds.slice(0, 4)) {
      const early = await buyerWithToken(t);
      expect((await buyNow(t, early.auth, buyNowBody(productId, { couponCode: 'LAST' }))).statusCode).toBe(
        201,
      );
    }
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => buyerWithToken(t, `Racer ${i}`)));
    const answers = await Promise.all(
      buyers.map((b, i) =>
        buyNow(t, b.auth, buyNowBody(productIds[4 + i] as string, { couponCode: 'LAST' })),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe('This code has been used up');
    }
    expect(await usesOf(coupon._id)).toBe(5);
  });

  it('the coupon row lock alone decides: 50 transactions holding open between the count and the use', async () => {
    // Buy now's own locks happen to line a seller's checkouts up today; this race takes them away
    // and runs the port as checkout does, with each transaction pausing after the decision.
    const s = await sellingSeller(t);
    const coupon = await createCoupon(t, s.auth, couponBodyOf(t, { code: 'PORT', usageLimit: 3 }));
    const service = couponsService({ repo: couponsRepository(t.db), clock: t.clock });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyerWithToken(t)));
    const cart = [
      { productId: '00000000-0000-4000-8000-000000000001', unitPriceKobo: 10_000_00, quantity: 1 },
    ];
    const tries = await Promise.allSettled(
      buyers.map((b) =>
        t.db.transaction(async (tx) => {
          const applied = await service.port.apply(tx, {
            sellerId: s.seller.id,
            buyerId: b.buyer.id,
            code: 'port',
            cart,
          });
          await new Promise((r) => setTimeout(r, 20));
          const [order] = await tx
            .insert(orders)
            .values({
              sellerId: s.seller.id,
              buyerId: b.buyer.id,
              source: 'buy_now',
              subtotalKobo: 10_000_00,
              discountKobo: applied.discountKobo,
              totalKobo: 10_000_00 - applied.discountKobo,
            })
            .returning({ id: orders.id });
          await service.port.redeem(tx, {
            ...applied,
            orderId: order?.id as string,
            sellerId: s.seller.id,
            buyerId: b.buyer.id,
          });
        }),
      ),
    );
    expect(tries.filter((x) => x.status === 'fulfilled')).toHaveLength(3);
    for (const x of tries)
      if (x.status === 'rejected') expect((x.reason as Error).message).toBe('This code has been used up');
    expect(await usesOf(coupon._id)).toBe(3);
  });

  it('one buyer racing five checkouts with a once-per-buyer code gets it once', async () => {
    const s = await sellingSeller(t);
    await createCoupon(t, s.auth, couponBodyOf(t, { code: 'MINEONCE', perBuyerLimit: 1 }));
    const productIds = await Promise.all(Array.from({ length: 5 }, () => productOf(t, s.seller.id)));
    const buyer = await buyerWithToken(t);
    const answers = await Promise.all(
      productIds.map((p) => buyNow(t, buyer.auth, buyNowBody(p, { couponCode: 'MINEONCE' }))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message)).toEqual(
      Array(4).fill('You have already used this code'),
    );
  });
});
