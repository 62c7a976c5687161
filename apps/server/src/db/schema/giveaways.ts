import { sql } from 'drizzle-orm';
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
import { buyers } from './buyers.ts';
import { streams } from './live.ts';
import { orders, type VariantChoiceRecord } from './orders.ts';
import { products } from './products.ts';
import { sellers } from './sellers.ts';

export const giveawayStatusEnum = pgEnum('giveaway_status', ['scheduled', 'running', 'drawn', 'no_entrants']);
export const giveawayAudienceEnum = pgEnum('giveaway_audience', ['everyone', 'followers', 'buyers']);
export const giveawayDeliveryEnum = pgEnum('giveaway_delivery', ['free', 'buyer_pays']);

/**
 * A giveaway of a show (issue 21). The product's name and photo are copied in, so a past giveaway
 * reads right after the product is edited or deleted. The draw's record (seed hash published at the
 * start, seed, entrants' hash, index) is kept so the draw can be checked by anyone.
 */
export const giveaways = pgTable(
  'giveaways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    variant: jsonb('variant').$type<VariantChoiceRecord[]>().notNull().default([]),
    quantity: integer('quantity').notNull().default(1),
    audience: giveawayAudienceEnum('audience').notNull().default('everyone'),
    delivery: giveawayDeliveryEnum('delivery').notNull().default('buyer_pays'),
    durationSeconds: integer('duration_seconds').notNull().default(300),
    status: giveawayStatusEnum('status').notNull().default('scheduled'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Hex of 32 random bytes, drawn at the start; only its SHA-256 is shown until the draw. */
    seed: text('seed'),
    seedHash: text('seed_hash'),
    entrantsHash: text('entrants_hash'),
    entrantsCount: integer('entrants_count').notNull().default(0),
    winnerIndex: integer('winner_index'),
    winnerBuyerId: uuid('winner_buyer_id').references(() => buyers.id, { onDelete: 'set null' }),
    winnerName: text('winner_name'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('giveaways_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    index('giveaways_stream_idx').on(t.streamId),
    // One giveaway runs at a time in a show.
    uniqueIndex('giveaways_one_running_key').on(t.streamId).where(sql`${t.status} = 'running'`),
  ],
);
export type GiveawayRow = typeof giveaways.$inferSelect;
export type NewGiveawayRow = typeof giveaways.$inferInsert;

/** One entry per buyer account per giveaway: the primary key refuses a second. */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    giveawayId: uuid('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.giveawayId, t.buyerId] })],
);
