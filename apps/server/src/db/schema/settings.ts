import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
