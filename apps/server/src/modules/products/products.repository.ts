import type { ProductSort, ProductStatus } from '@kasuwa/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  categories,
  type NewProductRow,
  type ProductRow,
  products,
  sellers,
  subCategories,
} from '@/db/schema/index.ts';

/** A product row with the names of its category and sub-category. */
export type ProductView = { row: ProductRow; category: string; subCategory: string };

export type ProductListFilter = {
  sellerId: string;
  statuses: readonly ProductStatus[];
  search?: string | undefined;
  sortBy: ProductSort;
  offset: number;
  limit: number;
};

const ORDER: Record<ProductSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  oldest: [asc(products.createdAt), asc(products.id)],
  price_asc: [asc(products.priceKobo), desc(products.createdAt), desc(products.id)],
  price_desc: [desc(products.priceKobo), desc(products.createdAt), desc(products.id)],
  name: [asc(sql`lower(${products.name})`), asc(products.id)],
};

// A seller's words are matched literally: % and _ would otherwise act as LIKE wildcards.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries only. */
export function productsRepository(db: Database) {
  const viewQuery = () =>
    db
      .select({ row: products, category: categories.name, subCategory: subCategories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId));

  return {
    /** True when the sub-category exists and belongs to the category. */
    async categoryPairExists(categoryId: string, subCategoryId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: subCategories.id })
        .from(subCategories)
        .where(and(eq(subCategories.id, subCategoryId), eq(subCategories.categoryId, categoryId)))
        .limit(1);
      return row !== undefined;
    },

    async insert(values: NewProductRow): Promise<string> {
      const [row] = await db.insert(products).values(values).returning({ id: products.id });
      if (!row) throw new Error('insert returned no product');
      return row.id;
    },

    async findById(id: string): Promise<ProductView | null> {
      const [view] = await viewQuery().where(eq(products.id, id)).limit(1);
      return view ?? null;
    },

    async update(id: string, sellerId: string, values: Partial<NewProductRow>): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(products.id, id), eq(products.sellerId, sellerId)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    async delete(id: string, sellerId: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .delete(products)
        .where(and(eq(products.id, id), eq(products.sellerId, sellerId)))
        .returning({ id: products.id, name: products.name });
      return row ?? null;
    },

    async list(filter: ProductListFilter): Promise<{ views: ProductView[]; total: number }> {
      const where = and(
        eq(products.sellerId, filter.sellerId),
        inArray(products.status, [...filter.statuses]),
        filter.search ? ilike(products.name, `%${escapeLike(filter.search)}%`) : undefined,
      );
      const [views, [counted]] = await Promise.all([
        viewQuery()
          .where(where)
          .orderBy(...ORDER[filter.sortBy])
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { views, total: counted?.n ?? 0 };
    },

    /** Per status: how many products, and the kobo value of their stock (price × stock). */
    async statistics(
      sellerId: string,
      statuses: readonly ProductStatus[],
    ): Promise<{ status: ProductStatus; n: number; stockValueKobo: number }[]> {
      return db
        .select({
          status: products.status,
          n: count(),
          stockValueKobo: sql<number>`coalesce(sum(${products.priceKobo}::numeric * ${products.stock}), 0)::float8`,
        })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), inArray(products.status, [...statuses])))
        .groupBy(products.status);
    },

    /** The seller's vacation mode, or null when there is no such seller. */
    async sellerVacationMode(sellerId: string): Promise<boolean | null> {
      const [row] = await db
        .select({ vacationMode: sellers.vacationMode })
        .from(sellers)
        .where(eq(sellers.id, sellerId))
        .limit(1);
      return row ? row.vacationMode : null;
    },
  };
}
export type ProductsRepository = ReturnType<typeof productsRepository>;
