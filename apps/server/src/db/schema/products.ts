import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
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
    // The seller's list: filtered by status, newest first by default.
    index('products_seller_status_created_idx').on(t.sellerId, t.status, t.createdAt.desc()),
    index('products_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    index('products_seller_price_idx').on(t.sellerId, t.priceKobo),
    // Substring search on the name (ILIKE '%word%') can use a trigram index; a b-tree cannot.
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
