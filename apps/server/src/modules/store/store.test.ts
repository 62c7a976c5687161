import type { TopSoldProductsResponse } from '@kasuwa/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { productsOf } from '@/test/live.ts';
import { insertOrder, type OrderSpec } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const vacation = (auth: { authorization: string } | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/seller/vacation-mode', headers: auth ?? {}, payload });

describe('PUT /api/seller/vacation-mode', () => {
  it('turns vacation mode on and off, answering and storing the new state', async () => {
    const a = await sellerWithToken(t);
    const on = await vacation(a.auth, { isOn: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      message: 'Vacation mode enabled successfully',
      vacationMode: { isOn: true },
    });
    const [row] = await t.db.select().from(sellers).where(eq(sellers.id, a.seller.id));
    expect(row?.vacationMode).toBe(true);
    const profile = await t.app.inject({ method: 'GET', url: '/api/seller/profile', headers: a.auth });
    expect(profile.json().vacationMode).toBe(true);
    const off = await vacation(a.auth, { isOn: false });
    expect(off.json()).toEqual({
      message: 'Vacation mode disabled successfully',
      vacationMode: { isOn: false },
    });
  });

  it('changes only the calling seller', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    await vacation(a.auth, { isOn: true });
    const [row] = await t.db.select().from(sellers).where(eq(sellers.id, b.seller.id));
    expect(row?.vacationMode).toBe(false);
  });

  it('refuses a body without a boolean isOn, and a call without a token', async () => {
    const a = await sellerWithToken(t);
    expect((await vacation(a.auth, { isOn: 'yes' })).statusCode).toBe(400);
    expect((await vacation(undefined, { isOn: true })).statusCode).toBe(401);
  });
});

describe('GET /api/seller/top-sold-products', () => {
  const topSold = (auth: { authorization: string } | undefined) =>
    t.app.inject({ method: 'GET', url: '/api/seller/top-sold-products', headers: auth ?? {} });

  it('answers an empty list for a seller who has sold nothing', async () => {
    const a = await sellerWithToken(t);
    const res = await topSold(a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
  });

  it("lists the seller's best sellers by units sold, at most five, from sales only", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const buyer = (await buyerWithToken(t, 'Ada Obi')).buyer.id;
    const ids = await productsOf(t, a.seller.id, 7);
    const [gown, kaftan, gele, bag, shoe, cap, scarf] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await t.db.execute(sql`UPDATE products SET images = '["/api/media/gown.webp"]' WHERE id = ${gown}`);
    const sale = (productId: string, quantity: number, priceKobo: number, over: Partial<OrderSpec> = {}) =>
      insertOrder(t.db, {
        sellerId: a.seller.id,
        buyerId: buyer,
        lines: [{ name: 'as sold', priceKobo, quantity, productId }],
        ...over,
      });
    await sale(gown, 2, 2_000_000);
    await sale(gown, 1, 1_800_000, { payment: 'pay_on_delivery_collected', method: 'pay_on_delivery' });
    await sale(kaftan, 2, 1_000_000, { payment: 'partially_refunded' });
    await sale(gele, 2, 500_000);
    await sale(bag, 1, 9_000_000);
    await sale(shoe, 1, 700_000);
    await sale(cap, 1, 300_000);
    // Not sales: unpaid, refunded in full. Another seller's order of the same product counts for neither.
    await sale(scarf, 9, 100_000, { payment: 'awaiting_payment' });
    await sale(scarf, 9, 100_000, { payment: 'refunded' });
    await insertOrder(t.db, {
      sellerId: b.seller.id,
      buyerId: buyer,
      lines: [{ name: 'x', priceKobo: 100, quantity: 50, productId: cap }],
    });

    const res = await topSold(a.auth);
    expect(res.statusCode).toBe(200);
    const { products } = res.json<TopSoldProductsResponse>();
    expect(products.map((p) => [p.name, p.unitsSold, p.revenue])).toEqual([
      ['Lot 1', 3, 58_000],
      ['Lot 2', 2, 20_000],
      ['Lot 3', 2, 10_000],
      ['Lot 4', 1, 90_000],
      ['Lot 5', 1, 7_000],
    ]);
    expect(products[0]).toMatchObject({ _id: gown, imageUrl: '/api/media/gown.webp', price: 10_000 });
    expect(products[1]?.imageUrl).toBeNull();

    // The other seller sees none of it.
    expect((await topSold(b.auth)).json()).toEqual({ products: [] });
  });

  it('refuses a call without a token', async () => {
    expect((await topSold(undefined)).statusCode).toBe(401);
  });
});
