import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, subCategories } from '@/db/schema/index.ts';
import { buildAppOnSameDatabase, buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

// The products lists' answers are cached per node against the seller's catalogue version: whatever
// changes a seller's products or vacation mode, through any node or straight in SQL, the next answer
// must show it, and one viewer's answer must never reach another who may see less.

let t: TestApp;
let other: FastifyInstance;
let categoryId: string;
let subCategoryId: string;

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildAppOnSameDatabase(t);
  const [sub] = await t.db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('catalogue not seeded');
  categoryId = sub.categoryId;
  subCategoryId = sub.id;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Auth = { authorization: string };

async function createProduct(app: FastifyInstance, auth: Auth, payload: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: auth,
    payload: { name: 'Adire Shirt', categoryId, subCategoryId, price: 9000, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { _id: string; name: string };
}

const get = (app: FastifyInstance, url: string, auth?: Auth) =>
  app.inject({ method: 'GET', url, headers: auth ?? {} }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json();
  });
const names = (items: { name: string }[]) => items.map((p) => p.name).sort();

describe('the products lists answer cache', () => {
  it('answers a repeated question from the cache, with the same answer', async () => {
    const { seller, auth } = await sellerWithToken(t);
    await createProduct(t.app, auth, { name: 'Aso Oke Cap' });
    const url = `/api/products/seller/${seller.id}?page=1&limit=10`;
    const first = await get(t.app, url);
    const before = t.app.productLists.stats().hits;
    const second = await get(t.app, url);
    expect(second).toEqual(first);
    expect(t.app.productLists.stats().hits).toBe(before + 1);
  });

  it('shows a change made through another node at once', async () => {
    const { seller, auth } = await sellerWithToken(t);
    const cap = await createProduct(t.app, auth, { name: 'Aso Oke Cap' });
    const url = `/api/products/seller/${seller.id}`;
    expect(names((await get(t.app, url)).products)).toEqual(['Aso Oke Cap']);

    const put = await other.inject({
      method: 'PUT',
      url: `/api/products/${cap._id}`,
      headers: auth,
      payload: { name: 'Aso Oke Cap (Gold)', price: 9500 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await get(t.app, url);
    expect(after.products[0]).toMatchObject({ name: 'Aso Oke Cap (Gold)', price: 9500 });

    await createProduct(other, auth, { name: 'Gele' });
    expect(names((await get(t.app, url)).products)).toEqual(['Aso Oke Cap (Gold)', 'Gele']);
    expect((await get(t.app, url)).statistics.total).toBe(2);

    const del = await other.inject({ method: 'DELETE', url: `/api/products/${cap._id}`, headers: auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(names((await get(t.app, url)).products)).toEqual(['Gele']);
  });

  it('shows a change written straight in SQL, and a new vacation mode', async () => {
    const { seller, auth } = await sellerWithToken(t);
    const shirt = await createProduct(t.app, auth);
    const search = `/api/products/seller/${seller.id}/search?query=adire`;
    const list = `/api/products/seller/${seller.id}`;
    expect((await get(t.app, search)).pagination.total).toBe(1);
    expect((await get(t.app, list)).sellerVacationMode).toBe(false);

    await t.db.update(products).set({ name: 'Kaftan' }).where(eq(products.id, shirt._id));
    expect((await get(t.app, search)).pagination.total).toBe(0);

    const res = await other.inject({
      method: 'PUT',
      url: '/api/seller/vacation-mode',
      headers: auth,
      payload: { isOn: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(t.app, list)).sellerVacationMode).toBe(true);
  });

  it("never gives a visitor the owner's answer (drafts), nor the owner a visitor's", async () => {
    const { seller, auth } = await sellerWithToken(t);
    await createProduct(t.app, auth, { name: 'Lace Fabric' });
    await createProduct(t.app, auth, { name: 'Draft Gown', status: 'draft' });
    const url = `/api/products/seller/${seller.id}`;
    // The owner asks first, then a visitor, then another seller, then the owner again.
    expect(names((await get(t.app, url, auth)).products)).toEqual(['Draft Gown', 'Lace Fabric']);
    expect(names((await get(t.app, url)).products)).toEqual(['Lace Fabric']);
    const stranger = await sellerWithToken(t);
    expect(names((await get(t.app, url, stranger.auth)).products)).toEqual(['Lace Fabric']);
    expect(names((await get(t.app, url, auth)).products)).toEqual(['Draft Gown', 'Lace Fabric']);
    const auctions = await get(t.app, `/api/products/seller/${seller.id}/auctions`);
    expect(auctions.auctionProducts).toEqual([]);
  });

  it('keeps no answer for a seller who does not exist, and still answers 404', async () => {
    const url = '/api/products/seller/00000000-0000-4000-8000-000000000000';
    const entries = t.app.productLists.stats().entries;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(t.app.productLists.stats().entries).toBe(entries);
  });

  it('bumps the catalogue version once per statement, whatever the number of rows', async () => {
    const { seller, auth } = await sellerWithToken(t);
    const version = async () =>
      (
        await t.db.execute<{ v: string }>(
          sql`select catalogue_version::text as v from sellers where id = ${seller.id}`,
        )
      ).rows[0]?.v;
    expect(await version()).toBe('0');
    await createProduct(t.app, auth);
    await createProduct(t.app, auth);
    expect(await version()).toBe('2');
    await t.db.update(products).set({ stock: 3 }).where(eq(products.sellerId, seller.id));
    expect(await version()).toBe('3');
  });

  it('keeps within its byte budget, dropping the least recently used answers', async () => {
    const small = await buildAppOnSameDatabase(t, { productListCache: { maxBytes: 4 * 1024 } });
    try {
      const { seller, auth } = await sellerWithToken(t);
      for (let i = 0; i < 8; i++) await createProduct(t.app, auth, { name: `Wrapper ${i}` });
      for (let page = 1; page <= 8; page++) {
        await get(small, `/api/products/seller/${seller.id}?page=${page}&limit=1`);
      }
      expect(small.productLists.stats().bytes).toBeLessThanOrEqual(4 * 1024);
      const { entries } = small.productLists.stats();
      expect(entries).toBeGreaterThan(0);
      expect(entries).toBeLessThan(8);
      // The newest page is kept; the oldest went first.
      const hits = small.productLists.stats().hits;
      await get(small, `/api/products/seller/${seller.id}?page=8&limit=1`);
      expect(small.productLists.stats().hits).toBe(hits + 1);
      await get(small, `/api/products/seller/${seller.id}?page=1&limit=1`);
      expect(small.productLists.stats().hits).toBe(hits + 1);
    } finally {
      await small.close();
    }
  });

  it('with PRODUCT_LIST_CACHE_MB=0 keeps nothing and answers the same', async () => {
    const off = await buildAppOnSameDatabase(t, { productListCache: { maxBytes: 0 } });
    try {
      const { seller, auth } = await sellerWithToken(t);
      await createProduct(t.app, auth, { name: 'Black Soap' });
      const url = `/api/products/seller/${seller.id}/search?query=soap`;
      expect(await get(off, url)).toEqual(await get(t.app, url));
      await get(off, url);
      expect(off.productLists.stats()).toMatchObject({ hits: 0, entries: 0, bytes: 0 });
    } finally {
      await off.close();
    }
  });
});
