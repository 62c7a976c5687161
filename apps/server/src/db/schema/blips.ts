import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { buyers } from './buyers.ts';
import { products } from './products.ts';
import { sellers } from './sellers.ts';

/**
 * A blip: a short video of one product (SPEC section 7 "Products and blips"). The files live in
 * storage under server-made keys; deleting the product deletes its blips (the products module
 * removes their files).
 */
export const blips = pgTable(
  'blips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    videoKey: text('video_key').notNull(),
    videoMime: text('video_mime').notNull(),
    posterKey: text('poster_key'),
    caption: text('caption').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blips_seller_created_idx').on(
      t.sellerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('blips_product_idx').on(t.productId),
  ],
);

export type BlipRow = typeof blips.$inferSelect;
export type NewBlipRow = typeof blips.$inferInsert;

export const commentAuthorKindEnum = pgEnum('comment_author_kind', ['buyer', 'seller']);

/**
 * Comments on a blip; a reply names its top-level comment in parent_id (one level of threads).
 * author_id has no foreign key: it names a buyer or a seller (author_kind says which), and is null for
 * comments added through the admin channel.
 */
export const blipComments = pgTable(
  'blip_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    blipId: uuid('blip_id')
      .notNull()
      .references(() => blips.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => blipComments.id, { onDelete: 'cascade' }),
    authorKind: commentAuthorKindEnum('author_kind').notNull(),
    authorId: uuid('author_id'),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Top-level comments of a blip, newest first.
    index('blip_comments_top_level_idx')
      .on(t.blipId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    // Replies of a comment, oldest first.
    index('blip_comments_parent_idx').on(t.parentId, t.createdAt, t.id),
  ],
);

export type BlipCommentRow = typeof blipComments.$inferSelect;

/**
 * A buyer's like of a blip: one row per buyer and blip (the primary key), so liking twice changes
 * nothing. `blips.likes_count` is kept equal to the number of rows, in the same transaction.
 */
export const blipLikes = pgTable(
  'blip_likes',
  {
    blipId: uuid('blip_id')
      .notNull()
      .references(() => blips.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blipId, t.buyerId] }), index('blip_likes_buyer_idx').on(t.buyerId)],
);

/**
 * Which buyers' likes the seller has been told about: at most one blip_like notification per buyer
 * and blip, however often the buyer unlikes and likes again. Kept apart from blip_likes because an
 * unlike deletes the like but must not forget the notification.
 */
export const blipLikeNotices = pgTable(
  'blip_like_notices',
  {
    blipId: uuid('blip_id')
      .notNull()
      .references(() => blips.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blipId, t.buyerId] })],
);

/**
 * The last counted view of each viewer of a blip: `viewer` is `buyer:<id>` for a logged-in buyer,
 * `anon:<uuid>` for the id an anonymous browser made for itself. A view counts (and `counted_at`
 * moves) only when the viewer's last counted view is older than the window, so one row per viewer
 * and blip is all there ever is.
 */
export const blipViews = pgTable(
  'blip_views',
  {
    blipId: uuid('blip_id')
      .notNull()
      .references(() => blips.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blipId, t.viewer] })],
);
