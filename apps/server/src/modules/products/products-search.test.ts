import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, subCategories } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
type Cat = { categoryId: string; subCategoryId: string; name: string };
let fashion: Cat;
let other: Cat;

beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.db
    .select({ categoryId: categories.id, subCategoryId: subCategories.id, name: categories.name })
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId));
  const first = rows[0];
  const second = rows.find((r) => r.categoryId !== first?.categoryId);
  if (!first || !second) throw new Error('catalogue not seeded');
  fashion = first;
  other = second;
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;

async function create(a: Auth, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: a,
    payload: {
      name: 'Kampala Shirt',
      categoryId: fashion.categoryId,
      subCategoryId: fashion.subCategoryId,
      price: 1000,
      ...payload,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { _id: string; name: string };
}

/** Creation times one minute apart in the order given, so "newest" is unambiguous. */
async function spreadCreationTimes(ids: string[]) {
  for (const [i, id] of ids.entries()) {
    await t.db
      .update(products)
      .set({ createdAt: sql`now() - make_interval(mins => ${ids.length - i})` })
      .where(eq(products.id, id));
  }
}

const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth ?? {} });
const names = (body: { data: { name: string }[] }) => body.data.map((p) => p.name);

describe('GET /api/products/seller/:sellerId/search', () => {
  let a: Seller;
  const search = (query: string, auth?: Auth) =>
    get(`/api/products/seller/${a.seller.id}/search${query}`, auth);

  beforeAll(async () => {
    a = await sellerWithToken(t);
    const made = [
      await create(a.auth, { name: 'Ankara Maxi Dress', price: 15000 }),
      await create(a.auth, { name: 'Ankara Wrapper', price: 6000 }),
      await create(a.auth, { name: 'Adire Dress', price: 9500.5 }),
      await create(a.auth, {
        name: 'Tecno Spark 20',
        price: 120000,
        categoryId: other.categoryId,
        subCategoryId: other.subCategoryId,
      }),
      await create(a.auth, { name: 'Draft Ankara Gown', price: 20000, status: 'draft' }),
      await create(a.auth, { name: 'Sold-out Lace', price: 30000, stock: 0 }),
      await create(a.auth, { name: '100% Cotton Kaftan', price: 7000 }),
    ];
    await spreadCreationTimes(made.map((p) => p._id));
    // Another seller's product must never appear.
    const b = await sellerWithToken(t);
    await create(b.auth, { name: 'Ankara Maxi Dress (other store)' });
  });

  it('answers data and pagination {currentPage, totalPages, total, limit}, newest first by default', async () => {
    const res = await search('?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(['100% Cotton Kaftan', 'Sold-out Lace']);
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 3, total: 6, limit: 2 });
  });

  it('matches every word of the query anywhere in the name, ignoring case and order', async () => {
    expect(names((await search('?query=ankara')).json())).toEqual(['Ankara Wrapper', 'Ankara Maxi Dress']);
    expect(names((await search('?query=DRESS%20ankara')).json())).toEqual(['Ankara Maxi Dress']);
    expect(names((await search('?query=ank')).json())).toEqual(['Ankara Wrapper', 'Ankara Maxi Dress']);
    expect((await search('?query=agbada')).json()).toMatchObject({
      data: [],
      pagination: { total: 0, totalPages: 0 },
    });
  });

  it('takes % and _ in the query literally', async () => {
    expect(names((await search('?query=100%25')).json())).toEqual(['100% Cotton Kaftan']);
    expect((await search('?query=_')).json().pagination.total).toBe(0);
  });

  it('filters by a price range in naira, both ends included', async () => {
    const body = (await search('?minPrice=6000&maxPrice=9500.5&sortBy=price&order=asc')).json();
    expect(names(body)).toEqual(['Ankara Wrapper', '100% Cotton Kaftan', 'Adire Dress']);
    expect(names((await search('?minPrice=100000')).json())).toEqual(['Tecno Spark 20']);
  });

  it('filters by category id or by category name in any case', async () => {
    const byId = (await search(`?category=${other.categoryId}`)).json();
    expect(names(byId)).toEqual(['Tecno Spark 20']);
    const byName = (await search(`?category=${encodeURIComponent(other.name.toUpperCase())}`)).json();
    expect(names(byName)).toEqual(['Tecno Spark 20']);
  });

  it('answers 400 naming category for a category that is not in the catalogue', async () => {
    for (const category of ['Spaceships', randomUUID()]) {
      const res = await search(`?category=${category}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('category');
    }
  });

  it('sorts by price, name or creation time in either order', async () => {
    expect(names((await search('?sortBy=price&order=desc&limit=3')).json())).toEqual([
      'Tecno Spark 20',
      'Sold-out Lace',
      'Ankara Maxi Dress',
    ]);
    expect(names((await search('?sortBy=name&order=asc&limit=3')).json())).toEqual([
      '100% Cotton Kaftan',
      'Adire Dress',
      'Ankara Maxi Dress',
    ]);
    expect(names((await search('?sortBy=createdAt&order=asc&limit=2')).json())).toEqual([
      'Ankara Maxi Dress',
      'Ankara Wrapper',
    ]);
    expect(names((await search('?query=ankara&sortBy=name&order=desc')).json())).toEqual([
      'Ankara Wrapper',
      'Ankara Maxi Dress',
    ]);
  });

  it('shows drafts only to their owner, also when a visitor or another seller asks for them', async () => {
    const b = await sellerWithToken(t);
    expect((await search('?status=draft')).json().data).toEqual([]);
    expect((await search('?status=draft', b.auth)).json().data).toEqual([]);
    expect(names((await search('?query=ankara', b.auth)).json())).not.toContain('Draft Ankara Gown');
    const owner = (await search('?status=draft', a.auth)).json();
    expect(names(owner)).toEqual(['Draft Ankara Gown']);
    expect((await search('', a.auth)).json().pagination.total).toBe(7);
  });

  it('filters by status', async () => {
    expect(names((await search('?status=out_of_stock')).json())).toEqual(['Sold-out Lace']);
  });

  it('pages: the last page is partial and a page past the end is empty with the right totals', async () => {
    const last = (await search('?limit=4&page=2')).json();
    expect(last.data).toHaveLength(2);
    expect(last.pagination).toEqual({ currentPage: 2, totalPages: 2, total: 6, limit: 4 });
    const past = (await search('?limit=4&page=9')).json();
    expect(past).toEqual({ data: [], pagination: { currentPage: 9, totalPages: 2, total: 6, limit: 4 } });
    const pastWords = (await search('?query=ankara&page=9')).json();
    expect(pastWords.pagination).toEqual({ currentPage: 9, totalPages: 1, total: 2, limit: 10 });
    expect((await search('?limit=100')).json().data).toHaveLength(6);
  });

  it.each([
    ['a non-numeric page', '?page=abc', 'page'],
    ['page 0', '?page=0', 'page'],
    ['limit 0', '?limit=0', 'limit'],
    ['limit 101', '?limit=101', 'limit'],
    ['an unknown sortBy', '?sortBy=popularity', 'sortBy'],
    ['an unknown order', '?order=up', 'order'],
    ['a negative minPrice', '?minPrice=-1', 'minPrice'],
    ['a non-numeric maxPrice', '?maxPrice=cheap', 'maxPrice'],
    ['maxPrice below minPrice', '?minPrice=500&maxPrice=100', 'maxPrice'],
    ['an unknown status', '?status=sold', 'status'],
    ['a 101-character query', `?query=${'x'.repeat(101)}`, 'query'],
    ['an unknown parameter', '?colour=red', 'colour'],
  ])('answers 400 naming the field for %s', async (_label, query, field) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('answers 404 for a seller who does not exist', async () => {
    expect((await get(`/api/products/seller/${randomUUID()}/search`)).statusCode).toBe(404);
  });
});

describe('GET /api/products/seller/:sellerId/auctions', () => {
  const auction = { buyNow: false, auction: { startingBid: 5000, reservePrice: 8000 } };

  it('lists active products set up for auction with auctionProducts and pagination', async () => {
    const a = await sellerWithToken(t);
    const made = [
      await create(a.auth, { name: 'Vintage Agbada', saleType: auction }),
      await create(a.auth, {
        name: 'Bronze Head Replica',
        saleType: { buyNow: true, auction: { startingBid: 20000 } },
      }),
      await create(a.auth, { name: 'Buy-now Sandals' }),
      await create(a.auth, { name: 'Draft Auction Lamp', saleType: auction, status: 'draft' }),
      await create(a.auth, { name: 'Sold-out Auction Mask', saleType: auction, stock: 0 }),
      await create(a.auth, { name: 'Archived Auction Drum', saleType: auction }),
    ];
    await spreadCreationTimes(made.map((p) => p._id));
    const archived = made[5];
    if (!archived) throw new Error('missing product');
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${archived._id}`,
      headers: a.auth,
      payload: { status: 'archived' },
    });
    const b = await sellerWithToken(t);
    await create(b.auth, { name: 'Other store auction', saleType: auction });

    for (const auth of [undefined, a.auth]) {
      const res = await get(`/api/products/seller/${a.seller.id}/auctions`, auth);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.auctionProducts.map((p: { name: string }) => p.name)).toEqual([
        'Bronze Head Replica',
        'Vintage Agbada',
      ]);
      expect(body.auctionProducts[1].saleType).toEqual(auction);
      expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalProducts: 2, limit: 10 });
    }

    const page2 = (await get(`/api/products/seller/${a.seller.id}/auctions?limit=1&page=2`)).json();
    expect(page2.auctionProducts.map((p: { name: string }) => p.name)).toEqual(['Vintage Agbada']);
    expect(page2.pagination).toEqual({ currentPage: 2, totalPages: 2, totalProducts: 2, limit: 1 });
    const found = (await get(`/api/products/seller/${a.seller.id}/auctions?search=agbada`)).json();
    expect(found.auctionProducts.map((p: { name: string }) => p.name)).toEqual(['Vintage Agbada']);
    expect(found.pagination.totalProducts).toBe(1);
  });

  it.each([
    ['a non-numeric page', '?page=x', 'page'],
    ['limit 101', '?limit=101', 'limit'],
    ['an unknown parameter', '?sortBy=price', 'sortBy'],
  ])('answers 400 naming the field for %s', async (_label, query, field) => {
    const a = await sellerWithToken(t);
    const res = await get(`/api/products/seller/${a.seller.id}/auctions${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('answers 404 for a seller who does not exist', async () => {
    expect((await get(`/api/products/seller/${randomUUID()}/auctions`)).statusCode).toBe(404);
  });
});

describe('statistics', () => {
  it('follow every create, price and stock change, status change and delete', async () => {
    const a = await sellerWithToken(t);
    const list = async () =>
      (await get(`/api/products/seller/${a.seller.id}`, a.auth)).json() as {
        totalProducts: number;
        statistics: Record<string, number>;
      };
    const p = await create(a.auth, { price: 1000, stock: 2 });
    await create(a.auth, { price: 500, stock: 4, status: 'draft' });
    expect((await list()).statistics).toEqual({
      total: 2,
      active: 1,
      draft: 1,
      out_of_stock: 0,
      archived: 0,
      totalStockValue: 4000,
    });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${p._id}`, headers: a.auth, payload });
    await put({ price: 1500.5, stock: 3 });
    expect((await list()).statistics.totalStockValue).toBe(1500.5 * 3 + 2000);
    await put({ stock: 0 });
    expect((await list()).statistics).toMatchObject({ active: 0, out_of_stock: 1, totalStockValue: 2000 });
    await put({ status: 'archived' });
    expect((await list()).statistics).toMatchObject({ out_of_stock: 0, archived: 1 });
    await t.app.inject({ method: 'DELETE', url: `/api/products/${p._id}`, headers: a.auth });
    const after = await list();
    expect(after.statistics).toMatchObject({ total: 1, archived: 0, draft: 1, totalStockValue: 2000 });
    expect(after.totalProducts).toBe(1);
  });
});
