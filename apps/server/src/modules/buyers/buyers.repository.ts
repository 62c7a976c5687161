import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { type BuyerRow, buyers, type NewBuyerRow } from '@/db/schema/buyers.ts';

/** Queries of buyer accounts. E-mails are stored lower-case; lookups compare lower-case too. */
export function buyersRepository(db: Database) {
  return {
    async insert(values: NewBuyerRow): Promise<BuyerRow> {
      const [row] = await db.insert(buyers).values(values).returning();
      if (!row) throw new Error('insert returned no buyer');
      return row;
    },

    async findByEmail(email: string): Promise<BuyerRow | null> {
      const [row] = await db
        .select()
        .from(buyers)
        .where(sql`lower(${buyers.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row ?? null;
    },

    async findById(id: string): Promise<BuyerRow | null> {
      const [row] = await db.select().from(buyers).where(eq(buyers.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type BuyersRepository = ReturnType<typeof buyersRepository>;
