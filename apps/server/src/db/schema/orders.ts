import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { buyers } from './buyers.ts';
import { streamProducts, streams } from './live.ts';
import { products } from './products.ts';
import { sellers } from './sellers.ts';

/** The two axes of an order (docs/orders.md has the machine between them). */
export const orderPaymentStatusEnum = pgEnum('order_payment_status', [
  'awaiting_payment',
  'paid',
  'pay_on_delivery_pending',
  'pay_on_delivery_collected',
  'refunded',
  'partially_refunded',
]);
export const orderFulfilmentStatusEnum = pgEnum('order_fulfilment_status', [
  'unfulfilled',
  'ready_for_pickup',
  'shipped',
  'in_transit',
  'delivered',
  'picked_up',
  'cancelled',
]);
export const orderSourceEnum = pgEnum('order_source', ['auction', 'buy_now', 'giveaway']);
export const orderPaymentMethodEnum = pgEnum('order_payment_method', ['online', 'pay_on_delivery']);
export const orderDeliveryMethodEnum = pgEnum('order_delivery_method', ['seller', 'pickup']);

/** A delivery address as the buyer typed it at checkout (contracts `deliveryAddressSchema`). */
export type DeliveryAddressRecord = {
  fullName: string;
  phoneNumber: string;
  state: string;
  city: string;
  addressLine1: string;
  addressLine2?: string;
  landmark?: string;
};
export type VariantChoiceRecord = { name: string; value: string };

/**
 * An order of one buyer from one seller. An auction's wins in one show are bundled into one order
 * per buyer while it is unpaid; a Buy now is an order of its own. Money is kobo; totals are kept
 * (subtotal + delivery fee = total, checked) so lists never add up lines. Checkout fills delivery
 * and payment method: an auction win exists before its buyer has chosen them.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as `KSW-<number>`; from a sequence starting at 100001. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id),
    streamId: uuid('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    source: orderSourceEnum('source').notNull(),
    paymentStatus: orderPaymentStatusEnum('payment_status').notNull().default('awaiting_payment'),
    fulfilmentStatus: orderFulfilmentStatusEnum('fulfilment_status').notNull().default('unfulfilled'),
    paymentMethod: orderPaymentMethodEnum('payment_method'),
    deliveryMethod: orderDeliveryMethodEnum('delivery_method'),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddressRecord>(),
    /** The destination state (or the buyer's, for pickup), kept apart for the customers list. */
    buyerState: text('buyer_state'),
    buyerPhone: text('buyer_phone'),
    subtotalKobo: bigint('subtotal_kobo', { mode: 'number' }).notNull(),
    deliveryFeeKobo: bigint('delivery_fee_kobo', { mode: 'number' }).notNull().default(0),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    /** issue 21: a giveaway win whose seller pays the delivery: checkout charges no delivery fee. */
    deliveryFree: boolean('delivery_free').notNull().default(false),
    /** A coupon's discount, the seller's (issue 16): total = subtotal + delivery fee − discount. */
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull().default(0),
    /** The coupon code the buyer used, as the seller wrote it; null without one. */
    couponCode: text('coupon_code'),
    /** When an unpaid order is cancelled by itself (the payment-window job's deadline). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Six digits the buyer shows at store pickup. */
    pickupCode: text('pickup_code'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The shipping provider's own id of the shipment, when one was booked through it. */
    shipmentRef: text('shipment_ref'),
    /** The carrier's page where anyone with the link follows the parcel (a booked shipment's). */
    trackingUrl: text('tracking_url'),
    /** The carrier's printable label for the parcel (a booked shipment's); a link, not the file. */
    labelUrl: text('label_url'),
    cancelReason: text('cancel_reason'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A Buy now's client key: a retried checkout answers the order it already made. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The Orders screen's tab (contracts `orderTab`), derived from the two axes by PostgreSQL so the
     * lists' indexes and the per-seller counts (order_tab_counts) can key on it; `other` for states
     * no tab but All shows (a refund of an unshipped order). Never written by the application.
     */
    listTab: text('list_tab')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN fulfilment_status = 'cancelled' THEN 'cancelled' WHEN fulfilment_status IN ('shipped', 'in_transit', 'ready_for_pickup') THEN 'shipped' WHEN fulfilment_status IN ('delivered', 'picked_up') THEN 'delivered' WHEN payment_status = 'awaiting_payment' AND payment_method IS DISTINCT FROM 'pay_on_delivery' THEN 'to_pay' WHEN payment_status IN ('paid', 'pay_on_delivery_pending') AND fulfilment_status = 'unfulfilled' THEN 'to_ship' ELSE 'other' END`,
      ),
    /**
     * What the seller's search looks in, lower-cased: the buyer's name and every line's product
     * name. Kept by triggers (migration 0012) when an order or its lines are written or the buyer
     * renames; the application never writes it.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id),
    index('orders_seller_buyer_idx').on(t.sellerId, t.buyerId),
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    index('orders_stream_idx').on(t.streamId),
    uniqueIndex('orders_buyer_idempotency_key').on(t.buyerId, t.idempotencyKey),
    // One open (unpaid, not checked out) auction order per buyer per show: later wins join it.
    uniqueIndex('orders_open_auction_key')
      .on(t.streamId, t.buyerId)
      .where(
        sql`${t.source} = 'auction' and ${t.paymentStatus} = 'awaiting_payment' and ${t.paymentMethod} is null and ${t.fulfilmentStatus} <> 'cancelled'`,
      ),
    check(
      'orders_total_adds_up',
      sql`${t.totalKobo} = ${t.subtotalKobo} + ${t.deliveryFeeKobo} - ${t.discountKobo}`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${t.subtotalKobo} >= 0 and ${t.deliveryFeeKobo} >= 0 and ${t.discountKobo} >= 0 and ${t.discountKobo} <= ${t.subtotalKobo}`,
    ),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/**
 * How many orders a seller has per Orders tab, kept by statement triggers on orders (migration
 * 0012), so the tab counts are one primary-key read however many orders there are.
 */
export const orderTabCounts = pgTable(
  'order_tab_counts',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    tab: text('tab').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.tab] })],
);

/**
 * The Orders search's word index: one row per order and word of its `search_text` (split on
 * spaces), keyed in the list's own order per seller, tab and word, so page 50 of a searched tab
 * reads the page's ~1,100 entries and nothing else (docs/order-lists.md). Kept by statement
 * triggers on orders (migration 0033) whenever an order's search text, tab, date or seller change;
 * no foreign key, as no row outlives its order (the orders' delete trigger removes them) and a key
 * on `order_id` would need an index of its own on a table this size.
 */
export const orderSearchWords = pgTable(
  'order_search_words',
  {
    sellerId: uuid('seller_id').notNull(),
    listTab: text('list_tab').notNull(),
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').notNull(),
  },
  // Ascending: newest first reads it backwards, which is `created_at DESC NULLS FIRST`, the order
  // `ORDER BY created_at DESC` asks for (an index built `DESC NULLS LAST` would not serve it).
  (t) => [
    primaryKey({
      name: 'order_search_words_pkey',
      columns: [t.sellerId, t.listTab, t.word, t.createdAt, t.orderId],
    }),
  ],
);

/**
 * Every word that has been in one of a seller's orders' search text: a search's word is looked up
 * here as a substring (`kara` finds `ankara`), and each word found is a range of
 * `order_search_words`. Words are added by the same triggers and never removed (a word no order
 * holds any more is an empty range).
 */
export const orderSearchVocabulary = pgTable(
  'order_search_vocabulary',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.word] })],
);

/**
 * A line of an order: name, variant and price copied in, so the order reads right after the product
 * is edited or deleted. An auctioned item's line names its stream product, which sells once.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    variant: jsonb('variant').$type<VariantChoiceRecord[]>().notNull().default([]),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    streamProductId: uuid('stream_product_id').references(() => streamProducts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    // An auctioned product sells once: a second close can never make a second line.
    uniqueIndex('order_lines_stream_product_key').on(t.streamProductId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_not_negative', sql`${t.unitPriceKobo} >= 0`),
  ],
);
export type OrderLineRow = typeof orderLines.$inferSelect;

export const orderEventActorEnum = pgEnum('order_event_actor', ['seller', 'buyer', 'system', 'carrier']);

/** The order's timeline: one row per transition, written in the transition's transaction. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actor: orderEventActorEnum('actor').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

export const paymentStatusEnum = pgEnum('payment_attempt_status', [
  'pending',
  'succeeded',
  'failed',
  'abandoned',
  'amount_mismatch',
]);

/**
 * One attempt to pay an order through a payment provider. The reference is ours, unique, and what
 * the provider's webhook names: a replayed webhook finds the attempt already settled.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** What the provider said was paid, when it said so. */
    paidKobo: bigint('paid_kobo', { mode: 'number' }),
    status: paymentStatusEnum('status').notNull().default('pending'),
    authorizationUrl: text('authorization_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payments_reference_key').on(t.reference), index('payments_order_idx').on(t.orderId)],
);

/** Webhook deliveries already handled, by the provider's event id: a duplicate changes nothing. */
export const processedWebhooks = pgTable(
  'processed_webhooks',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type DeliveryFeeRecord = { state: string; feeKobo: number };

/** A seller's delivery settings (issue 14); Settings houses the same form later. */
export const sellerDeliverySettings = pgTable('seller_delivery_settings', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  shippingEnabled: boolean('shipping_enabled').notNull().default(true),
  fees: jsonb('fees').$type<DeliveryFeeRecord[]>().notNull().default([]),
  pickupEnabled: boolean('pickup_enabled').notNull().default(false),
  payOnDeliveryEnabled: boolean('pay_on_delivery_enabled').notNull().default(false),
  payOnDeliveryCapKobo: bigint('pay_on_delivery_cap_kobo', { mode: 'number' }).notNull().default(0),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(2),
  paymentWindowHours: integer('payment_window_hours').notNull().default(24),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
