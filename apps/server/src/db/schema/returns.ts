import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buyers } from './buyers.ts';
import { orderLines, orders, type VariantChoiceRecord } from './orders.ts';
import { sellers } from './sellers.ts';

/** Returns (issue 15). The machine between the statuses is modules/returns/return-machine.ts. */
export const returnStatusEnum = pgEnum('return_status', [
  'requested',
  'info_needed',
  'approved',
  'in_transit',
  'received',
  'refunded',
  'rejected',
  'closed',
]);
export const returnReasonEnum = pgEnum('return_reason', [
  'damaged',
  'wrong_item',
  'not_as_described',
  'changed_mind',
]);
export const returnMethodEnum = pgEnum('return_method', ['pickup', 'label', 'drop_off', 'keep_item']);
export const returnActorEnum = pgEnum('return_actor', ['seller', 'buyer', 'system']);

/** `RTN-<number>`, from 100001 like orders' `KSW-` numbers. */
export const returnsNumberSeq = pgSequence('returns_number_seq', { startWith: 100001 });

/** Which deadline `deadline_at` is: who must act by then, and what happens if they do not. */
export type ReturnDeadlineKind = 'seller_answer' | 'buyer_ship' | 'seller_receipt';

/**
 * A buyer's request to send items of one order back (or one the seller opened for them). Money is
 * kobo. `search_text` is written by the service (return and order numbers, buyer and product names,
 * lower-cased) so the list's search is one ILIKE.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('returns_number_seq')`),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: returnStatusEnum('status').notNull().default('requested'),
    reason: returnReasonEnum('reason').notNull(),
    note: text('note').notNull().default(''),
    openedBy: returnActorEnum('opened_by').notNull(),
    method: returnMethodEnum('method'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    labelUrl: text('label_url'),
    rejectionReason: text('rejection_reason'),
    /** What the returned items cost the buyer. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }).notNull().default(0),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    deadlineKind: text('deadline_kind').$type<ReturnDeadlineKind>(),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('returns_number_key').on(t.number),
    index('returns_seller_status_created_idx').on(t.sellerId, t.status, t.createdAt.desc()),
    index('returns_buyer_idx').on(t.buyerId),
    // One open return per order: two requests at once cannot both be made.
    uniqueIndex('returns_one_open_per_order')
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'info_needed', 'approved', 'in_transit', 'received')`),
    index('returns_order_idx').on(t.orderId),
    check('returns_amounts_not_negative', sql`${t.amountKobo} >= 0 and ${t.refundedKobo} >= 0`),
  ],
);
export type ReturnRow = typeof returns.$inferSelect;

/** What comes back of each order line: name, variant and price copied in, like the order's lines. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    variant: jsonb('variant').$type<VariantChoiceRecord[]>().notNull().default([]),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_order_line_idx').on(t.orderLineId),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The return's thread and timeline: messages and steps, one row each, written in the step's transaction. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actor: returnActorEnum('actor').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.createdAt)],
);

/**
 * A photo a buyer uploaded for a return: stored first (return and event null), attached when the
 * request or a message names it. Only that buyer and the return's seller ever get a link to it.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => returnEvents.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_photos_return_idx').on(t.returnId), index('return_photos_buyer_idx').on(t.buyerId)],
);

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'processed', 'failed']);

/**
 * A refund to a buyer through the payment provider (modules/payments/refunds.service.ts). Paystack's
 * POST /refund takes no idempotency key, so `key` is ours: the refund is recorded (with its ledger
 * posting) in one transaction, and a job calls the provider after the commit, reconciling with the
 * provider's list of refunds before any retry (docs/money.md "Refunds").
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'set null' }),
    /** The payment refunded: its reference with the provider. */
    paymentReference: text('payment_reference').notNull(),
    provider: text('provider').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: refundStatusEnum('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    /** What the provider last said (`processing`, `needs-attention`, an error), for support. */
    providerStatus: text('provider_status'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_key').on(t.key),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_reference_idx').on(t.paymentReference),
    uniqueIndex('refunds_provider_refund_key').on(t.provider, t.providerRefundId),
    check('refunds_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;
