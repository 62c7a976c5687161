// The product JSON PostgreSQL keeps on each row for the lists (migration 0036) against what the
// server makes of the same row (product-view.ts's toProduct, checked with the contract): over random
// products — prices with and without kobo, three levels of variants with and without their own
// prices, auctions with and without a reserve, weights, sizes and times with microseconds — and
// after an update and a category rename.
import { productSchema } from '@kasuwa/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, subCategories } from '@/db/schema/index.ts';
import { toProduct } from '@/modules/products/product-view.ts';
import { productsRepository } from '@/modules/products/products.repository.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const kobo = fc.oneof(
  fc.integer({ min: 1, max: 5_000_000_000 }),
  fc.constantFrom(100, 5_000_000, 41_751_454, 7),
);
const maybeKobo = fc.option(kobo, { nil: null });
// As the contract keeps them: trimmed, not empty.
const text = fc
  .string({ minLength: 1, maxLength: 12 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const images = fc.array(fc.webUrl(), { maxLength: 2 });
const subSub = fc.record({
  name: text,
  value: text,
  priceKobo: maybeKobo,
  stock: fc.nat(50),
  sku: text,
  images,
});
const sub = fc.record({
  name: text,
  value: text,
  priceKobo: maybeKobo,
  stock: fc.nat(50),
  images,
  subSubVariants: fc.array(subSub, { maxLength: 3 }),
});
const variant = fc.record({
  name: text,
  value: text,
  priceKobo: maybeKobo,
  totalStock: fc.nat(100),
  images,
  subVariants: fc.array(sub, { maxLength: 3 }),
});
const product = fc.record({
  name: fc.constantFrom('Adire "Royal" \\ Throw', 'Ankara : gown, blue', 'Tab\tand\nline'),
  description: fc.string({ maxLength: 40 }),
  priceKobo: kobo,
  compareAtPriceKobo: maybeKobo,
  stock: fc.nat(1000),
  weightKg: fc.option(
    fc.integer({ min: 1, max: 9_999_999 }).map((g) => g / 1000),
    { nil: null },
  ),
  dimensionsCm: fc.option(
    fc.record({
      length: fc.constantFrom(40, 12.5),
      width: fc.constantFrom(1, 0.5),
      height: fc.constantFrom(3, 99.9),
    }),
    { nil: null },
  ),
  tags: fc.array(text, { maxLength: 3 }),
  images,
  auction: fc.option(fc.record({ startingBidKobo: kobo, reserve: fc.option(kobo, { nil: undefined }) }), {
    nil: null,
  }),
  variants: fc.array(variant, { maxLength: 3 }),
  micros: fc.integer({ min: 0, max: 999_999 }),
});

describe('the product JSON kept on each row', () => {
  it('is the product as the server answers it, through updates and a category rename', async () => {
    const { seller } = await sellerWithToken(t);
    const [sub1] = await t.db.select().from(subCategories).limit(1);
    if (!sub1) throw new Error('catalogue not seeded');
    const repo = productsRepository(t.db);
    const kept = async (id: string) => {
      const { rows } = await t.db.execute<{ answer_json: string }>(
        sql`select answer_json from products where id = ${id}`,
      );
      const text = rows[0]?.answer_json ?? 'null';
      // Written as JSON.stringify writes it: no space outside its strings, the same escapes.
      expect(text).toBe(JSON.stringify(JSON.parse(text)));
      return JSON.parse(text);
    };
    const served = async (id: string) => {
      const view = await repo.findById(id);
      if (!view) throw new Error('no product');
      return productSchema.parse(toProduct(view));
    };
    await fc.assert(
      fc.asyncProperty(product, async (generated) => {
        // Plain objects (fast-check's records have no prototype, which the driver's JSON refuses).
        const p: typeof generated = JSON.parse(JSON.stringify(generated));
        const [row] = await t.db
          .insert(products)
          .values({
            sellerId: seller.id,
            name: p.name,
            description: p.description,
            categoryId: sub1.categoryId,
            subCategoryId: sub1.id,
            priceKobo: p.priceKobo,
            compareAtPriceKobo: p.compareAtPriceKobo,
            stock: p.stock,
            weightKg: p.weightKg,
            dimensionsCm: p.dimensionsCm,
            tags: p.tags,
            images: p.images,
            saleType: {
              buyNow: true,
              auction: p.auction && {
                startingBidKobo: p.auction.startingBidKobo,
                ...(p.auction.reserve !== undefined ? { reservePriceKobo: p.auction.reserve } : {}),
              },
            },
            variants: p.variants,
            createdAt: sql`'2026-01-02 03:04:05+00'::timestamptz + ${p.micros} * interval '1 microsecond'`,
          })
          .returning({ id: products.id });
        if (!row) throw new Error('not inserted');
        expect(await kept(row.id)).toEqual(await served(row.id));
        // A sale takes stock straight in SQL: the text follows.
        await t.db
          .update(products)
          .set({ stock: sql`${products.stock} + 1`, priceKobo: p.priceKobo + 1 })
          .where(eq(products.id, row.id));
        expect(await kept(row.id)).toEqual(await served(row.id));
      }),
      { numRuns: 60 },
    );

    const [one] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sellerId, seller.id))
      .limit(1);
    if (!one) throw new Error('no product');
    const was = sub1.name;
    try {
      await t.db
        .update(subCategories)
        .set({ name: 'Renamed For The Test' })
        .where(eq(subCategories.id, sub1.id));
      expect((await kept(one.id)).subCategory).toBe('Renamed For The Test');
      expect(await kept(one.id)).toEqual(await served(one.id));
    } finally {
      await t.db.update(subCategories).set({ name: was }).where(eq(subCategories.id, sub1.id));
    }
  });
});
