import type { ProductStatus } from '@kasuwa/contracts';
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { categories, productStatistics, products, sellers, subCategories } from '@/db/schema/index.ts';
import type { ProductPageFilter, ProductView } from '@/modules/products/products.repository.ts';

/** One page of a seller's products, with what every list shows beside it. */
export type SellerPage = {
  vacationMode: boolean;
  /** Per status of `visible`: how many products and the kobo value of their stock. */
  stats: { status: ProductStatus; n: number; stockValueKobo: number }[];
  views: ProductView[];
  /** The number of matches, or null when they were not counted (`countMatches` false). */
  counted: number | null;
};

const ALL_STATUS_COUNT = 4;

/** SQL that is true for an active product set up for auction; matches the partial index exactly. */
const isAuctionProduct = sql`${products.status} = 'active' and jsonb_typeof(${products.saleType} -> 'auction') = 'object'`;

// A seller's words are matched literally: % and _ would otherwise act as LIKE wildcards.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filter as a statement with placeholders, its values, and a key naming the statement's shape:
 * each shape is built and prepared once, then only executed (building a query with drizzle cost more
 * CPU than PostgreSQL spent running it, and planning more than executing).
 */
function shapeOf(f: ProductPageFilter) {
  const params: Record<string, unknown> = { seller: f.sellerId };
  const key: string[] = [];
  const conditions: (SQL | undefined)[] = [eq(products.sellerId, sql.placeholder('seller'))];
  if (f.auctionOnly) {
    conditions.push(isAuctionProduct);
    key.push('auction');
  } else if (f.statuses.length < ALL_STATUS_COUNT) {
    // Every status allowed means no status test at all, so the sort index needs no filter.
    const names = f.statuses.map((status, i) => {
      params[`status${i}`] = status;
      return sql.placeholder(`status${i}`);
    });
    conditions.push(inArray(products.status, names));
    key.push(`s${f.statuses.length}`);
  }
  const words = f.words ?? [];
  words.forEach((word, i) => {
    params[`word${i}`] = `%${escapeLike(word)}%`;
    conditions.push(ilike(products.name, sql.placeholder(`word${i}`)));
  });
  if (words.length > 0) key.push(`w${words.length}`);
  if (f.minPriceKobo !== undefined) {
    params.min = f.minPriceKobo;
    conditions.push(gte(products.priceKobo, sql.placeholder('min')));
    key.push('min');
  }
  if (f.maxPriceKobo !== undefined) {
    params.max = f.maxPriceKobo;
    conditions.push(lte(products.priceKobo, sql.placeholder('max')));
    key.push('max');
  }
  if (f.categoryId !== undefined) {
    params.category = f.categoryId;
    conditions.push(eq(products.categoryId, sql.placeholder('category')));
    key.push('category');
  }
  return { where: and(...conditions), params, key: key.join('_'), hasWords: words.length > 0 };
}

/**
 * Reads a page of a seller's products in ONE statement: the seller (so an unknown seller is told
 * apart from an empty catalogue), their vacation mode and statistics, the page's products with
 * their category names, and the number of matches when the statistics cannot tell it. Each round
 * trip to PostgreSQL costs the server more than the rows it brings, so a list costs one.
 *
 * How the page's ids are found:
 * - without words, from an index in sort order (skipping `offset` index entries, not table rows);
 * - with words, the trigram index finds every match first (behind `offset 0`, which the planner
 *   does not see through, so it cannot walk the sort index testing each name instead), then one
 *   pass sorts them and counts them.
 */
export function productPages(db: Database) {
  type Row = {
    vacationMode: boolean;
    stats: SellerPage['stats'];
    total: number | null;
    row: ProductView['row'] | null;
    category: string | null;
    subCategory: string | null;
  };
  const statements = new Map<string, { execute: (params: Record<string, unknown>) => Promise<Row[]> }>();

  function build(
    filter: ProductPageFilter,
    shape: ReturnType<typeof shapeOf>,
    visibleCount: number,
    countMatches: boolean,
  ) {
    const dir = filter.order === 'asc' ? asc : desc;
    const sortKey =
      filter.sort === 'createdAt'
        ? products.createdAt
        : filter.sort === 'price'
          ? products.priceKobo
          : sql`lower(${products.name})`;

    const wordsPage = () => {
      const matches = db
        .select({
          id: products.id,
          createdAt: products.createdAt,
          priceKobo: products.priceKobo,
          lname: sql<string>`lower(${products.name})`.as('lname'),
        })
        .from(products)
        .where(shape.where)
        // drizzle leaves out `offset 0`; a bound 0 fences the subquery just the same.
        .offset(sql.placeholder('fence'))
        .as('matches');
      const matchKey =
        filter.sort === 'createdAt'
          ? matches.createdAt
          : filter.sort === 'price'
            ? matches.priceKobo
            : matches.lname;
      return db
        .select({ id: matches.id, total: sql<number | null>`(count(*) over ())::int`.as('total') })
        .from(matches)
        .orderBy(dir(matchKey), dir(matches.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .as('page');
    };
    const indexPage = () =>
      db
        .select({ id: products.id, total: sql<number | null>`null::int`.as('total') })
        .from(products)
        .where(shape.where)
        .orderBy(dir(sortKey), dir(products.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .as('page');
    const page = shape.hasWords ? wordsPage() : indexPage();

    const visible = Array.from({ length: visibleCount }, (_, i) => sql.placeholder(`visible${i}`));
    const statistics = db
      .select({
        stats: sql<SellerPage['stats']>`coalesce(json_agg(json_build_object(
          'status', ${productStatistics.status},
          'n', ${productStatistics.productCount},
          'stockValueKobo', ${productStatistics.stockValueKobo}::float8)), '[]'::json)`.as('stats'),
      })
      .from(productStatistics)
      .where(
        and(
          eq(productStatistics.sellerId, sql.placeholder('seller')),
          inArray(productStatistics.status, visible),
        ),
      )
      .as('statistics');

    const total = shape.hasWords
      ? page.total
      : countMatches
        ? sql<number>`(select count(*)::int from ${products} where ${shape.where})`
        : sql<number | null>`null::int`;

    // The page's products are read per id (lateral), so the plan PostgreSQL keeps for the prepared
    // statement, made without knowing `limit`, still reads 10 rows by key instead of joining all.
    // (`limit 1` keeps the planner from flattening it into a join it could hash.)
    const product = db.select().from(products).where(eq(products.id, page.id)).limit(1).as('product');
    // Selected field by field, so drizzle reads them back as one product row (null when none).
    const productRow = Object.fromEntries(
      Object.keys(getTableColumns(products)).map((key) => [key, product[key as keyof typeof product]]),
    ) as unknown as typeof products._.columns;
    const outerKey =
      filter.sort === 'createdAt'
        ? product.createdAt
        : filter.sort === 'price'
          ? product.priceKobo
          : sql`lower(${product.name})`;
    return db
      .select({
        vacationMode: sellers.vacationMode,
        stats: statistics.stats,
        total,
        row: productRow,
        category: sql<
          string | null
        >`(select ${categories.name} from ${categories} where ${categories.id} = ${product.categoryId})`,
        subCategory: sql<
          string | null
        >`(select ${subCategories.name} from ${subCategories} where ${subCategories.id} = ${product.subCategoryId})`,
      })
      .from(sellers)
      .crossJoin(statistics)
      .leftJoin(page, sql`true`)
      .leftJoinLateral(product, sql`true`)
      .where(eq(sellers.id, sql.placeholder('seller')))
      .orderBy(dir(outerKey), dir(product.id));
  }

  async function countOf(shape: ReturnType<typeof shapeOf>): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(shape.where)
      .prepare(`seller_page_count_${shape.key}`)
      .execute(shape.params);
    return row?.n ?? 0;
  }

  return {
    /**
     * The page `filter` asks for, the seller's statistics for the `visible` statuses and their
     * vacation mode; null when there is no such seller. Matches are counted when `countMatches`
     * (a caller that can tell their number from the statistics says false) or there are words.
     */
    async read(
      filter: ProductPageFilter,
      visible: readonly ProductStatus[],
      { countMatches }: { countMatches: boolean },
    ): Promise<SellerPage | null> {
      const shape = shapeOf(filter);
      const name = `seller_page_${filter.sort}_${filter.order}_${shape.key}_v${visible.length}_${countMatches ? 'c' : 'n'}`;
      let statement = statements.get(name);
      if (!statement) {
        statement = build(filter, shape, visible.length, countMatches).prepare(name) as unknown as {
          execute: (params: Record<string, unknown>) => Promise<Row[]>;
        };
        statements.set(name, statement);
      }
      const params: Record<string, unknown> = {
        ...shape.params,
        limit: filter.limit,
        offset: filter.offset,
        fence: 0,
      };
      visible.forEach((status, i) => {
        params[`visible${i}`] = status;
      });
      const rows = await statement.execute(params);
      const first = rows[0];
      if (!first) return null;
      const views: ProductView[] = [];
      for (const r of rows) {
        if (r.row) views.push({ row: r.row, category: r.category ?? '', subCategory: r.subCategory ?? '' });
      }
      let counted = first.total;
      // With words the count rides on the page's rows; a page past the last match has none.
      if (shape.hasWords && views.length === 0) counted = filter.offset === 0 ? 0 : await countOf(shape);
      return { vacationMode: first.vacationMode, stats: first.stats, views, counted };
    },
  };
}
export type ProductPages = ReturnType<typeof productPages>;
