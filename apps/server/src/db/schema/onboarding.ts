import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

export type WarehouseRecord = {
  name: string;
  contactNumber: string;
  address: {
    country: string;
    state: string;
    city: string;
    addressLine1: string;
    addressLine2?: string | undefined;
    zipCode: string;
  };
};

export type ShippingOptionsRecord = {
  shippingMethod: 'seller' | 'pickup' | 'kasuwa';
  returnsAndExchangePolicy: 'kasuwa' | 'custom';
  /** 7 for the Kasuwa policy; the seller's 7, 14 or 30 for a custom one. */
  returnWindowDays: number;
  /** When the seller ticked the shipping and returns terms. */
  agreedToTermsAt?: string;
};

/**
 * What onboarding collects beyond the seller record: business details, the warehouse, shipping
 * options and when the application went to review. One row per seller, made on the first step.
 */
export const sellerOnboarding = pgTable('seller_onboarding', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  businessType: text('business_type'),
  businessTaxInfo: text('business_tax_info'),
  businessEmail: text('business_email'),
  businessPhone: text('business_phone'),
  warehouseDetails: jsonb('warehouse_details').$type<WarehouseRecord>(),
  shippingOptions: jsonb('shipping_options').$type<ShippingOptionsRecord>(),
  /** Set when the application is complete enough for the support team to review it. */
  submittedForReviewAt: timestamp('submitted_for_review_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const documentKindEnum = pgEnum('document_kind', [
  'certificateOfIncorporation',
  'businessTaxId',
  'individualTaxId',
  'governmentId',
  'proofOfAddress',
]);

/**
 * Verification documents. The file lives in storage under `storageKey` (a server-made name); a new
 * upload of the same kind replaces the old one, so a seller has at most one document of each kind.
 */
export const sellerDocuments = pgTable(
  'seller_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    kind: documentKindEnum('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    /** As the seller named it, for display only; never used to build a path. */
    originalName: text('original_name').notNull(),
    /** Found from the content (magic bytes), not from the name or the browser's claim. */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seller_documents_seller_kind_key').on(t.sellerId, t.kind)],
);

/** The catalogue of what sellers can sell (GET /categories), seeded on first start. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull(),
  position: integer('position').notNull(),
});

export const subCategories = pgTable(
  'sub_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('sub_categories_category_name_key').on(t.categoryId, t.name)],
);

/** The categories a seller chose, each with the names of its chosen sub-categories. */
export const sellerCategories = pgTable(
  'seller_categories',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    subCategoryIds: jsonb('sub_category_ids').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.categoryId] }),
    index('seller_categories_category_idx').on(t.categoryId),
  ],
);

export type SellerDocumentRow = typeof sellerDocuments.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type SubCategoryRow = typeof subCategories.$inferSelect;
