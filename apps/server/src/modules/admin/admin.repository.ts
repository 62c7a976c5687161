import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { type SellerRow, sellers } from '@/db/schema/index.ts';

type SellerFlags = Partial<Pick<SellerRow, 'isVerified' | 'isDisabled' | 'isBlocked'>>;

export function adminRepository(db: Database) {
  return {
    async updateFlagsByEmail(email: string, flags: SellerFlags) {
      const [row] = await db
        .update(sellers)
        .set({ ...flags, updatedAt: sql`now()` })
        .where(eq(sql`lower(${sellers.email})`, email.toLowerCase()))
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
