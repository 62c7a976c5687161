import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

/**
 * The ledger (issue 15, docs/money.md "The ledger"): every money movement is one transaction of
 * immutable entries that sum to zero. Seller accounts are what the platform holds for (or is owed
 * by) a seller; platform accounts are its own side. Amounts are signed kobo: a seller account's
 * entry is positive when it adds to the seller's money (so `owed` runs negative while the seller
 * owes commission), a platform account's mirrors it.
 */
export const ledgerAccountEnum = pgEnum('ledger_account', [
  'pending',
  'available',
  'payout_in_flight',
  'paid_out',
  'refunds',
  'owed',
  'buyer_payments',
  'commission',
  'payment_fees',
]);

/** What an entry is (contracts `LedgerEntryKind`): the transactions table's line kinds. */
export const ledgerEntryKindEnum = pgEnum('ledger_entry_kind', [
  'sale',
  'commission',
  'payment_fee',
  'cash_collected',
  'release',
  'refund',
  'commission_refund',
  'payout',
  'payout_returned',
]);

/** What a transaction is: one per event the ledger is told of. */
export const ledgerTransactionKindEnum = pgEnum('ledger_transaction_kind', [
  'order_paid',
  'cash_collected',
  'release',
  'refund',
  'payout_hold',
  'payout_paid',
  'payout_returned',
]);

/**
 * One posting. `key` is the idempotency key (`sale:{orderId}`, `payout:{payoutId}`…): posting the
 * same key again finds this row and posts nothing. Rows are never updated or deleted (a trigger
 * refuses it, migration 0015), except by the seller's own deletion cascading.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    kind: ledgerTransactionKindEnum('kind').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** Not foreign keys: the ledger outlives nothing it points at, and stays append-only. */
    orderId: uuid('order_id'),
    payoutId: uuid('payout_id'),
    memo: text('memo'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key').on(t.key),
    index('ledger_transactions_seller_at_idx').on(t.sellerId, t.at.desc()),
  ],
);
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

/**
 * The entries of a transaction (they sum to zero: checked in code before the insert and by a
 * deferred constraint trigger at commit). `sellerId` is null on the platform's accounts. `shown`
 * marks the lines the seller's transactions table lists (the other half of a release or a payout's
 * settlement is bookkeeping a seller does not need twice); `description` is that line's words.
 * `at`, `orderId` and `payoutId` are copied from the transaction so lists and per-order sums read
 * one table.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id').references(() => sellers.id, { onDelete: 'cascade' }),
    account: ledgerAccountEnum('account').notNull(),
    kind: ledgerEntryKindEnum('kind').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    orderId: uuid('order_id'),
    payoutId: uuid('payout_id'),
    shown: boolean('shown').notNull().default(false),
    description: text('description'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // The transactions table: a seller's shown lines, newest first (and per kind, for the chips).
    index('ledger_entries_seller_shown_at_idx')
      .on(t.sellerId, t.at.desc(), t.id.desc())
      .where(sql`${t.shown}`),
    index('ledger_entries_seller_kind_at_idx')
      .on(t.sellerId, t.kind, t.at.desc(), t.id.desc())
      .where(sql`${t.shown}`),
    // An order's money per account (what is left pending, what was refunded).
    index('ledger_entries_order_idx').on(t.orderId, t.account, t.kind).where(sql`${t.orderId} is not null`),
    check(
      'ledger_entries_seller_side',
      sql`(${t.sellerId} is null) = (${t.account} in ('buyer_payments', 'commission', 'payment_fees'))`,
    ),
    check('ledger_entries_not_zero', sql`${t.amountKobo} <> 0`),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * A seller's balance per account, kept by the posting that moves it (in its transaction, under
 * the seller's ledger lock), so the Earnings cards are a primary-key read. Tests check it equals
 * the sum of entries; `sellers.wallet_balance_kobo` is the `available` row, kept the same way.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    account: ledgerAccountEnum('account').notNull(),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.account] })],
);

/**
 * An order handed over whose money is waiting for its return window (the `ledger.release` job's
 * deadline, kept as a row so the Earnings screen can say when money frees up). Removed when the
 * money is released.
 */
export const ledgerScheduledReleases = pgTable(
  'ledger_scheduled_releases',
  {
    orderId: uuid('order_id').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ledger_scheduled_releases_seller_idx').on(t.sellerId, t.releaseAt)],
);
