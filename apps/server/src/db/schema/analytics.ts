import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { blips } from './blips.ts';
import { buyers } from './buyers.ts';
import { streams } from './live.ts';
import { sellers } from './sellers.ts';

/**
 * Analytics & Insights (issue 17, docs/analytics.md). Daily rollups of a seller's orders, kept by
 * statement triggers on `orders` and `order_lines` in the same transaction as the order change
 * (migration, hand-written part), so a page of figures over two years reads a few hundred rows
 * instead of a million orders. A day is a Lagos calendar day. "Sale" means an order whose money
 * came in: paid online, pay on delivery collected, or later refunded in whole or part (refunds are
 * reported apart, from the refunds table).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** The order's destination state as stored on the order ('' when none was given yet). */
    state: text('state').notNull(),
    /** Orders placed that day, whatever became of them. */
    orders: integer('orders').notNull().default(0),
    saleOrders: integer('sale_orders').notNull().default(0),
    salesKobo: bigint('sales_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.state] })],
);

/** Orders placed per day by their Orders tab now (the "orders by status" chart). */
export const analyticsDailyStatus = pgTable(
  'analytics_daily_status',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    tab: text('tab').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.tab] })],
);

/** Units and sales per product name per day, from the lines of sale orders. */
export const analyticsProductDaily = pgTable(
  'analytics_product_daily',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    productName: text('product_name').notNull(),
    units: integer('units').notNull().default(0),
    salesKobo: bigint('sales_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.productName] })],
);

/** Each buyer's first sale day with the seller: who is a new customer in a period. */
export const analyticsCustomers = pgTable(
  'analytics_customers',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    firstDay: date('first_day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.buyerId] }),
    index('analytics_customers_seller_first_day_idx').on(t.sellerId, t.firstDay),
  ],
);

/** Which buyers bought (a sale order) on which day, with how many orders. */
export const analyticsBuyerDays = pgTable(
  'analytics_buyer_days',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    buyerId: uuid('buyer_id').notNull(),
    orders: integer('orders').notNull().default(0),
    /**
     * Days since this buyer's previous sale day with the seller (367 when none within 366 days),
     * null while the day holds no sale. Kept by the table's own triggers (migration, hand-written).
     */
    gap: smallint('gap'),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.day, t.buyerId] }),
    index('analytics_buyer_days_buyer_day_idx').on(t.sellerId, t.buyerId, t.day),
  ],
);

/**
 * Buyer-days per day by their gap: the distinct buyers of a period [from, to] are the buyer-days in
 * it whose gap is larger than their distance from `from` (each buyer's first sale day in the
 * period), a sum over a few hundred rows a day instead of a DISTINCT over every buyer-day.
 */
export const analyticsBuyerGaps = pgTable(
  'analytics_buyer_gaps',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    gap: smallint('gap').notNull(),
    buyers: integer('buyers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.gap] })],
);

/**
 * Who watched a seller's live show or blip on a day: `buyer:<id>`, or `anon:<id>` for a viewer
 * who is not logged in (a blip's browser id, a show's socket).
 */
export const analyticsViewerDays = pgTable(
  'analytics_viewer_days',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    viewer: text('viewer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day, t.viewer] })],
);

/** Per day: distinct viewers and distinct buyers (the conversion's two sides), kept by triggers. */
export const analyticsDailyPeople = pgTable(
  'analytics_daily_people',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    viewers: integer('viewers').notNull().default(0),
    buyers: integer('buyers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day] })],
);

/** Each distinct viewer of a live show (the funnel's first step); peak viewers is on streams. */
export const streamViewers = pgTable(
  'stream_viewers',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.viewer] })],
);

/**
 * A blip's orders: sale orders of the blip's product by a buyer who had watched that blip when the
 * order became a sale, counted by the order triggers (the blips funnel's last step).
 */
export const analyticsBlipOrders = pgTable('analytics_blip_orders', {
  blipId: uuid('blip_id')
    .primaryKey()
    .references(() => blips.id, { onDelete: 'cascade' }),
  orders: integer('orders').notNull().default(0),
});
