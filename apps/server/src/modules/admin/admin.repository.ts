import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { type SellerRow, sellers } from '@/db/schema/index.ts';

type SellerFlags = Partial<Pick<SellerRow, 'isVerified' | 'isDisabled' | 'isBlocked'>>;

const byEmail = (email: string) => eq(sql`lower(${sellers.email})`, email.toLowerCase());

export function adminRepository(db: Database) {
  return {
    async findByEmail(email: string) {
      const [row] = await db
        .select({
          id: sellers.id,
          email: sellers.email,
          firstName: sellers.firstName,
          isVerified: sellers.isVerified,
        })
        .from(sellers)
        .where(byEmail(email))
        .limit(1);
      return row ?? null;
    },

    async updateFlagsByEmail(email: string, flags: SellerFlags) {
      const [row] = await db
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
