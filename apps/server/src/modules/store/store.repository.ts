import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { sellers } from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

/** Queries only, each taking the service's transaction or `db` first. */
export function storeRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async setVacationMode(q: Queryable, sellerId: string, isOn: boolean): Promise<boolean> {
      const [row] = await q
        .update(sellers)
        .set({ vacationMode: isOn, updatedAt: sql`now()` })
        .where(eq(sellers.id, sellerId))
        .returning({ vacationMode: sellers.vacationMode });
      if (!row) throw new Error('update found no seller');
      return row.vacationMode;
    },
  };
}
export type StoreRepository = ReturnType<typeof storeRepository>;
