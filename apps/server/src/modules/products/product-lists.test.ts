// A seller's product list: who sees which statuses, paging, sorting, statistics and vacation mode.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { someCategory } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let category: { categoryId: string; subCategoryId: string };
beforeAll(async () => {
  t = await buildTestApp();
  category = await someCategory(t);
});
afterAll(() => t.close());

type Auth = { authorization: string };

async function createOk(auth: Auth, payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: auth,
    payload: { name: 'Ankara Maxi Dress', ...category, price: 15000, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { _id: string; status: string; stock: number; name: string };
}

const list = (sellerId: string, query = '', auth?: Auth) =>
  t.app.inject({ method: 'GET', url: `/api/products/seller/${sellerId}${query}`, headers: auth ?? {} });

describe('GET /api/products/seller/:sellerId', () => {
  it("lists only that seller's products with pagination, statistics and vacation mode", async () => {
    const a = await sellerWithToken(t, { vacationMode: true });
    const b = await sellerWithToken(t);
    await createOk(b.auth);
    for (let i = 0; i < 3; i++) {
      await createOk(a.auth, { name: `Item ${i}`, price: 100 * (i + 1), stock: 2 });
    }
    const res = await list(a.seller.id, '?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.products).toHaveLength(2);
    expect(body.products.every((p: { sellerId: string }) => p.sellerId === a.seller.id)).toBe(true);
    expect(body).toMatchObject({ currentPage: 1, totalPages: 2, totalProducts: 3, sellerVacationMode: true });
    expect(body.statistics).toEqual({
      total: 3,
      active: 3,
      draft: 0,
      out_of_stock: 0,
      archived: 0,
      totalStockValue: 1200,
    });
    const page2 = (await list(a.seller.id, '?limit=2&page=2')).json();
    expect(page2.products).toHaveLength(1);
    const past = (await list(a.seller.id, '?limit=2&page=5')).json();
    expect(past).toMatchObject({ products: [], currentPage: 5, totalPages: 2, totalProducts: 3 });
  });

  it("values stock at each variant's own price and answers the price range the variants make", async () => {
    const a = await sellerWithToken(t);
    // ₦15,000, six combinations of 3 each; two of them at ₦16,500: 12 × 15,000 + 6 × 16,500.
    const size = (value: string, price: number | null) => ({
      name: 'Size',
      value,
      price,
      stock: 3,
      images: [],
      subSubVariants: [],
    });
    const colour = (value: string, subVariants: ReturnType<typeof size>[]) => ({
      name: 'Colour',
      value,
      price: null,
      totalStock: 6,
      images: [],
      subVariants,
    });
    const created = await createOk(a.auth, {
      options: [
        { id: 'o1', name: 'Colour', values: ['Red', 'Blue', 'Green'] },
        { id: 'o2', name: 'Size', values: ['M', 'L'] },
      ],
      variants: [
        colour('Red', [size('M', 16_500), size('L', null)]),
        colour('Blue', [size('M', 16_500), size('L', null)]),
        colour('Green', [size('M', null), size('L', null)]),
      ],
    });
    expect(created.stock).toBe(18);
    await createOk(a.auth, { name: 'Adire shirt', price: 8000, stock: 2 });

    const body = (await list(a.seller.id, '?sortBy=name', a.auth)).json();
    expect(body.statistics.totalStockValue).toBe(279_000 + 16_000);
    const ranges = body.products.map((p: { name: string; priceRange: unknown }) => [p.name, p.priceRange]);
    expect(ranges).toEqual([
      ['Adire shirt', { min: 8000, max: 8000 }],
      ['Ankara Maxi Dress', { min: 15_000, max: 16_500 }],
    ]);

    // A price edit moves the value of the stock that follows the product's price, and only that.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created._id}`,
      headers: a.auth,
      payload: { price: 10_000 },
    });
    expect(put.json().product.priceRange).toEqual({ min: 10_000, max: 16_500 });
    const after = (await list(a.seller.id, '', a.auth)).json();
    expect(after.statistics.totalStockValue).toBe(12 * 10_000 + 6 * 16_500 + 16_000);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${created._id}`, headers: a.auth });
    expect((await list(a.seller.id, '', a.auth)).json().statistics.totalStockValue).toBe(16_000);
  });

  it('sorts by price and by name', async () => {
    const a = await sellerWithToken(t);
    await createOk(a.auth, { name: 'banana', price: 300 });
    await createOk(a.auth, { name: 'Apple', price: 500 });
    await createOk(a.auth, { name: 'cherry', price: 100 });
    const names = async (sortBy: string) =>
      (await list(a.seller.id, `?sortBy=${sortBy}`)).json().products.map((p: { name: string }) => p.name);
    expect(await names('price_asc')).toEqual(['cherry', 'banana', 'Apple']);
    expect(await names('price_desc')).toEqual(['Apple', 'banana', 'cherry']);
    expect(await names('name')).toEqual(['Apple', 'banana', 'cherry']);
  });

  it('hides drafts and archived products from visitors and other sellers but shows them to the owner', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    await createOk(a.auth);
    await createOk(a.auth, { status: 'draft', stock: 3 });
    await createOk(a.auth, { stock: 0 });
    const visitor = (await list(a.seller.id)).json();
    expect(visitor.totalProducts).toBe(2);
    expect(visitor.statistics).toMatchObject({ total: 2, active: 1, draft: 0, out_of_stock: 1 });
    expect((await list(a.seller.id, '', b.auth)).json().totalProducts).toBe(2);
    expect((await list(a.seller.id, '?status=draft', b.auth)).json().products).toEqual([]);
    const owner = (await list(a.seller.id, '', a.auth)).json();
    expect(owner.totalProducts).toBe(3);
    expect(owner.statistics).toMatchObject({ total: 3, active: 1, draft: 1, out_of_stock: 1 });
    expect(owner.statistics.totalStockValue).toBe(15000 + 3 * 15000);
    const drafts = (await list(a.seller.id, '?status=draft', a.auth)).json();
    expect(drafts.products).toHaveLength(1);
    expect(drafts.products[0].status).toBe('draft');
  });

  it('finds products by a word of the name, ignoring case', async () => {
    const a = await sellerWithToken(t);
    await createOk(a.auth, { name: 'Red Ankara Gown' });
    await createOk(a.auth, { name: 'Leather Sandals' });
    const found = (await list(a.seller.id, '?search=ankara')).json();
    expect(found.products.map((p: { name: string }) => p.name)).toEqual(['Red Ankara Gown']);
    expect(found.totalProducts).toBe(1);
    expect((await list(a.seller.id, '?search=100%25')).json().totalProducts).toBe(0);
  });

  it.each([
    ['a non-numeric page', '?page=abc'],
    ['page 0', '?page=0'],
    ['limit 101', '?limit=101'],
    ['an unknown sortBy', '?sortBy=random'],
    ['an unknown status', '?status=sold'],
    ['a 101-character search', `?search=${'x'.repeat(101)}`],
  ])('answers 400 for %s', async (_label, query) => {
    const a = await sellerWithToken(t);
    expect((await list(a.seller.id, query)).statusCode).toBe(400);
  });

  it('answers 404 for a seller who does not exist', async () => {
    expect((await list(randomUUID())).statusCode).toBe(404);
  });

  it('answers an empty first page with no pages for a seller without products', async () => {
    const a = await sellerWithToken(t);
    const body = (await list(a.seller.id)).json();
    expect(body).toMatchObject({ products: [], currentPage: 1, totalPages: 0, totalProducts: 0 });
    expect(body.statistics.totalStockValue).toBe(0);
  });
});

describe('deep pages, placed by the per-day counts', () => {
  it('answer the same products as a walk of the whole order, after inserts, status changes and deletes', async () => {
    const a = await sellerWithToken(t);
    // 700 products over 9 UTC days, several at the same instant (ties broken by id), some at a
    // day's very edge, of every status.
    await t.db.execute(sql`
      insert into products (seller_id, name, category_id, sub_category_id, price_kobo, stock, status, sale_type, created_at)
      select ${a.seller.id}::uuid, 'Deep ' || g, ${category.categoryId}::uuid, ${category.subCategoryId}::uuid, 1000, 1,
             (case when g % 7 = 0 then 'draft' when g % 11 = 0 then 'out_of_stock' when g % 13 = 0 then 'archived'
                   else 'active' end)::product_status,
             '{"buyNow": true, "auction": null}'::jsonb,
             timestamptz '2026-03-10 00:00:00+00' - ((g / 3) * interval '53 minutes')
      from generate_series(1, 700) g`);
    await t.db.execute(
      sql`update products set status = 'archived' where seller_id = ${a.seller.id} and name like 'Deep 1%'`,
    );
    await t.db.execute(sql`delete from products where seller_id = ${a.seller.id} and name like 'Deep 2_'`);
    const expected = async (statuses: string[], asc: boolean) => {
      const { rows } = await t.db.execute<{ id: string }>(sql`
        select id from products where seller_id = ${a.seller.id}
          and status in (${sql.join(
            statuses.map((s) => sql`${s}::product_status`),
            sql`, `,
          )})
        order by created_at ${sql.raw(asc ? 'asc' : 'desc')}, id ${sql.raw(asc ? 'asc' : 'desc')}`);
      return rows.map((r) => r.id);
    };
    const ids = (body: { products?: { _id: string }[]; data?: { _id: string }[] }) =>
      (body.products ?? body.data ?? []).map((p) => p._id);
    const visitor = await expected(['active', 'out_of_stock'], false);
    const owner = await expected(['active', 'draft', 'out_of_stock', 'archived'], false);
    const drafts = await expected(['draft'], true);
    for (const page of [31, 32, 40, 48]) {
      const from = (page - 1) * 10;
      expect(ids((await list(a.seller.id, `?page=${page}&limit=10`)).json())).toEqual(
        visitor.slice(from, from + 10),
      );
      expect(ids((await list(a.seller.id, `?page=${page}&limit=10`, a.auth)).json())).toEqual(
        owner.slice(from, from + 10),
      );
    }
    const oldest = await t.app.inject({
      method: 'GET',
      url: `/api/products/seller/${a.seller.id}/search?sortBy=createdAt&order=asc&status=active&page=31&limit=10`,
    });
    expect(ids(oldest.json())).toEqual((await expected(['active'], true)).slice(300, 310));
    const draftPage = await t.app.inject({
      method: 'GET',
      url: `/api/products/seller/${a.seller.id}/search?sortBy=createdAt&order=asc&status=draft&page=1&limit=10`,
      headers: a.auth,
    });
    expect(ids(draftPage.json())).toEqual(drafts.slice(0, 10));
    // Past the last product: an empty page, the totals still counted.
    const past = (await list(a.seller.id, '?page=400&limit=10')).json();
    expect(past).toMatchObject({ products: [], totalProducts: visitor.length });
    // The counts follow every change: they sum to the products of each status.
    const { rows } = await t.db.execute<{ ok: boolean }>(sql`
      select (select coalesce(sum(product_count), 0) from product_created_days where seller_id = ${a.seller.id} and status = 'active')
           = (select count(*) from products where seller_id = ${a.seller.id} and status = 'active') as ok`);
    expect(rows[0]?.ok).toBe(true);
  });
});
