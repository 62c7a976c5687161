// The word search of issue 19 (full-text prefix match, misspelling fallback) against the ILIKE
// search it replaced: the same rows, order and totals wherever each word begins a word of the name.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/db/schema/index.ts';
import { searchTerms, WORD_COUNT_PAGES_AHEAD, wordsMatch } from '@/modules/products/product-pages.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { someCategory } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let sellerId: string;
let auth: { authorization: string };

const ADJECTIVES = ['Royal', 'Classic', 'Vintage', 'Modern'];
const COLOURS = ['Red', 'Gold', 'Blue'];
const NOUNS = ['Ankara', 'Aso Oke', 'Adire', 'Phone Case', 'Sold-out Lace'];
const STATUSES = ['active', 'active', 'draft', 'out_of_stock', 'active', 'archived'] as const;

beforeAll(async () => {
  t = await buildTestApp();
  const category = await someCategory(t);
  const a = await sellerWithToken(t);
  sellerId = a.seller.id;
  auth = a.auth;
  // 240 products straight in the table (the statistics triggers keep the counts), with creation
  // times and prices that tie now and then, so the id decides some places in the order.
  const rows = Array.from({ length: 240 }, (_, g) => ({
    sellerId,
    name: `${ADJECTIVES[g % 4]} ${COLOURS[Math.floor(g / 4) % 3]} ${NOUNS[Math.floor(g / 12) % 5]} #${g}`,
    ...category,
    priceKobo: 100_000 + (g % 7) * 50_000,
    stock: 3,
    status: STATUSES[g % 6] ?? 'active',
    saleType: { buyNow: true, auction: null },
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, g % 20)),
  }));
  await t.db.insert(products).values(rows);
  const b = await sellerWithToken(t);
  const [first] = rows;
  if (first)
    await t.db.insert(products).values({ ...first, sellerId: b.seller.id, name: 'Royal Red Ankara (other)' });
});
afterAll(() => t.close());

type Order = 'createdAt' | 'price' | 'name';
const KEYS: Record<Order, string> = { createdAt: 'created_at', price: 'price_kobo', name: 'lower(name)' };

/** What the ILIKE search answered: every word anywhere in the name, in the given order. */
async function before(words: string[], statuses: string[], sort: Order, dir: 'asc' | 'desc', min?: number) {
  const patterns = words.map((w) => `%${w}%`);
  const { rows } = await t.db.execute<{ name: string }>(sql`
    select name from products
    where seller_id = ${sellerId} and status::text in ${statuses}
      and name ilike all(array[${sql.join(
        patterns.map((p) => sql`${p}`),
        sql`, `,
      )}]) and price_kobo >= ${min ?? 0}
    order by ${sql.raw(KEYS[sort])} ${sql.raw(dir)}, id ${sql.raw(dir)}`);
  return rows.map((r) => r.name);
}

const get = async (url: string, headers = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('word search: full-text prefix match', () => {
  it.each([
    ['royal ankara', ['active', 'out_of_stock'], 'createdAt', 'desc', undefined, false],
    ['ankara', ['active', 'draft', 'out_of_stock', 'archived'], 'createdAt', 'asc', undefined, true],
    ['GOLD', ['active', 'out_of_stock'], 'price', 'asc', 2000, false],
    ['red ank', ['active', 'out_of_stock'], 'name', 'desc', undefined, false],
    ['sold-out', ['active', 'draft', 'out_of_stock', 'archived'], 'price', 'desc', undefined, true],
    ['phone case', ['active', 'out_of_stock'], 'name', 'asc', undefined, false],
  ] as const)(
    'answers "%s" with the rows, order and totals the ILIKE search did',
    async (query, statuses, sort, order, minPrice, owner) => {
      const expected = await before(
        query.split(' '),
        [...statuses],
        sort,
        order,
        minPrice ? minPrice * 100 : undefined,
      );
      expect(expected.length).toBeGreaterThan(3);
      const limit = 3;
      const pages = Math.ceil(expected.length / limit);
      const seen: string[] = [];
      for (let page = 1; page <= pages + 1; page++) {
        const body = await get(
          `/api/products/seller/${sellerId}/search?query=${encodeURIComponent(query)}&sortBy=${sort}&order=${order}&page=${page}&limit=${limit}${minPrice ? `&minPrice=${minPrice}` : ''}`,
          owner ? auth : {},
        );
        // Newest, oldest or by price, the matches are counted up to WORD_COUNT_PAGES_AHEAD pages past
        // the page shown (the word index); by name, or past the last match, every match is.
        const total =
          sort === 'name' || page > pages
            ? expected.length
            : Math.min(expected.length, (page - 1) * limit + limit * (WORD_COUNT_PAGES_AHEAD + 1));
        expect(body.pagination).toEqual({
          currentPage: page,
          totalPages: Math.ceil(total / limit),
          total,
          limit,
        });
        seen.push(...body.data.map((p: { name: string }) => p.name));
      }
      expect(seen).toEqual(expected);
    },
  );

  it('pages the seller list with search= the same way, newest first', async () => {
    const expected = await before(['vintage', 'adire'], ['active', 'out_of_stock'], 'createdAt', 'desc');
    const body = await get(`/api/products/seller/${sellerId}?search=vintage%20adire&page=2&limit=2`);
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(expected.slice(2, 4));
    expect(body.totalProducts).toBe(expected.length);
    expect(body.totalPages).toBe(Math.ceil(expected.length / 2));
  });

  it('no longer finds a piece from inside a word when a word begins with it (docs/spec-deviations.md)', async () => {
    const c = await sellerWithToken(t);
    const category = await someCategory(t);
    for (const name of ['Red Ankara', 'Bored Ape Shirt']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: c.auth,
        payload: { name, ...category, price: 1000 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const body = await get(`/api/products/seller/${c.seller.id}/search?query=red`);
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(['Red Ankara']);
    // With no word beginning with it, the misspelling fallback still offers the name.
    const inner = await get(`/api/products/seller/${c.seller.id}/search?query=kara`);
    expect(inner.data.map((p: { name: string }) => p.name)).toEqual(['Red Ankara']);
  });

  it('finds a word typed only in part before the last one through the misspelling fallback', async () => {
    expect((await get(`/api/products/seller/${sellerId}/search?query=roy%20ankara`)).pagination.total).toBe(
      (await before(['royal', 'ankara'], ['active', 'out_of_stock'], 'createdAt', 'desc')).length,
    );
    expect((await get(`/api/products/seller/${sellerId}/search?query=ankara%20roy`)).pagination.total).toBe(
      (await before(['royal', 'ankara'], ['active', 'out_of_stock'], 'createdAt', 'desc')).length,
    );
  });

  it('turns the words into a query of letters and digits only, the last a prefix', () => {
    expect(searchTerms(['Royal', 'ANK'])).toBe('royal & ank:*');
    expect(searchTerms(['100%', "o'neil", 'sold-out'])).toBe('100 & o & neil & sold & out:*');
    expect(searchTerms(['_', '%', '&|!'])).toBeNull();
  });
});

describe('list rows', () => {
  it('answer each product exactly as its own page does, to the millisecond', async () => {
    const c = await sellerWithToken(t);
    const category = await someCategory(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: c.auth,
      payload: {
        name: 'Adire Throw Pillow',
        ...category,
        price: 12500.5,
        compareAtPrice: 14000,
        stock: 7,
        weightKg: 1.25,
        dimensionsCm: { length: 40, width: 40, height: 12.5 },
        tags: ['adire', 'home'],
        saleType: { buyNow: true, auction: { startingBid: 5000, reservePrice: 8000 } },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().product._id;
    // Microseconds, which the answers cut to milliseconds.
    await t.db.execute(
      sql`update products set created_at = '2026-01-02 03:04:05.678912+00' where id = ${id}`,
    );
    const own = await get(`/api/products/${id}`, c.auth);
    expect(own.createdAt).toBe('2026-01-02T03:04:05.678Z');
    expect((await get(`/api/products/seller/${c.seller.id}`, c.auth)).products).toEqual([own]);
    expect((await get(`/api/products/seller/${c.seller.id}/search?query=pillow`)).data).toEqual([own]);
    expect((await get(`/api/products/seller/${c.seller.id}/auctions`)).auctionProducts).toEqual([own]);
  });
});

describe('misspelling fallback', () => {
  it('offers names with a word close to each word when no name begins with them', async () => {
    const expected = await before(['ankara'], ['active', 'out_of_stock'], 'createdAt', 'desc');
    const body = await get(`/api/products/seller/${sellerId}/search?query=ankra&limit=50`);
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(expected);
    expect(body.pagination.total).toBe(expected.length);
    const list = await get(`/api/products/seller/${sellerId}?search=vintaje%20adire&limit=50`);
    expect(list.totalProducts).toBe(
      (await before(['vintage', 'adire'], ['active', 'out_of_stock'], 'createdAt', 'desc')).length,
    );
  });

  it('finds nothing for words close to no name, and leaves the threshold to its transaction', async () => {
    expect((await get(`/api/products/seller/${sellerId}/search?query=agbada`)).pagination.total).toBe(0);
    expect((await get(`/api/products/seller/${sellerId}/search?query=_`)).pagination.total).toBe(0);
    const { rows } = await t.db.execute<{ v: string }>(
      sql`select current_setting('pg_trgm.word_similarity_threshold', true) as v`,
    );
    expect(rows[0]?.v ?? null).not.toBe('0.4');
  });
});

describe('plans', () => {
  it("finds a word through the word-search index, in the seller's own entries", async () => {
    // The test database is tiny, so the planner would rightly read the whole table or walk a
    // btree; forbid those to see that the statement's expression is the index's.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`analyze products`);
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      const query = tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), wordsMatch(sellerId, 'ankara:*')));
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query.getSQL()}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Bitmap Index Scan on products_search_words_idx');
    expect(plan).toMatch(/Index Cond: \(product_search_vector\(seller_id, name\) @@ /);
    expect(plan).not.toContain('Seq Scan');
  });
});
