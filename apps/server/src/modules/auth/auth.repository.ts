import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { loginFailures, type NewSellerRow, type SellerRow, sellers } from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

/**
 * Queries only; the rules live in accounts.service.ts. Each takes the queryable first: the
 * service's transaction, or `db` outside one.
 */
export const authRepository = (db: Database) => ({
  db,
  transaction: transactionsOf(db),

  async findByEmail(
    q: Queryable,
    email: string,
    options: { lock?: boolean } = {},
  ): Promise<SellerRow | null> {
    const query = q
      .select()
      .from(sellers)
      .where(eq(sql`lower(${sellers.email})`, email.toLowerCase()))
      .limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async passwordHashOf(q: Queryable, sellerId: string): Promise<string | null> {
    const [row] = await q
      .select({ passwordHash: sellers.passwordHash })
      .from(sellers)
      .where(eq(sellers.id, sellerId))
      .limit(1);
    return row?.passwordHash ?? null;
  },

  async findByReferralCode(q: Queryable, code: string): Promise<SellerRow | null> {
    const [row] = await q.select().from(sellers).where(eq(sellers.referralCode, code)).limit(1);
    return row ?? null;
  },

  async insert(q: Queryable, values: NewSellerRow): Promise<SellerRow> {
    const [row] = await q.insert(sellers).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(q: Queryable, id: string, values: Partial<NewSellerRow>): Promise<SellerRow> {
    const [row] = await q
      .update(sellers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(sellers.id, id))
      .returning();
    if (!row) throw new Error('update found no row');
    return row;
  },

  async countRecentLoginFailures(q: Queryable, sellerId: string, since: Date): Promise<number> {
    const [row] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(and(eq(loginFailures.sellerId, sellerId), gt(loginFailures.at, since)));
    return row?.n ?? 0;
  },

  async recordLoginFailure(q: Queryable, sellerId: string, at: Date): Promise<void> {
    await q.insert(loginFailures).values({ sellerId, at });
  },

  async clearLoginFailures(q: Queryable, sellerId: string): Promise<void> {
    await q.delete(loginFailures).where(eq(loginFailures.sellerId, sellerId));
  },
});
export type AuthRepository = ReturnType<typeof authRepository>;
