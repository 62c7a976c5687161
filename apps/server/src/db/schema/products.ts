import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories, subCategories } from './onboarding.ts';
import { sellers } from './sellers.ts';

export const productStatusEnum = pgEnum('product_status', ['active', 'draft', 'out_of_stock', 'archived']);
export const productConditionEnum = pgEnum('product_condition', ['new', 'used', 'refurbished']);

export type VariantOptionRecord = { id: string; name: string; values: string[] };

/** Variant prices are integer kobo like every other stored amount; null means the product's price. */
export type SubSubVariantRecord = {
  name: string;
  value: string;
  priceKobo: number | null;
  stock: number;
  sku: string;
  images: string[];
};
export type SubVariantRecord = {
  name: string;
  value: string;
  priceKobo: number | null;
  stock: number;
  images: string[];
  subSubVariants: SubSubVariantRecord[];
};
export type VariantRecord = {
  name: string;
  value: string;
  priceKobo: number | null;
  totalStock: number;
  images: string[];
  subVariants: SubVariantRecord[];
};

export type SaleTypeRecord = {
  buyNow: boolean;
  auction: { startingBidKobo: number; reservePriceKobo?: number } | null;
};

export type DimensionsCmRecord = { length: number; width: number; height: number };

/** A seller's product (SPEC section 3 "Product list state", section 7 "Products and blips"). */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: uuid('sub_category_id')
      .notNull()
      .references(() => subCategories.id),
    // ₦100,000,000 is 10^10 kobo, beyond a 32-bit integer.
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    compareAtPriceKobo: bigint('compare_at_price_kobo', { mode: 'number' }),
    stock: integer('stock').notNull().default(1),
    condition: productConditionEnum('condition').notNull().default('new'),
    // numeric keeps the seller's decimal exactly; the repository reads it back as a number.
    weightKg: numeric('weight_kg', { precision: 10, scale: 3, mode: 'number' }),
    dimensionsCm: jsonb('dimensions_cm').$type<DimensionsCmRecord>(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    status: productStatusEnum('status').notNull().default('active'),
    saleType: jsonb('sale_type').$type<SaleTypeRecord>().notNull(),
    options: jsonb('options').$type<VariantOptionRecord[]>().notNull().default([]),
    variants: jsonb('variants').$type<VariantRecord[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The owner's status tabs: one status, newest first. Further list indexes need INCLUDE, which
    // drizzle cannot express; they are written by hand in migration 0005_blips_and_search.sql:
    // products_seller_created_idx (seller_id, created_at desc, id desc) include (status, category_id, price_kobo),
    // products_seller_price_idx (seller_id, price_kobo, id) include (status, category_id),
    // products_seller_name_idx (seller_id, lower(name), id) include (name, status, category_id, price_kobo).
    // With them, a page of any sort and filter is read from the index alone (no table rows skipped).
    index('products_seller_status_created_idx').on(
      t.sellerId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // What visitors see of a store (active and out of stock), newest or oldest first: the page's
    // ids read from this narrower index without testing each entry's status (issue 19). The list
    // statements write the two statuses as literals so the generic plan can prove the predicate.
    index('products_seller_public_created_idx')
      .on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('active', 'out_of_stock')`),
    // Word search within one seller (ILIKE '%word%'): btree_gin puts the seller id beside the
    // trigrams, so a seller's matches are found without visiting other sellers' products.
    // It now serves only the misspelling fallback (`name %> word`); words are found by the next one.
    index('products_seller_name_trgm_idx').using('gin', t.sellerId, sql`${t.name} gin_trgm_ops`),
    // Word search (issue 19): written by hand at the end of migration 0026, as it indexes a
    // function of its own: products_search_words_idx, GIN on product_search_vector(seller_id, name),
    // the name's words of the 'simple' configuration (no stemming: names mix languages and brand
    // names) each prefixed with the seller's id, so each entry lists one seller's products with
    // one word (docs/cold-path.md). Matched by prefix; GIN needs no recheck of a tsvector match.
    // Products a live auction can offer (the auctions list).
    index('products_seller_auction_idx')
      .on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active' and jsonb_typeof(${t.saleType} -> 'auction') = 'object'`),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
  ],
);

/**
 * Per seller and status: how many products and the kobo value of their stock (price x stock).
 * Kept by statement triggers on products (migration 0005), so the list's statistics are a lookup
 * of at most four rows instead of a sum over every product of a large catalogue.
 */
export const productStatistics = pgTable(
  'product_statistics',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    status: productStatusEnum('status').notNull(),
    productCount: bigint('product_count', { mode: 'number' }).notNull().default(0),
    stockValueKobo: numeric('stock_value_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.status] })],
);

/**
 * Per seller, status and UTC day of creation: how many products (issue 19, docs/cold-path.md).
 * Kept by statement triggers on products (migration 0026), as product_statistics is. A deep page
 * of the newest or oldest first starts its walk of the created-at index at the day holding it
 * instead of skipping every product before it: page 500 skips at most one day's products.
 */
export const productCreatedDays = pgTable(
  'product_created_days',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    status: productStatusEnum('status').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productCount: integer('product_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.status] })],
);

/**
 * The products' word index (issue 19, docs/cold-path.md): one row per product and distinct word of
 * its name (the lexemes of `to_tsvector('simple', name)`, the word search's own words), carrying
 * what a searched list filters and sorts by. Its two indexes (migration 0035, hand-written: drizzle
 * cannot write their INCLUDE) hold each seller's word in list order, newest or by price, so a
 * searched page reads its own entries instead of every match. Kept by statement triggers on
 * products; no foreign key, as no row outlives its product (the delete trigger removes them).
 * Migration 0037 adds `bits`, generated from the words and the status (a signature a searched page
 * tests before the words); it is left out here as drizzle cannot write its generation, and nothing
 * reads it through drizzle.
 */
export const productSearchWords = pgTable('product_search_words', {
  sellerId: uuid('seller_id').notNull(),
  /** Collated "C" (migration 0035): compared byte by byte, as the vocabulary's prefix ranges are. */
  word: text('word').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  productId: uuid('product_id').notNull(),
  status: productStatusEnum('status').notNull(),
  priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
  categoryId: uuid('category_id').notNull(),
  /** All of the name's words: the other words of a search are tested on the index entry. */
  words: text('words').array().notNull(),
});

/**
 * Every word of a seller's product names with the number of products holding it: a search's
 * words are looked up here (the last one as a prefix, `ank` finds `ankara` and `ankle`), and the
 * rarest is the range of `product_search_words` that is read. Kept by the same triggers; a word no
 * product holds any more is removed.
 */
export const productSearchVocabulary = pgTable(
  'product_search_vocabulary',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** Collated "C" (migration 0035), so a prefix is one range of the primary key. */
    word: text('word').notNull(),
    productCount: integer('product_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.word] })],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
