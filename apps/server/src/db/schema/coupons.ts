import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buyers } from './buyers.ts';
import { streams } from './live.ts';
import { orders } from './orders.ts';
import { sellers } from './sellers.ts';

/**
 * A seller's coupon (issue 16). Money is kobo. The status (active, scheduled, expired, disabled) is
 * not stored: it follows from the dates, the picked show's state and `disabled` (coupon-rules.ts).
 * Codes are unique per seller whatever their case.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** As the seller typed it, upper-cased; matched without regard to case. */
    code: text('code').notNull(),
    /** `percentage` (percentOff) or `fixed` (amountOffKobo). */
    kind: text('kind').notNull(),
    percentOff: integer('percent_off'),
    amountOffKobo: bigint('amount_off_kobo', { mode: 'number' }),
    minOrderKobo: bigint('min_order_kobo', { mode: 'number' }),
    maxDiscountKobo: bigint('max_discount_kobo', { mode: 'number' }),
    usageLimit: integer('usage_limit'),
    perBuyerLimit: integer('per_buyer_limit'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** `store`, `products` (productIds) or `live` (only while streamId is live). */
    scope: text('scope').notNull(),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    streamId: uuid('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_seller_code_key').on(t.sellerId, sql`lower(${t.code})`),
    index('coupons_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    check('coupons_kind_known', sql`${t.kind} in ('percentage', 'fixed')`),
    check('coupons_scope_known', sql`${t.scope} in ('store', 'products', 'live')`),
    check(
      'coupons_value_matches_kind',
      sql`(${t.kind} = 'percentage' and ${t.percentOff} between 1 and 100 and ${t.amountOffKobo} is null) or (${t.kind} = 'fixed' and ${t.amountOffKobo} > 0 and ${t.percentOff} is null)`,
    ),
    check('coupons_dates_in_order', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);
export type CouponRow = typeof coupons.$inferSelect;

/**
 * One per order that used a coupon, written in the order's transaction under the coupon's row lock.
 * It counts against the limits while its order holds it: an unpaid order that is cancelled or
 * expires releases it (the count leaves such orders out, so no job has to remember to).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
    index('coupon_redemptions_coupon_buyer_idx').on(t.couponId, t.buyerId),
  ],
);
