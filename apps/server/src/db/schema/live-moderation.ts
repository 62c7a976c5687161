import { integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { buyers } from './buyers.ts';
import { streamComments, streams } from './live.ts';
import { sellers } from './sellers.ts';

/** issue 21: the buyers a seller named moderators of the store's shows. */
export const storeModerators = pgTable(
  'store_moderators',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.buyerId] })],
);

/** issue 21: the store's chat settings that hold for every show. */
export const storeChatSettings = pgTable('store_chat_settings', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  mutedWords: jsonb('muted_words').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** issue 21: one show's room: slow mode, the pinned comment, the co-host. */
export const streamRooms = pgTable('stream_rooms', {
  streamId: uuid('stream_id')
    .primaryKey()
    .references(() => streams.id, { onDelete: 'cascade' }),
  slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
  pinnedCommentId: uuid('pinned_comment_id').references(() => streamComments.id, { onDelete: 'set null' }),
  /** A second seller account the show's seller invited to run the product rail. */
  cohostSellerId: uuid('cohost_seller_id').references(() => sellers.id, { onDelete: 'set null' }),
});

/** issue 21: a viewer muted in one show (their comments are refused until the show ends). */
export const streamMutes = pgTable(
  'stream_mutes',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    /** A buyer (moderator) or seller id. */
    mutedBy: uuid('muted_by').notNull(),
    mutedAt: timestamp('muted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.buyerId] })],
);
