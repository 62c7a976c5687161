import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

export const payoutStatusEnum = pgEnum('payout_status', [
  'pending',
  'processing',
  'paid',
  'failed',
  'reversed',
]);
export const payoutScheduleEnum = pgEnum('payout_schedule', ['manual', 'weekly', 'daily']);

/**
 * The bank account a seller's payouts go to (issue 15), one per seller, checked with the bank
 * provider's name enquiry. `sellers.bank_details` mirrors it (SPEC section 3 `bankDetails`); this
 * row is what payouts use. `recipientCode` is the payout provider's id of the account (Paystack's
 * `RCP_…`), made on the first payout and cleared when the account changes.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  recipientProvider: text('recipient_provider'),
  recipientCode: text('recipient_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A seller's payout settings: the automatic schedule, and the hold after a bank account change. */
export const payoutSettings = pgTable('payout_settings', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  schedule: payoutScheduleEnum('schedule').notNull().default('manual'),
  /** No payout is sent before this (BANK_CHANGE_PAYOUT_HOLD_HOURS after a change of account). */
  holdUntil: timestamp('hold_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A payout: money held in the ledger (`available` → `payout_in_flight`) and sent to the bank account
 * copied into the row when it was asked for. `reference` is ours, sent to the provider on every try
 * (its idempotency key); `sendAttemptedAt` is set, and committed, before the first call, so a try
 * after a crash asks the provider about the reference before sending again.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: payoutStatusEnum('status').notNull().default('pending'),
    automatic: boolean('automatic').notNull().default(false),
    /** The client's Idempotency-Key (or the schedule's slot for automatic payouts). */
    idempotencyKey: text('idempotency_key'),
    provider: text('provider').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    recipientCode: text('recipient_code'),
    transferCode: text('transfer_code'),
    sendAttemptedAt: timestamp('send_attempted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it failed or was reversed (the money went back to available). */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payouts_reference_key').on(t.reference),
    uniqueIndex('payouts_seller_idempotency_key').on(t.sellerId, t.idempotencyKey),
    index('payouts_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    check('payouts_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
