import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  type NewSellerRow,
  type SellerRow,
  sellerOnboarding,
  sellers,
  type WarehouseRecord,
} from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

/** Queries only, each taking the service's transaction or `db` first; every one scoped to one seller. */
export function settingsRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async lockSeller(q: Queryable, id: string): Promise<SellerRow> {
      const [row] = await q.select().from(sellers).where(eq(sellers.id, id)).for('update').limit(1);
      if (!row) throw new Error('seller not found');
      return row;
    },

    async updateSeller(q: Queryable, id: string, values: Partial<NewSellerRow>): Promise<SellerRow> {
      const [row] = await q
        .update(sellers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(sellers.id, id))
        .returning();
      if (!row) throw new Error('update found no seller');
      return row;
    },

    async onboardingOf(q: Queryable, sellerId: string) {
      const [row] = await q
        .select()
        .from(sellerOnboarding)
        .where(eq(sellerOnboarding.sellerId, sellerId))
        .limit(1);
      return row ?? null;
    },

    async upsertOnboarding(
      q: Queryable,
      sellerId: string,
      values: Partial<Pick<typeof sellerOnboarding.$inferInsert, 'warehouseDetails' | 'shippingOptions'>>,
    ): Promise<void> {
      await q
        .insert(sellerOnboarding)
        .values({ sellerId, ...values })
        .onConflictDoUpdate({ target: sellerOnboarding.sellerId, set: { ...values, updatedAt: sql`now()` } });
    },

    async slugTaken(q: Queryable, slug: string, exceptSellerId: string): Promise<boolean> {
      const rows = await q
        .select({ id: sellers.id })
        .from(sellers)
        .where(
          sql`lower(${sellers.storeSlug}) = ${slug.toLowerCase()} and ${sellers.id} <> ${exceptSellerId}`,
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
export type { WarehouseRecord };
