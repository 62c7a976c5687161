import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  categories,
  type NewSellerRow,
  type SellerDocumentRow,
  type SellerRow,
  sellerCategories,
  sellerDocuments,
  sellerOnboarding,
  sellers,
  subCategories,
} from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

type OnboardingValues = Partial<Omit<typeof sellerOnboarding.$inferInsert, 'sellerId'>>;

/**
 * Queries only; the rules live in onboarding.service.ts. Each takes the queryable first: the
 * service's transaction, or `db` outside one.
 */
export const onboardingRepository = (db: Database) => ({
  db,
  transaction: transactionsOf(db),

  async lockSeller(q: Queryable, id: string): Promise<SellerRow> {
    const [row] = await q.select().from(sellers).where(eq(sellers.id, id)).for('update');
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

  async upsertOnboarding(q: Queryable, sellerId: string, values: OnboardingValues): Promise<void> {
    await q
      .insert(sellerOnboarding)
      .values({ sellerId, ...values })
      .onConflictDoUpdate({ target: sellerOnboarding.sellerId, set: { ...values, updatedAt: sql`now()` } });
  },

  async findOnboarding(q: Queryable, sellerId: string) {
    const [row] = await q.select().from(sellerOnboarding).where(eq(sellerOnboarding.sellerId, sellerId));
    return row ?? null;
  },

  async documentsOf(q: Queryable, sellerId: string): Promise<SellerDocumentRow[]> {
    return q
      .select()
      .from(sellerDocuments)
      .where(eq(sellerDocuments.sellerId, sellerId))
      .orderBy(asc(sellerDocuments.createdAt));
  },

  async findDocument(q: Queryable, sellerId: string, id: string): Promise<SellerDocumentRow | null> {
    const [row] = await q
      .select()
      .from(sellerDocuments)
      .where(and(eq(sellerDocuments.id, id), eq(sellerDocuments.sellerId, sellerId)));
    return row ?? null;
  },

  /** Replaces the seller's documents of these kinds; answers the storage keys that were replaced. */
  async replaceDocuments(
    q: Queryable,
    sellerId: string,
    docs: Array<Omit<typeof sellerDocuments.$inferInsert, 'sellerId'>>,
  ): Promise<{ rows: SellerDocumentRow[]; replacedKeys: string[] }> {
    const kinds = docs.map((d) => d.kind);
    const old = await q
      .delete(sellerDocuments)
      .where(and(eq(sellerDocuments.sellerId, sellerId), inArray(sellerDocuments.kind, kinds)))
      .returning({ storageKey: sellerDocuments.storageKey });
    const rows = await q
      .insert(sellerDocuments)
      .values(docs.map((d) => ({ ...d, sellerId })))
      .returning();
    return { rows, replacedKeys: old.map((o) => o.storageKey) };
  },

  async catalogue(q: Queryable) {
    const cats = await q.select().from(categories).orderBy(asc(categories.position));
    const subs = await q
      .select()
      .from(subCategories)
      .orderBy(asc(subCategories.categoryId), asc(subCategories.position));
    return cats.map((c) => ({ ...c, subCategories: subs.filter((s) => s.categoryId === c.id) }));
  },

  async replaceSellerCategories(
    q: Queryable,
    sellerId: string,
    chosen: Array<{ categoryId: string; subCategoryIds: string[] }>,
  ): Promise<void> {
    await q.delete(sellerCategories).where(eq(sellerCategories.sellerId, sellerId));
    await q.insert(sellerCategories).values(chosen.map((c) => ({ ...c, sellerId })));
  },

  async sellerCategoryIds(q: Queryable, sellerId: string) {
    return q.select().from(sellerCategories).where(eq(sellerCategories.sellerId, sellerId));
  },
});
export type OnboardingRepository = ReturnType<typeof onboardingRepository>;
