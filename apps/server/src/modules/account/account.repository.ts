import { count, eq } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { sellerOnboarding, sellers } from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';

export function accountRepository(db: Database) {
  return {
    db,
    async seller(q: Queryable, sellerId: string) {
      const [row] = await q
        .select({
          seller: sellers,
          submittedForReviewAt: sellerOnboarding.submittedForReviewAt,
        })
        .from(sellers)
        .leftJoin(sellerOnboarding, eq(sellerOnboarding.sellerId, sellers.id))
        .where(eq(sellers.id, sellerId))
        .limit(1);
      return row ?? null;
    },
    /** Sellers who registered with this seller's referral code. */
    async referredCount(q: Queryable, sellerId: string): Promise<number> {
      const [row] = await q.select({ n: count() }).from(sellers).where(eq(sellers.referredBy, sellerId));
      return row?.n ?? 0;
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
