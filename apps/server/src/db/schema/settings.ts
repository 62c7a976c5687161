import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

export const dataExportStatusEnum = pgEnum('data_export_status', ['pending', 'ready', 'failed']);

/**
 * "Download your data" (Settings, Nigeria Data Protection Act 2023): one row per request; a
 * graphile-worker job builds the zip into storage under `storageKey` and marks it ready.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    status: dataExportStatusEnum('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_seller_created_idx').on(t.sellerId, t.createdAt)],
);
export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * The devices a seller is signed in on (Settings → Security): one row per browser, named by the id
 * the web app keeps in its storage and sends as `X-Device-Id`, written by the seller auth hook at
 * most every few minutes. Only rows seen with the seller's current token version are listed, so a
 * password change or "Sign out everywhere else" leaves just the device that asked.
 */
export const sellerDevices = pgTable(
  'seller_devices',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** The address with its last part hidden (e.g. 102.89.34.x): enough to recognise, not to locate. */
    network: text('network').notNull().default(''),
    tokenVersion: integer('token_version').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.deviceId] })],
);
