import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerOnboarding } from '@/db/schema/index.ts';
import { tokenService } from '@/lib/tokens.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { buyNow, buyNowBody, productOf, sellingSeller } from '@/test/checkout.ts';
import { expectCachesMatchEntries } from '@/test/ledger.ts';

const DAY = 24 * 60 * 60 * 1000;
type Auth = { authorization: string };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<typeof sellingSeller>>;
/** A token signed now: the fake clock moves past a session's lifetime in these tests. */
const fresh = async (s: Seller): Promise<Auth> => ({
  authorization: `Bearer ${await tokenService(t.jwtSecret, t.clock).sign(s.seller)}`,
});
const summary = async (s: Seller) => {
  const auth = await fresh(s);
  const res = await t.app.inject({ method: 'GET', url: '/api/earnings/summary', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const act = async (orderId: string, auth: Auth, body: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/actions`,
    headers: auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const profile = async (s: Seller) =>
  (await t.app.inject({ method: 'GET', url: '/api/seller/profile', headers: await fresh(s) })).json();

/** A Buy now of a ₦15,000 gown delivered to Lagos (₦2,500), paid through the local test checkout. */
async function paidThroughCheckout(seller: Awaited<ReturnType<typeof sellingSeller>>) {
  const productId = await productOf(t, seller.seller.id);
  const buyer = await buyerWithToken(t);
  const res = await buyNow(t, buyer.auth, buyNowBody(productId));
  expect(res.statusCode, res.body).toBe(201);
  const { order, payment } = res.json();
  const link = new URL(payment.authorizationUrl);
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
  return order._id as string;
}

describe('orders post to the ledger', () => {
  it('posts a sale paid at checkout to pending, and frees it the seller’s return window after delivery', async () => {
    const seller = await sellingSeller(t);
    await t.db.insert(sellerOnboarding).values({
      sellerId: seller.seller.id,
      shippingOptions: { shippingMethod: 'seller', returnsAndExchangePolicy: 'custom', returnWindowDays: 14 },
    });
    const orderId = await paidThroughCheckout(seller);
    // ₦17,500 paid: 5 % commission ₦875, Paystack's fee 1.5 % + ₦100 = ₦362.50.
    expect(await summary(seller)).toMatchObject({ pending: 16_262.5, available: 0, nextRelease: null });
    const lines = await t.app.inject({
      method: 'GET',
      url: '/api/earnings/transactions',
      headers: seller.auth,
    });
    expect(
      lines
        .json()
        .transactions.map((l: { description: string; amount: number }) => [l.description, l.amount]),
    ).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^Sale KSW-\d+$/), 17_500],
        [expect.stringMatching(/^Commission on KSW-\d+$/), -875],
        [expect.stringMatching(/^Payment fee on KSW-\d+$/), -362.5],
      ]),
    );

    await act(orderId, seller.auth, { action: 'ship', carrier: 'GIG Logistics' });
    await act(orderId, seller.auth, { action: 'delivered' });
    const deliveredAt = t.clock.now();
    expect((await summary(seller)).nextRelease).toEqual({
      amount: 16_262.5,
      at: new Date(deliveredAt.getTime() + 14 * DAY).toISOString(),
    });

    t.clock.advance(8 * DAY); // past a 7-day window, not the seller's 14 days
    await t.jobs.runDue();
    expect((await summary(seller)).available).toBe(0);

    t.clock.advance(6 * DAY + 1000);
    await t.jobs.runDue();
    expect(await summary(seller)).toMatchObject({ available: 16_262.5, pending: 0, nextRelease: null });
    expect((await profile(seller)).walletBalance).toBe(16_262.5);
    await expectCachesMatchEntries(t.db, seller.seller.id);
  });

  it('shows a pay-on-delivery sale and its cash, and keeps the commission it cannot take as owed until money frees up', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id, { priceKobo: 1_000_000 });
    const buyer = await buyerWithToken(t);
    const res = await buyNow(t, buyer.auth, buyNowBody(productId, { paymentMethod: 'pay_on_delivery' }));
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order._id as string;
    await act(orderId, seller.auth, { action: 'ship', carrier: 'GIG Logistics' });
    await act(orderId, seller.auth, { action: 'delivered' });

    // ₦12,500 collected at the door (₦10,000 + ₦2,500 delivery): commission ₦625, nothing available to take it from.
    expect(await summary(seller)).toMatchObject({ available: 0, pending: 0, owed: 625 });
    const lines = await t.app.inject({
      method: 'GET',
      url: '/api/earnings/transactions',
      headers: seller.auth,
    });
    expect(
      lines.json().transactions.map((l: { kind: string; amount: number }) => [l.kind, l.amount]),
    ).toEqual(
      expect.arrayContaining([
        ['sale', 12_500],
        ['cash_collected', -12_500],
        ['commission', -625],
      ]),
    );

    // The next online sale pays the owed commission when it frees up.
    const online = await paidThroughCheckout(seller);
    await act(online, seller.auth, { action: 'ship', carrier: 'GIG Logistics' });
    await act(online, seller.auth, { action: 'delivered' });
    t.clock.advance(7 * DAY + 1000);
    await t.jobs.runDue();
    expect(await summary(seller)).toMatchObject({ available: 16_262.5 - 625, owed: 0 });
    await expectCachesMatchEntries(t.db, seller.seller.id);
  });
});
