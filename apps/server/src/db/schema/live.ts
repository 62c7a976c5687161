import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { commentAuthorKindEnum } from './blips.ts';
import { buyers } from './buyers.ts';
import { categories, subCategories } from './onboarding.ts';
import { products } from './products.ts';
import { sellers } from './sellers.ts';

export const streamTypeEnum = pgEnum('stream_type', ['live_show', 'live_auction']);
/**
 * Stored states of SPEC section 4 "Stream". `expired` is not stored: a scheduled show more than
 * 30 minutes past its start without being started reads as expired (computed with the clock).
 */
export const streamStatusEnum = pgEnum('stream_status', ['scheduled', 'live', 'ended']);
export const productBidStatusEnum = pgEnum('product_bid_status', ['pending', 'active', 'ongoing', 'ended']);
export const auctionOutcomeEnum = pgEnum('auction_outcome', ['sold', 'unsold']);
export const streamMessageKindEnum = pgEnum('stream_message_kind', ['comment', 'announcement']);

/** A live show or live auction (SPEC section 3 "Stream"). */
export const streams = pgTable(
  'streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    type: streamTypeEnum('type').notNull(),
    status: streamStatusEnum('status').notNull().default('scheduled'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: uuid('sub_category_id').references(() => subCategories.id),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    coverImage: text('cover_image'),
    video: text('video'),
    scheduledStartTime: timestamp('scheduled_start_time', { withTimezone: true }).notNull(),
    actualStartTime: timestamp('actual_start_time', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The latest count of sockets watching (the seller's own excluded), kept by the realtime layer. */
    viewerCount: integer('viewer_count').notNull().default(0),
    peakViewers: integer('peak_viewers').notNull().default(0),
    /** The product the seller presents now; it slides up for every viewer (issue 14). */
    pinnedProductId: uuid('pinned_product_id').references(() => products.id, { onDelete: 'set null' }),
    /**
     * Since when the seller's studio is gone mid-show (its socket dropped and has not come back):
     * bids are refused and running clocks are paused until it returns (docs/proxy-bidding.md).
     */
    sellerAwaySince: timestamp('seller_away_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A seller's shows, newest scheduled time first (scheduled and past shows lists).
    index('streams_seller_scheduled_idx').on(
      t.sellerId,
      t.scheduledStartTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('streams_category_idx').on(t.categoryId),
    index('streams_sub_category_idx').on(t.subCategoryId),
  ],
);

/**
 * A product of a stream with its auction, if any (SPEC section 3: `product.productId`,
 * `bidStatus`). Name, price and image are copied in when the show is created, so a past show still
 * reads right after the product is edited or deleted (the product id is then set to null). Money is
 * kobo. The auction's clock is `ends_at`: a countdown is always recomputed from it.
 */
export const streamProducts = pgTable(
  'stream_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    productName: text('product_name').notNull(),
    productPriceKobo: bigint('product_price_kobo', { mode: 'number' }).notNull(),
    productImage: text('product_image'),
    /**
     * An auctioned product with variants is auctioned per variant: the chosen values, and the same
     * joined as a key ('' for a product without variants) so each variant has one row per show.
     */
    variant: jsonb('variant').$type<Array<{ name: string; value: string }>>().notNull().default([]),
    variantKey: text('variant_key').notNull().default(''),
    // Auction settings; all null for a product of an Open Live Show.
    startingBidKobo: bigint('starting_bid_kobo', { mode: 'number' }),
    durationSeconds: integer('duration_seconds'),
    counterBidSeconds: integer('counter_bid_seconds'),
    suddenDeath: boolean('sudden_death'),
    reservePriceKobo: bigint('reserve_price_kobo', { mode: 'number' }),
    bidStatus: productBidStatusEnum('bid_status').notNull().default('pending'),
    currentBidKobo: bigint('current_bid_kobo', { mode: 'number' }),
    currentBidderId: uuid('current_bidder_id').references(() => buyers.id, { onDelete: 'set null' }),
    bidsCount: integer('bids_count').notNull().default(0),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** How many times bidding was activated; an unsold product can be auctioned again. */
    round: integer('round').notNull().default(0),
    outcome: auctionOutcomeEnum('outcome'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stream_products_stream_product_key').on(t.streamId, t.productId, t.variantKey),
    index('stream_products_stream_position_idx').on(t.streamId, t.position),
    index('stream_products_product_idx').on(t.productId),
    // The auction ticker reads only the running auctions, every second.
    index('stream_products_active_idx').on(t.endsAt).where(sql`${t.bidStatus} = 'active'`),
  ],
);

/** Every accepted bid. One amount per product and round: two bids can never both win a level. */
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    streamProductId: uuid('stream_product_id')
      .notNull()
      .references(() => streamProducts.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    round: integer('round').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bids_product_round_amount_key').on(t.streamProductId, t.round, t.amountKobo),
    index('bids_stream_idx').on(t.streamId),
    index('bids_buyer_idx').on(t.buyerId),
  ],
);

/** Comments (buyers or the seller) and the seller's announcements during a show. */
export const streamComments = pgTable(
  'stream_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    kind: streamMessageKindEnum('kind').notNull(),
    authorKind: commentAuthorKindEnum('author_kind').notNull(),
    /** A buyer or seller id; no foreign key, as it may name either table. */
    authorId: uuid('author_id').notNull(),
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** issue 21: a moderator or the seller removed it; nobody reads it any more. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** issue 21: it has one of the store's muted words; only its sender reads it. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    index('stream_comments_stream_created_idx').on(t.streamId, t.createdAt),
    // issue 21: slow mode reads a viewer's last comment in a show.
    index('stream_comments_stream_author_idx').on(t.streamId, t.authorId, t.createdAt),
  ],
);

export type StreamRow = typeof streams.$inferSelect;
export type NewStreamRow = typeof streams.$inferInsert;
export type StreamProductRow = typeof streamProducts.$inferSelect;
export type NewStreamProductRow = typeof streamProducts.$inferInsert;
export type BidRow = typeof bids.$inferSelect;
