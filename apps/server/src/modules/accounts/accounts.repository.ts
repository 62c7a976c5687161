import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { loginFailures, type NewSellerRow, type SellerRow, sellers } from '@/db/schema/index.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Runner = Database | Tx;

/** Queries only; the rules live in accounts.service.ts. */
export const accountsRepository = {
  async findByEmail(db: Runner, email: string, options: { lock?: boolean } = {}): Promise<SellerRow | null> {
    const q = db
      .select()
      .from(sellers)
      .where(eq(sql`lower(${sellers.email})`, email.toLowerCase()))
      .limit(1);
    const [row] = options.lock ? await q.for('update') : await q;
    return row ?? null;
  },

  async findByReferralCode(db: Runner, code: string): Promise<SellerRow | null> {
    const [row] = await db.select().from(sellers).where(eq(sellers.referralCode, code)).limit(1);
    return row ?? null;
  },

  async insert(db: Runner, values: NewSellerRow): Promise<SellerRow> {
    const [row] = await db.insert(sellers).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Runner, id: string, values: Partial<NewSellerRow>): Promise<SellerRow> {
    const [row] = await db
      .update(sellers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(sellers.id, id))
      .returning();
    if (!row) throw new Error('update found no row');
    return row;
  },

  async countRecentLoginFailures(db: Runner, sellerId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(and(eq(loginFailures.sellerId, sellerId), gt(loginFailures.at, since)));
    return row?.n ?? 0;
  },

  async recordLoginFailure(db: Runner, sellerId: string, at: Date): Promise<void> {
    await db.insert(loginFailures).values({ sellerId, at });
  },

  async clearLoginFailures(db: Runner, sellerId: string): Promise<void> {
    await db.delete(loginFailures).where(eq(loginFailures.sellerId, sellerId));
  },
};
