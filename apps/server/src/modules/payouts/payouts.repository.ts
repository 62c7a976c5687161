import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  type BankDetailsRecord,
  type PayoutAccountRow,
  type PayoutRow,
  payoutAccounts,
  payoutSettings,
  payouts,
  sellers,
} from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

export type PayoutSellerRow = {
  id: string;
  email: string;
  firstName: string;
  isVerified: boolean;
  isDisabled: boolean;
  isBlocked: boolean;
  accountType: 'individual' | 'business' | null;
  bankDetails: BankDetailsRecord | null;
  updatedAt: Date;
};

export type NewPayout = typeof payouts.$inferInsert;

/** Queries only; the rules live in payouts.service.ts. */
export const payoutsRepository = (db: Database) => ({
  db,
  transaction: transactionsOf(db),

  /** The seller as payouts need them; `lock` takes their row lock (one payout decision at a time). */
  async seller(
    q: Queryable,
    sellerId: string,
    options: { lock?: boolean } = {},
  ): Promise<PayoutSellerRow | null> {
    const query = q
      .select({
        id: sellers.id,
        email: sellers.email,
        firstName: sellers.firstName,
        isVerified: sellers.isVerified,
        isDisabled: sellers.isDisabled,
        isBlocked: sellers.isBlocked,
        accountType: sellers.accountType,
        bankDetails: sellers.bankDetails,
        updatedAt: sellers.updatedAt,
      })
      .from(sellers)
      .where(eq(sellers.id, sellerId))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Keeps the seller record's `bankDetails` (SPEC section 3) the account payouts go to. */
  async mirrorBankDetails(q: Queryable, sellerId: string, details: BankDetailsRecord): Promise<void> {
    await q
      .update(sellers)
      .set({ bankDetails: details, updatedAt: sql`now()` })
      .where(eq(sellers.id, sellerId));
  },

  async account(q: Queryable, sellerId: string): Promise<PayoutAccountRow | null> {
    const [row] = await q.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId)).limit(1);
    return row ?? null;
  },

  async saveAccount(q: Queryable, row: typeof payoutAccounts.$inferInsert): Promise<void> {
    const { sellerId: _id, createdAt: _created, ...changes } = row;
    await q
      .insert(payoutAccounts)
      .values(row)
      .onConflictDoUpdate({ target: payoutAccounts.sellerId, set: changes });
  },

  async setRecipient(
    q: Queryable,
    sellerId: string,
    account: { bankCode: string; accountNumber: string },
    recipient: { provider: string; code: string },
  ): Promise<void> {
    await q
      .update(payoutAccounts)
      .set({ recipientProvider: recipient.provider, recipientCode: recipient.code })
      .where(
        and(
          eq(payoutAccounts.sellerId, sellerId),
          eq(payoutAccounts.bankCode, account.bankCode),
          eq(payoutAccounts.accountNumber, account.accountNumber),
        ),
      );
  },

  async settings(q: Queryable, sellerId: string) {
    const [row] = await q.select().from(payoutSettings).where(eq(payoutSettings.sellerId, sellerId)).limit(1);
    return row ?? null;
  },

  async saveSettings(
    q: Queryable,
    sellerId: string,
    values: { schedule?: 'manual' | 'weekly' | 'daily'; holdUntil?: Date | null },
    at: Date,
  ): Promise<void> {
    await q
      .insert(payoutSettings)
      .values({ sellerId, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: payoutSettings.sellerId, set: { ...values, updatedAt: at } });
  },

  async insert(q: Queryable, values: NewPayout): Promise<PayoutRow> {
    const [row] = await q.insert(payouts).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async byIdempotencyKey(q: Queryable, sellerId: string, key: string): Promise<PayoutRow | null> {
    const [row] = await q
      .select()
      .from(payouts)
      .where(and(eq(payouts.sellerId, sellerId), eq(payouts.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async byId(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<PayoutRow | null> {
    const query = q.select().from(payouts).where(eq(payouts.id, id)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async byReference(
    q: Queryable,
    reference: string,
    options: { lock?: boolean } = {},
  ): Promise<PayoutRow | null> {
    const query = q.select().from(payouts).where(eq(payouts.reference, reference)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async update(q: Queryable, id: string, values: Partial<NewPayout>): Promise<void> {
    await q.update(payouts).set(values).where(eq(payouts.id, id));
  },

  /** Marks the first call to the provider, only while the payout is still pending; false when it is not. */
  async markSendAttempted(q: Queryable, id: string, at: Date): Promise<boolean> {
    const rows = await q
      .update(payouts)
      .set({ sendAttemptedAt: at, updatedAt: at })
      .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
      .returning({ id: payouts.id });
    return rows.length === 1;
  },

  async page(q: Queryable, sellerId: string, page: number, limit: number) {
    const rows = await q
      .select()
      .from(payouts)
      .where(eq(payouts.sellerId, sellerId))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await q.select({ n: count() }).from(payouts).where(eq(payouts.sellerId, sellerId));
    return { rows, total: total?.n ?? 0 };
  },
});
export type PayoutsRepository = ReturnType<typeof payoutsRepository>;
