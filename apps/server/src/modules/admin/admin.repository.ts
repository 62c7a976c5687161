import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { type SellerRow, sellers } from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

type SellerFlags = Partial<Pick<SellerRow, 'isVerified' | 'isDisabled' | 'isBlocked'>>;

const byEmail = (email: string) => eq(sql`lower(${sellers.email})`, email.toLowerCase());

/** Queries only, each taking the service's transaction or `db` first. */
export function adminRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async findByEmail(q: Queryable, email: string, options: { lock?: boolean } = {}) {
      const query = q
        .select({
          id: sellers.id,
          email: sellers.email,
          firstName: sellers.firstName,
          isVerified: sellers.isVerified,
        })
        .from(sellers)
        .where(byEmail(email))
        .limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async updateFlagsByEmail(q: Queryable, email: string, flags: SellerFlags) {
      const [row] = await q
        .update(sellers)
        .set({ ...flags, updatedAt: sql`now()` })
        .where(byEmail(email))
        .returning({
          id: sellers.id,
          email: sellers.email,
          isVerified: sellers.isVerified,
          isDisabled: sellers.isDisabled,
          isBlocked: sellers.isBlocked,
        });
      return row ?? null;
    },
  };
}
export type AdminRepository = ReturnType<typeof adminRepository>;
