import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buyers } from './buyers.ts';
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
    /** issue 16: the buyer's account; null only for conversations made before buyers could write. */
    buyerId: uuid('buyer_id').references(() => buyers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_seller_updated_idx').on(t.sellerId, t.updatedAt.desc()),
    // issue 16: one conversation per seller and buyer; the buyer's inbox reads it newest first.
    uniqueIndex('conversations_seller_buyer_key').on(t.sellerId, t.buyerId),
    index('conversations_buyer_updated_idx').on(t.buyerId, t.updatedAt.desc()),
  ],
);

/** issue 16: what a message carries besides its text. */
export const messageKindEnum = pgEnum('message_kind', ['text', 'photo', 'product', 'order']);

/** issue 16: a card's or photo's snapshot, taken when the message was sent. */
export type MessageAttachment =
  | { type: 'photo'; photoId: string; storageKey: string }
  | { type: 'product'; productId: string; name: string; priceKobo: number; image: string | null }
  | { type: 'order'; orderId: string; number: number; status: string; totalKobo: number };

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: messageSenderEnum('sender').notNull(),
    body: text('body').notNull(),
    /** issue 16: text, a photo, or a product or order card (`attachment`). */
    kind: messageKindEnum('kind').notNull().default('text'),
    attachment: jsonb('attachment').$type<MessageAttachment>(),
    /** issue 16: what the off-platform payment detector found in a buyer's message (empty: nothing). */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    /** issue 16: the sender's own id for the message, so a retried send is stored once. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the other side read it; a buyer message with no readAt counts as unread for the seller. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    // issue 16: history pages newest first by (created_at, id); a retried send finds its first try.
    index('conversation_messages_page_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('conversation_messages_client_key').on(t.conversationId, t.sender, t.clientId),
    // The messages badge counts exactly these rows: the count reads this index alone (migration 0009).
    index('conversation_messages_buyer_unread_idx')
      .on(t.conversationId)
      .where(sql`${t.sender} = 'buyer' AND ${t.readAt} IS NULL`),
  ],
);
