import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

/**
 * One identity number on file: AES-256-GCM ciphertext (lib/field-encryption.ts), never the number
 * itself; its last 4 digits for the masked display; the name the identity check answered.
 */
export type KycIdentityRecord = {
  type: 'bvn' | 'nin' | 'cac' | 'director_bvn';
  encrypted: string;
  last4: string;
  nameOnRecord: string | null;
};

/** A seller's identity verification (issue 17, docs/kyc.md): one row per seller, made on the first submission. */
export const sellerKyc = pgTable('seller_kyc', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  /** One of the contract's kycStatus values; modules/kyc/kyc-machine.ts decides every change. */
  status: text('status').notNull(),
  reason: text('reason'),
  identities: jsonb('identities').$type<KycIdentityRecord[]>().notNull().default([]),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The timeline: one row per change of state, with who made it. */
export const sellerKycEvents = pgTable(
  'seller_kyc_events',
  {
    /** In the order the changes were made, even two within one millisecond. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seller_kyc_events_seller_idx').on(t.sellerId, t.id)],
);

export type SellerKycRow = typeof sellerKyc.$inferSelect;
export type SellerKycEventRow = typeof sellerKycEvents.$inferSelect;
