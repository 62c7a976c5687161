import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { sellers } from '@/db/schema/index.ts';

/** Queries only. */
export function storeRepository(db: Database) {
  return {
    async setVacationMode(sellerId: string, isOn: boolean): Promise<boolean> {
      const [row] = await db
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
