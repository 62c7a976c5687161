// The products' word index (migration 0035, docs/cold-path.md) against the GIN index it stands in
// for: over random catalogues changed by inserts, renames, status, price and stock changes and
// deletes, the index holds exactly each product's words and the vocabulary their counts, and every
// searched page (newest, oldest or by price, with statuses, prices and a category) has the same
// products in the same order, its total the GIN's count up to WORD_COUNT_PAGES_AHEAD pages past the
// page shown.
import type { ProductStatus } from '@kasuwa/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, subCategories } from '@/db/schema/index.ts';
import { productPages, WORD_COUNT_PAGES_AHEAD } from '@/modules/products/product-pages.ts';
import type { ProductPageFilter } from '@/modules/products/products.repository.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let categories: { categoryId: string; subCategoryId: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  const subs = await t.db.select().from(subCategories).limit(40);
  const byCategory = new Map(subs.map((s) => [s.categoryId, s.id]));
  categories = [...byCategory]
    .slice(0, 2)
    .map(([categoryId, subCategoryId]) => ({ categoryId, subCategoryId }));
});
afterAll(() => t?.close());

// Words of a few syllables, so a typed word often begins several of the seller's words (`an` of
// `ankara` and `anka`), with digits, a letter outside ASCII (the GIN path answers those) and
// punctuation the parser splits on.
const syllable = fc.oneof(
  { arbitrary: fc.constantFrom('an', 'ka', 'ra', 'ro', 'yal', '5', '52'), weight: 12 },
  { arbitrary: fc.constant('É'), weight: 1 },
);
const word = fc.array(syllable, { minLength: 1, maxLength: 3 }).map((s) => s.join(''));
const name = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '-', ' #'))
  .map(([words, gap]) => words.join(gap));
const STATUSES: readonly ProductStatus[] = ['active', 'draft', 'out_of_stock', 'archived'];

const product = fc.record({
  name,
  status: fc.constantFrom(...STATUSES, 'active', 'active'),
  // Few prices and instants, so ties are common and the id decides them.
  price: fc.integer({ min: 1, max: 4 }),
  minute: fc.integer({ min: 0, max: 5 }),
  category: fc.integer({ min: 0, max: 1 }),
});

type ProductArb = typeof product extends fc.Arbitrary<infer T> ? T : never;

type Change =
  | { type: 'rename'; at: number; name: string }
  | { type: 'status'; at: number; status: ProductStatus }
  | { type: 'price'; at: number; price: number }
  | { type: 'stock'; at: number }
  | { type: 'delete'; at: number }
  | { type: 'insert'; product: ProductArb };
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ type: fc.constant('rename' as const), at: fc.nat(), name }),
  fc.record({ type: fc.constant('status' as const), at: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ type: fc.constant('price' as const), at: fc.nat(), price: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ type: fc.constant('stock' as const), at: fc.nat() }),
  fc.record({ type: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ type: fc.constant('insert' as const), product }),
);

/** A value one time in four, else undefined. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });

const query = fc.record({
  // Words of one of the catalogue's names (picked when the catalogue is known), the last one often
  // cut short as it is while typing; now and then a word of no name, or of another.
  from: fc.nat(),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  cut: fc.nat(),
  stray: sometimes(fc.oneof(word, fc.constantFrom('a', 'r', '5', 'zz'))),
  sort: fc.constantFrom('createdAt' as const, 'price' as const),
  order: fc.constantFrom('asc' as const, 'desc' as const),
  statuses: fc.subarray([...STATUSES], { minLength: 1 }),
  min: sometimes(fc.integer({ min: 1, max: 4 })),
  max: sometimes(fc.integer({ min: 1, max: 4 })),
  category: sometimes(fc.integer({ min: 0, max: 1 })),
  page: fc.oneof(
    { arbitrary: fc.constant(1), weight: 2 },
    { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 1 },
  ),
  limit: fc.integer({ min: 1, max: 4 }),
});

const row = (sellerId: string, p: ProductArb) => ({
  sellerId,
  name: p.name,
  categoryId: categories[p.category]?.categoryId ?? '',
  subCategoryId: categories[p.category]?.subCategoryId ?? '',
  priceKobo: p.price * 100_000,
  stock: 3,
  status: p.status,
  saleType: { buyNow: true, auction: null },
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, p.minute)),
});

const idOf = (answer: string): string => JSON.parse(answer)._id;
const nameOf = (answer: string): string => JSON.parse(answer).name;

/** What the index should hold, worked out again from the products, and what it holds. */
async function indexAgainstProducts() {
  const { rows } = await t.db.execute<{ missing: number; extra: number; vocabulary: number }>(sql`
    with expected as (
      select p.seller_id, w as word, p.created_at, p.id, p.status, p.price_kobo, p.category_id,
             product_name_words(p.name) as words
      from products p, unnest(product_name_words(p.name)) as w),
    held as (
      select seller_id, word, created_at, product_id, status, price_kobo, category_id, words
      from product_search_words)
    select (select count(*) from (select * from expected except all select * from held) a)::int as missing,
           (select count(*) from (select * from held except all select * from expected) b)::int as extra,
           (select count(*) from (
              (select seller_id, word, count(*)::int from held group by 1, 2
               except select seller_id, word, product_count from product_search_vocabulary)
              union all
              (select seller_id, word, product_count from product_search_vocabulary
               except select seller_id, word, count(*)::int from held group by 1, 2)) c)::int as vocabulary`);
  return rows[0];
}

describe('the products word index', () => {
  it('holds each product’s words and answers each searched page as the GIN index does', async () => {
    const indexed = productPages(t.db);
    const gin = productPages(t.db, { wordIndex: false });
    await fc.assert(
      fc.asyncProperty(
        fc.array(product, { minLength: 1, maxLength: 30 }),
        fc.array(change, { maxLength: 12 }),
        fc.array(query, { minLength: 1, maxLength: 8 }),
        async (catalogue, changes, queries) => {
          const { seller } = await sellerWithToken(t);
          const other = await sellerWithToken(t);
          // Another seller with the same names: never found in the first one's lists.
          await t.db.insert(products).values(catalogue.map((p) => row(other.seller.id, p)));
          const ids = (
            await t.db
              .insert(products)
              .values(catalogue.map((p) => row(seller.id, p)))
              .returning({ id: products.id })
          ).map((r) => r.id);
          for (const c of changes) {
            const id = ids[c.type === 'insert' ? 0 : c.at % ids.length];
            if (c.type === 'insert') {
              const [added] = await t.db
                .insert(products)
                .values(row(seller.id, c.product))
                .returning({ id: products.id });
              if (added) ids.push(added.id);
            } else if (id === undefined) {
            } else if (c.type === 'rename') {
              await t.db.update(products).set({ name: c.name }).where(eq(products.id, id));
            } else if (c.type === 'status') {
              await t.db.update(products).set({ status: c.status }).where(eq(products.id, id));
            } else if (c.type === 'price') {
              await t.db
                .update(products)
                .set({ priceKobo: c.price * 100_000 })
                .where(eq(products.id, id));
            } else if (c.type === 'stock') {
              await t.db
                .update(products)
                .set({ stock: sql`${products.stock} + 1` })
                .where(eq(products.id, id));
            } else if (ids.length > 1) {
              await t.db.delete(products).where(eq(products.id, id));
              ids.splice(ids.indexOf(id), 1);
            }
          }
          expect(await indexAgainstProducts()).toEqual({ missing: 0, extra: 0, vocabulary: 0 });

          const wordsOf = catalogue.map((p) => p.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? ['an']);
          for (const q of queries) {
            const of = wordsOf[q.from % wordsOf.length] ?? ['an'];
            const words = q.picks.map((i) => of[i % of.length] ?? 'an');
            const last = words.pop() ?? 'an';
            words.push(last.slice(0, 1 + (q.cut % last.length)));
            if (q.stray !== undefined) words.unshift(q.stray);
            const filter: ProductPageFilter = {
              sellerId: seller.id,
              statuses: q.statuses,
              words,
              minPriceKobo: q.min === undefined ? undefined : q.min * 100_000,
              maxPriceKobo: q.max === undefined ? undefined : q.max * 100_000,
              categoryId: q.category === undefined ? undefined : categories[q.category]?.categoryId,
              sort: q.sort,
              order: q.order,
              offset: (q.page - 1) * q.limit,
              limit: q.limit,
            };
            const a = await indexed.read(filter, q.statuses, { countMatches: true });
            const b = await gin.read(filter, q.statuses, { countMatches: true });
            const said = JSON.stringify({ q, words, names: catalogue.map((p) => p.name) });
            expect(a?.answers.map(idOf), said).toEqual(b?.answers.map(idOf));
            const exact = b?.counted ?? 0;
            const cap = filter.offset + filter.limit * (WORD_COUNT_PAGES_AHEAD + 1);
            // From the word index a page counts up to `cap`; a search it cannot answer (a letter
            // outside ASCII, a last word beginning many words) is the GIN's, counted whole.
            if (a?.answers.length && exact > cap) expect([cap, exact], said).toContain(a.counted);
            else expect(a?.counted, said).toBe(exact);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('pages through products of one instant and price in id order, as the GIN index does', async () => {
    const { seller } = await sellerWithToken(t);
    const at = new Date(Date.UTC(2026, 0, 1));
    await t.db.insert(products).values(
      Array.from({ length: 9 }, (_, i) => ({
        ...row(seller.id, { name: `Raka ${i}`, status: 'active', price: 1, minute: 0, category: 0 }),
        createdAt: at,
      })),
    );
    for (const sort of ['createdAt', 'price'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        for (let page = 1; page <= 4; page++) {
          const filter: ProductPageFilter = {
            sellerId: seller.id,
            statuses: ['active'],
            words: ['rak'],
            sort,
            order,
            offset: (page - 1) * 3,
            limit: 3,
          };
          const a = await productPages(t.db).read(filter, ['active'], { countMatches: true });
          const b = await productPages(t.db, { wordIndex: false }).read(filter, ['active'], {
            countMatches: true,
          });
          expect(a?.answers.map(nameOf)).toEqual(b?.answers.map(nameOf));
          expect(a?.counted).toBe(9);
        }
      }
    }
  });
});
