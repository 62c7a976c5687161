import type { ProductSort, ProductStatus } from '@kasuwa/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { executePrepared } from '@/db/prepared.ts';
import {
  blips,
  categories,
  type NewProductRow,
  type ProductRow,
  productStatistics,
  products,
  sellers,
  subCategories,
} from '@/db/schema/index.ts';
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

// A seller's words are matched literally: % and _ would otherwise act as LIKE wildcards.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search box's text as words; at most 5, so a pasted paragraph cannot make a huge query. */
export const searchWords = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 5);

/** SQL that is true for an active product set up for auction; matches the partial index exactly. */
const isAuctionProduct = sql`${products.status} = 'active' and jsonb_typeof(${products.saleType} -> 'auction') = 'object'`;

const ALL_STATUS_COUNT = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pageWhere(f: ProductPageFilter): SQL | undefined {
  // Every status allowed means no status test at all, so the sort index needs no filter.
  const statusTest =
    f.statuses.length >= ALL_STATUS_COUNT ? undefined : inArray(products.status, [...f.statuses]);
  return and(
    eq(products.sellerId, f.sellerId),
    f.auctionOnly ? isAuctionProduct : statusTest,
    ...(f.words ?? []).map((w) => ilike(products.name, `%${escapeLike(w)}%`)),
    f.minPriceKobo !== undefined ? gte(products.priceKobo, f.minPriceKobo) : undefined,
    f.maxPriceKobo !== undefined ? lte(products.priceKobo, f.maxPriceKobo) : undefined,
    f.categoryId !== undefined ? eq(products.categoryId, f.categoryId) : undefined,
  );
}

/**
 * The filter of a page without search words as a statement shape with placeholders, its values, and
 * a key naming the shape: the repository prepares each shape once and reuses it (building a query
 * with drizzle cost more CPU than PostgreSQL spent running it).
 */
function pageShape(f: ProductPageFilter): {
  where: SQL | undefined;
  params: Record<string, unknown>;
  key: string;
} {
  const params: Record<string, unknown> = { seller: f.sellerId };
  const keyParts: string[] = [];
  const conditions: (SQL | undefined)[] = [eq(products.sellerId, sql.placeholder('seller'))];
  if (f.auctionOnly) {
    conditions.push(isAuctionProduct);
    keyParts.push('auction');
  } else if (f.statuses.length < ALL_STATUS_COUNT) {
    conditions.push(
      inArray(
        products.status,
        f.statuses.map((status, i) => {
          params[`status${i}`] = status;
          return sql.placeholder(`status${i}`);
        }),
      ),
    );
    keyParts.push(`statuses${f.statuses.length}`);
  }
  if (f.minPriceKobo !== undefined) {
    params.min = f.minPriceKobo;
    conditions.push(gte(products.priceKobo, sql.placeholder('min')));
    keyParts.push('min');
  }
  if (f.maxPriceKobo !== undefined) {
    params.max = f.maxPriceKobo;
    conditions.push(lte(products.priceKobo, sql.placeholder('max')));
    keyParts.push('max');
  }
  if (f.categoryId !== undefined) {
    params.category = f.categoryId;
    conditions.push(eq(products.categoryId, sql.placeholder('category')));
    keyParts.push('category');
  }
  return { where: and(...conditions), params, key: keyParts.join('_') || 'all' };
}

/** The writes of a product, inside the transaction of `holdingUploads`. */
function productWriter(tx: Pick<Database, 'insert' | 'select' | 'update'>) {
  return {
    async insert(values: NewProductRow): Promise<string> {
      const [row] = await tx.insert(products).values(values).returning({ id: products.id });
      if (!row) throw new Error('insert returned no product');
      return row.id;
    },

    /** The seller's product's photos as committed now, its row locked until the write commits. */
    async lockPhotos(id: string, sellerId: string): Promise<Pick<ProductRow, 'images' | 'variants'> | null> {
      const [row] = await tx
        .select({ images: products.images, variants: products.variants })
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
  const viewQuery = () =>
    db
      .select({ row: products, category: categories.name, subCategory: subCategories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId));

  // Prepared statements by shape (a handful in practice); each is parsed and planned once per
  // pooled connection and then only executed.
  const prepared = new Map<string, { execute: (params: Record<string, unknown>) => Promise<unknown> }>();
  function preparedQuery<T>(
    name: string,
    build: () => { prepare: (name: string) => { execute: (params: Record<string, unknown>) => Promise<T> } },
  ): (params: Record<string, unknown>) => Promise<T> {
    let query = prepared.get(name);
    if (!query) {
      query = build().prepare(name);
      prepared.set(name, query);
    }
    const ready = query;
    return (params) => ready.execute(params) as Promise<T>;
  }

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

    /**
     * One page of products and the number of matches. Without words the page's ids come from an
     * index-only scan in sort order (skipping `offset` index entries, not table rows) and the
     * count from `knownTotal` or a count over the same index. With words the trigram index finds
     * every match first (a materialized CTE, so the planner cannot walk the sort index and test
     * each row's name instead), then one pass sorts them and counts them.
     */
    async page(filter: ProductPageFilter): Promise<{ views: ProductView[]; total: number }> {
      const where = pageWhere(filter);
      const countMatches = async () => {
        const [counted] = await executePrepared(db.select({ n: count() }).from(products).where(where));
        return counted?.n ?? 0;
      };
      const dir = filter.order === 'asc' ? asc : desc;
      let ids: string[];
      let total: number | undefined = filter.knownTotal;
      if (filter.words && filter.words.length > 0) {
        const key = { createdAt: sql`created_at`, price: sql`price_kobo`, name: sql`lname` }[filter.sort];
        const direction = filter.order === 'asc' ? sql`asc` : sql`desc`;
        const result = await db.execute<{ id: string; total: number }>(sql`
          with m as materialized (
            select ${products.id} as id, ${products.createdAt} as created_at,
                   ${products.priceKobo} as price_kobo, lower(${products.name}) as lname
            from ${products} where ${where}
          )
          select id, (count(*) over ())::int as total from m
          order by ${key} ${direction}, id ${direction}
          limit ${filter.limit} offset ${filter.offset}`);
        ids = result.rows.map((r) => r.id);
        total = result.rows[0]?.total ?? total;
      } else {
        const key =
          filter.sort === 'createdAt'
            ? products.createdAt
            : filter.sort === 'price'
              ? products.priceKobo
              : sql`lower(${products.name})`;
        // One round trip: the page's ids from the sort index, then their rows in the same order.
        const shape = pageShape(filter);
        const params = { ...shape.params, limit: filter.limit, offset: filter.offset };
        const views = await preparedQuery(`products_page_${filter.sort}_${filter.order}_${shape.key}`, () =>
          viewQuery()
            .where(
              inArray(
                products.id,
                db
                  .select({ id: products.id })
                  .from(products)
                  .where(shape.where)
                  .orderBy(dir(key), dir(products.id))
                  .limit(sql.placeholder('limit'))
                  .offset(sql.placeholder('offset')),
              ),
            )
            .orderBy(dir(key), dir(products.id)),
        )(params);
        if (total === undefined) {
          const [counted] = await preparedQuery(`products_count_${shape.key}`, () =>
            db.select({ n: count() }).from(products).where(shape.where),
          )(shape.params);
          total = counted?.n ?? 0;
        }
        return { views, total };
      }
      total ??= await countMatches();
      if (ids.length === 0) return { views: [], total };
      const found = await viewQuery().where(inArray(products.id, ids));
      const byId = new Map(found.map((v) => [v.row.id, v]));
      return { views: ids.flatMap((id) => byId.get(id) ?? []), total };
    },

    /** Per status: how many products, and the kobo value of their stock (price × stock). */
    async statistics(
      sellerId: string,
      statuses: readonly ProductStatus[],
    ): Promise<{ status: ProductStatus; n: number; stockValueKobo: number }[]> {
      return db
        .select({
          status: productStatistics.status,
          n: productStatistics.productCount,
          stockValueKobo: productStatistics.stockValueKobo,
        })
        .from(productStatistics)
        .where(
          and(eq(productStatistics.sellerId, sellerId), inArray(productStatistics.status, [...statuses])),
        );
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

    /**
     * The seller's vacation mode and product statistics for `statuses` in one round trip (the
     * products list needs both on every page); null when there is no such seller.
     */
    async sellerOverview(
      sellerId: string,
      statuses: readonly ProductStatus[],
    ): Promise<{
      vacationMode: boolean;
      stats: { status: ProductStatus; n: number; stockValueKobo: number }[];
    } | null> {
      const params: Record<string, unknown> = { seller: sellerId };
      const statusPlaceholders = statuses.map((status, i) => {
        params[`status${i}`] = status;
        return sql.placeholder(`status${i}`);
      });
      const run = preparedQuery(`seller_overview_${statuses.length}`, () =>
        db
          .select({
            vacationMode: sellers.vacationMode,
            stats: sql<{ status: ProductStatus; n: number; stockValueKobo: number }[]>`coalesce((
            select json_agg(json_build_object(
              'status', ${productStatistics.status},
              'n', ${productStatistics.productCount},
              'stockValueKobo', ${productStatistics.stockValueKobo}::float8))
            from ${productStatistics}
            where ${productStatistics.sellerId} = ${sellers.id}
              and ${inArray(productStatistics.status, statusPlaceholders)}
          ), '[]'::json)`,
          })
          .from(sellers)
          .where(eq(sellers.id, sql.placeholder('seller')))
          .limit(1),
      );
      const [row] = await run(params);
      return row ?? null;
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
