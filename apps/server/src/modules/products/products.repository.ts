import type { ProductSort, ProductStatus } from '@kasuwa/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  blips,
  categories,
  type NewProductRow,
  type ProductRow,
  products,
  subCategories,
} from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { productPages } from '@/modules/products/product-pages.ts';
import { holdSellerUploads } from '@/uploads/uploads-lock.ts';

/** A product row with the names of its category and sub-category. */
export type ProductView = { row: ProductRow; category: string; subCategory: string };

export type ProductSortKey = 'createdAt' | 'price' | 'name';
export type SortOrder = 'asc' | 'desc';

/** One page of a seller's products: every list (products, search, auctions) reads through this. */
export type ProductPageFilter = {
  sellerId: string;
  statuses: readonly ProductStatus[];
  /** Each word must appear somewhere in the name (case-insensitive). */
  words?: readonly string[] | undefined;
  minPriceKobo?: number | undefined;
  maxPriceKobo?: number | undefined;
  categoryId?: string | undefined;
  /** Only active products set up for auction. */
  auctionOnly?: boolean;
  sort: ProductSortKey;
  order: SortOrder;
  offset: number;
  limit: number;
  /** The number of matches when the caller already knows it (from product_statistics). */
  knownTotal?: number | undefined;
};

/** The list's sort names in terms of a key and a direction. */
export const LIST_SORTS: Record<ProductSort, { sort: ProductSortKey; order: SortOrder }> = {
  newest: { sort: 'createdAt', order: 'desc' },
  oldest: { sort: 'createdAt', order: 'asc' },
  price_asc: { sort: 'price', order: 'asc' },
  price_desc: { sort: 'price', order: 'desc' },
  name: { sort: 'name', order: 'asc' },
};

/** The search box's text as words; at most 5, so a pasted paragraph cannot make a huge query. */
export const searchWords = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 5);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The writes of a product, inside the transaction of `holdingUploads`. */
function productWriter(tx: Queryable) {
  return {
    /** The transaction itself, for writes of other parts that must commit with the product's. */
    q: tx,

    async insert(values: NewProductRow): Promise<string> {
      const [row] = await tx.insert(products).values(values).returning({ id: products.id });
      if (!row) throw new Error('insert returned no product');
      return row.id;
    },

    /** The seller's product as committed now, its row locked until the write commits; null if none. */
    async lockForUpdate(id: string, sellerId: string): Promise<ProductRow | null> {
      const [row] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.sellerId, sellerId)))
        .for('update');
      return row ?? null;
    },

    async update(id: string, sellerId: string, values: Partial<NewProductRow>): Promise<boolean> {
      const rows = await tx
        .update(products)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(products.id, id), eq(products.sellerId, sellerId)))
        .returning({ id: products.id });
      return rows.length > 0;
    },
  };
}
export type ProductWriter = ReturnType<typeof productWriter>;

/** Queries only. */
export function productsRepository(db: Database) {
  const pages = productPages(db);
  const viewQuery = () =>
    db
      .select({ row: products, category: categories.name, subCategory: subCategories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId));

  return {
    /** A page of the seller's products with their statistics, in one statement (product-pages.ts). */
    readPage: pages.read,

    /** True when the sub-category exists and belongs to the category. */
    async categoryPairExists(categoryId: string, subCategoryId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: subCategories.id })
        .from(subCategories)
        .where(and(eq(subCategories.id, subCategoryId), eq(subCategories.categoryId, categoryId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Runs `write` in one transaction holding the seller's uploads (uploads-lock.ts), so the photos
     * it checks cannot be swept away before the product that names them is committed.
     */
    holdingUploads<T>(sellerId: string, write: (w: ProductWriter) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await holdSellerUploads(tx, sellerId);
        return write(productWriter(tx));
      });
    },

    async findById(id: string): Promise<ProductView | null> {
      const [view] = await viewQuery().where(eq(products.id, id)).limit(1);
      return view ?? null;
    },

    /** Deletes the product (its blips go with it) and names the blip files left to remove. */
    async delete(
      id: string,
      sellerId: string,
    ): Promise<{ id: string; name: string; blipFileKeys: string[] } | null> {
      return db.transaction(async (tx) => {
        const files = await tx
          .select({ video: blips.videoKey, poster: blips.posterKey })
          .from(blips)
          .where(and(eq(blips.productId, id), eq(blips.sellerId, sellerId)))
          .for('update');
        const [row] = await tx
          .delete(products)
          .where(and(eq(products.id, id), eq(products.sellerId, sellerId)))
          .returning({ id: products.id, name: products.name });
        if (!row) return null;
        return { ...row, blipFileKeys: files.flatMap((f) => (f.poster ? [f.video, f.poster] : [f.video])) };
      });
    },

    /** A category of the catalogue by id or by name (case-insensitive); null when there is none. */
    async findCategoryId(idOrName: string): Promise<string | null> {
      const byId = UUID.test(idOrName) ? eq(categories.id, idOrName) : undefined;
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(or(byId, sql`lower(${categories.name}) = lower(${idOrName})`))
        .limit(1);
      return row?.id ?? null;
    },
  };
}
export type ProductsRepository = ReturnType<typeof productsRepository>;
