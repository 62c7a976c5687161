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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Runner = Database | Tx;
type OnboardingValues = Partial<Omit<typeof sellerOnboarding.$inferInsert, 'sellerId'>>;

/** Queries only; the rules live in onboarding.service.ts. */
export const onboardingRepository = {
  async lockSeller(db: Runner, id: string): Promise<SellerRow> {
    const [row] = await db.select().from(sellers).where(eq(sellers.id, id)).for('update');
    if (!row) throw new Error('seller not found');
    return row;
  },

  async updateSeller(db: Runner, id: string, values: Partial<NewSellerRow>): Promise<SellerRow> {
    const [row] = await db
      .update(sellers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(sellers.id, id))
      .returning();
    if (!row) throw new Error('update found no seller');
    return row;
  },

  async upsertOnboarding(db: Runner, sellerId: string, values: OnboardingValues): Promise<void> {
    await db
      .insert(sellerOnboarding)
      .values({ sellerId, ...values })
      .onConflictDoUpdate({ target: sellerOnboarding.sellerId, set: { ...values, updatedAt: sql`now()` } });
  },

  async findOnboarding(db: Runner, sellerId: string) {
    const [row] = await db.select().from(sellerOnboarding).where(eq(sellerOnboarding.sellerId, sellerId));
    return row ?? null;
  },

  async documentsOf(db: Runner, sellerId: string): Promise<SellerDocumentRow[]> {
    return db
      .select()
      .from(sellerDocuments)
      .where(eq(sellerDocuments.sellerId, sellerId))
      .orderBy(asc(sellerDocuments.createdAt));
  },

  async findDocument(db: Runner, sellerId: string, id: string): Promise<SellerDocumentRow | null> {
    const [row] = await db
      .select()
      .from(sellerDocuments)
      .where(and(eq(sellerDocuments.id, id), eq(sellerDocuments.sellerId, sellerId)));
    return row ?? null;
  },

  /** Replaces the seller's documents of these kinds; answers the storage keys that were replaced. */
  async replaceDocuments(
    db: Runner,
    sellerId: string,
    docs: Array<Omit<typeof sellerDocuments.$inferInsert, 'sellerId'>>,
  ): Promise<{ rows: SellerDocumentRow[]; replacedKeys: string[] }> {
    const kinds = docs.map((d) => d.kind);
    const old = await db
      .delete(sellerDocuments)
      .where(and(eq(sellerDocuments.sellerId, sellerId), inArray(sellerDocuments.kind, kinds)))
      .returning({ storageKey: sellerDocuments.storageKey });
    const rows = await db
      .insert(sellerDocuments)
      .values(docs.map((d) => ({ ...d, sellerId })))
      .returning();
    return { rows, replacedKeys: old.map((o) => o.storageKey) };
  },

  async catalogue(db: Runner) {
    const cats = await db.select().from(categories).orderBy(asc(categories.position));
    const subs = await db
      .select()
      .from(subCategories)
      .orderBy(asc(subCategories.categoryId), asc(subCategories.position));
    return cats.map((c) => ({ ...c, subCategories: subs.filter((s) => s.categoryId === c.id) }));
  },

  async replaceSellerCategories(
    db: Runner,
    sellerId: string,
    chosen: Array<{ categoryId: string; subCategoryIds: string[] }>,
  ): Promise<void> {
    await db.delete(sellerCategories).where(eq(sellerCategories.sellerId, sellerId));
    await db.insert(sellerCategories).values(chosen.map((c) => ({ ...c, sellerId })));
  },

  async sellerCategoryIds(db: Runner, sellerId: string) {
    return db.select().from(sellerCategories).where(eq(sellerCategories.sellerId, sellerId));
  },
};
