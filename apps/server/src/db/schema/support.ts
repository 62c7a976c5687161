import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

/** Help & Support (issue 17): a seller's questions to the support team. */
export const supportTopicEnum = pgEnum('support_topic', [
  'account',
  'payouts',
  'orders',
  'returns',
  'products',
  'live',
  'kyc',
  'other',
]);
export const supportTicketStatusEnum = pgEnum('support_ticket_status', ['open', 'answered', 'closed']);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Shown as HLP-100001: short enough to read out on the phone to support.
    number: integer('number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 100001 }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    topic: supportTopicEnum('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    orderNumber: text('order_number'),
    status: supportTicketStatusEnum('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_tickets_seller_created_idx').on(t.sellerId, t.createdAt.desc())],
);

/**
 * Kasuwa Connect (issue 17): the secret of a store's catalogue feed. One row per seller, made on the
 * first visit to the Connect screen; rotating replaces the token, so the old feed address stops working.
 */
export const storeConnect = pgTable('store_connect', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  catalogueToken: text('catalogue_token').notNull().unique(),
  catalogueTokenCreatedAt: timestamp('catalogue_token_created_at', { withTimezone: true }).notNull(),
});
