import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

/** issue 16: a seller's saved answers (delivery times, account details), inserted with one tap. */
export const quickReplies = pgTable(
  'quick_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quick_replies_seller_idx').on(t.sellerId, t.createdAt)],
);

/** issue 16: when a seller was last e-mailed about unread messages (at most once an hour). */
export const messageMailState = pgTable('message_mail_state', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});
