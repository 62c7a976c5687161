import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { sellers } from './sellers.ts';

/** A buyer follows a store (issue 16): the followers audience and the show announcements. */
export const storeFollows = pgTable(
  'store_follows',
  {
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.buyerId] }),
    index('store_follows_buyer_idx').on(t.buyerId),
    index('store_follows_seller_created_idx').on(t.sellerId, t.createdAt),
  ],
);

/**
 * What a buyer said about one store: no more campaigns from it (unsubscribed), or nothing at all
 * (blocked). Every audience leaves these buyers out when each batch is delivered.
 */
export const buyerStorePreferences = pgTable(
  'buyer_store_preferences',
  {
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    unsubscribed: boolean('unsubscribed').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.buyerId] })],
);

export const campaignStatusEnum = pgEnum('campaign_status', ['scheduled', 'sending', 'sent', 'cancelled']);

export type CampaignAudienceRecord =
  | { kind: 'followers' }
  | { kind: 'past_buyers' }
  | { kind: 'product_buyers'; productIds: string[] }
  | { kind: 'show_attendees'; streamId: string }
  | { kind: 'states'; states: string[] };

export type CampaignAttachmentRecord =
  | { kind: 'none' }
  | { kind: 'product'; productId: string; label: string }
  | { kind: 'show'; streamId: string; label: string }
  | { kind: 'coupon'; code: string };

/** An inbox campaign of a seller; delivery counters are kept by the batch jobs. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** A storage key below campaigns/ (an image checked by its bytes on upload). */
    image: text('image'),
    attachment: jsonb('attachment').$type<CampaignAttachmentRecord>().notNull(),
    audience: jsonb('audience').$type<CampaignAudienceRecord>().notNull(),
    status: campaignStatusEnum('status').notNull().default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Counted when sending starts; delivered grows batch by batch. */
    recipients: integer('recipients').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_seller_scheduled_idx').on(t.sellerId, t.scheduledAt.desc())],
);
export type CampaignRow = typeof campaigns.$inferSelect;

export const inboxItemKindEnum = pgEnum('inbox_item_kind', [
  'campaign',
  'show_scheduled',
  'show_started',
  'payment_reminder',
]);

/**
 * One item of a buyer's Updates inbox. `dedupeKey` (`campaign:<id>`, `show:<id>:started`…) makes
 * every delivery idempotent: a batch or reminder job that runs twice inserts nothing the second time.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    kind: inboxItemKindEnum('kind').notNull(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    image: text('image'),
    link: text('link'),
    linkLabel: text('link_label'),
    couponCode: text('coupon_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    /** When the e-mail copy of a campaign went out: a mail job run twice sends each copy once. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbox_items_buyer_dedupe_key').on(t.buyerId, t.dedupeKey),
    index('inbox_items_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id),
    index('inbox_items_buyer_unread_idx').on(t.buyerId).where(sql`${t.openedAt} is null`),
    index('inbox_items_campaign_idx').on(t.campaignId),
  ],
);
export type InboxItemRow = typeof inboxItems.$inferSelect;
