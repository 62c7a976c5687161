import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

/** A seller's notifications (SPEC section 3 "Notification"); `type` is one of the contract's types. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** What the notification is about, e.g. `{ orderId }`, so a click can open it. */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    index('notifications_seller_unread_idx').on(t.sellerId).where(sql`${t.isRead} = false`),
  ],
);

export const messageSenderEnum = pgEnum('message_sender', ['buyer', 'seller']);

/** A buyer's conversation with a seller; the messages screen comes later, the unread badge now. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    buyerName: text('buyer_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_seller_updated_idx').on(t.sellerId, t.updatedAt.desc())],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: messageSenderEnum('sender').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the other side read it; a buyer message with no readAt counts as unread for the seller. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    // The messages badge counts exactly these rows: the count reads this index alone (migration 0009).
    index('conversation_messages_buyer_unread_idx')
      .on(t.conversationId)
      .where(sql`${t.sender} = 'buyer' AND ${t.readAt} IS NULL`),
  ],
);
