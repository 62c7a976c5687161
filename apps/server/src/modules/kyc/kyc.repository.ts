import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { payoutAccounts, type SellerKycRow, sellerKyc, sellerKycEvents, sellers } from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

/** The seller as KYC needs them: names to match, and the bank account's holder name. */
export type KycSeller = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  storeName: string;
  businessName: string | null;
  accountType: 'individual' | 'business' | null;
  /** The payout account's checked holder name, else the onboarding bank details' name, else null. */
  bankAccountName: string | null;
};

export function kycRepository(db: Database) {
  const sellerColumns = {
    id: sellers.id,
    email: sellers.email,
    firstName: sellers.firstName,
    lastName: sellers.lastName,
    storeName: sellers.storeName,
    businessName: sellers.businessName,
    accountType: sellers.accountType,
    onboardingName: sql<string | null>`${sellers.bankDetails}->>'accountName'`,
    payoutName: payoutAccounts.accountName,
  };
  const toSeller = (
    row: {
      onboardingName: string | null;
      payoutName: string | null;
    } & Omit<KycSeller, 'bankAccountName'>,
  ): KycSeller => {
    const { onboardingName, payoutName, ...rest } = row;
    return { ...rest, bankAccountName: payoutName ?? (onboardingName || null) };
  };

  return {
    db,
    transaction: transactionsOf(db),

    async seller(q: Queryable, sellerId: string): Promise<KycSeller | null> {
      const [row] = await q
        .select(sellerColumns)
        .from(sellers)
        .leftJoin(payoutAccounts, eq(payoutAccounts.sellerId, sellers.id))
        .where(eq(sellers.id, sellerId))
        .limit(1);
      return row ? toSeller(row) : null;
    },

    async sellerByEmail(q: Queryable, email: string): Promise<KycSeller | null> {
      const [row] = await q
        .select(sellerColumns)
        .from(sellers)
        .leftJoin(payoutAccounts, eq(payoutAccounts.sellerId, sellers.id))
        .where(sql`lower(${sellers.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row ? toSeller(row) : null;
    },

    /** `lock`: FOR UPDATE, so two submissions (or a submission and a review) take turns. */
    async state(
      q: Queryable,
      sellerId: string,
      options: { lock?: boolean } = {},
    ): Promise<SellerKycRow | null> {
      const query = q.select().from(sellerKyc).where(eq(sellerKyc.sellerId, sellerId)).limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** Takes the row lock, making the row first when the seller has none yet. */
    async lockOrCreate(q: Queryable, sellerId: string, now: Date): Promise<SellerKycRow> {
      await q
        .insert(sellerKyc)
        .values({ sellerId, status: 'not_started', updatedAt: now })
        .onConflictDoNothing();
      const row = await this.state(q, sellerId, { lock: true });
      if (!row) throw new Error('seller_kyc row vanished');
      return row;
    },

    async save(q: Queryable, sellerId: string, patch: Partial<Omit<SellerKycRow, 'sellerId'>>) {
      await q.update(sellerKyc).set(patch).where(eq(sellerKyc.sellerId, sellerId));
    },

    async addEvent(
      q: Queryable,
      event: { sellerId: string; status: string; reason: string | null; actor: string; createdAt: Date },
    ) {
      await q.insert(sellerKycEvents).values(event);
    },

    async events(q: Queryable, sellerId: string) {
      return q
        .select()
        .from(sellerKycEvents)
        .where(eq(sellerKycEvents.sellerId, sellerId))
        .orderBy(asc(sellerKycEvents.id));
    },

    async status(q: Queryable, sellerId: string): Promise<string> {
      const [row] = await q
        .select({ status: sellerKyc.status })
        .from(sellerKyc)
        .where(eq(sellerKyc.sellerId, sellerId))
        .limit(1);
      return row?.status ?? 'not_started';
    },
  };
}
export type KycRepository = ReturnType<typeof kycRepository>;
