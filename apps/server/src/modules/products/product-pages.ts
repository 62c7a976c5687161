// size: the lists' one statement per shape (seller, statistics, page, count), its three ways of finding a page (index walk, day-placed walk, word matches) and the misspelling fallback
import type { ProductStatus } from '@kasuwa/contracts';
import { and, asc, desc, eq, gte, inArray, lt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  productCreatedDays,
  productSearchVocabulary,
  productSearchWords,
  productStatistics,
  products,
  sellers,
} from '@/db/schema/index.ts';
import { type NamedStatement, namedStatement } from '@/lib/named-statement.ts';
import { ALL_STATUSES } from '@/modules/products/product-view.ts';
import type { ProductPageFilter } from '@/modules/products/products.repository.ts';

/** One page of a seller's products, with what every list shows beside it. */
export type SellerPage = {
  vacationMode: boolean;
  /** Per status of `visible`: how many products and the kobo value of their stock. */
  stats: { status: ProductStatus; n: number; stockValueKobo: number }[];
  /** The page's products as the API answers them: JSON texts (migration 0036), in the page's order. */
  answers: string[];
  /** The number of matches, or null when they were not counted (`countMatches` false). */
  counted: number | null;
};

const ALL_STATUS_COUNT = 4;

/**
 * From this depth a page newest or oldest first is placed by the per-day counts (dayPage): reading
 * a seller's days costs about as much as skipping a few hundred index entries.
 */
const DAY_WALK_FROM = 300;

/**
 * A searched page newest, oldest or by price is read from the word index (product_search_words,
 * migration 0035) and its matches counted up to this many pages past the page shown: exact when
 * there are fewer, else a lower bound that grows as the seller pages on (as the Orders lists count a
 * narrowed list five pages ahead, docs/order-lists.md). Counting every match of a common word is
 * what made a searched page cost 5 to 20 times a plain one; five pages ahead still cost "royal
 * ankara" a third more than two (docs/cold-path.md).
 */
export const WORD_COUNT_PAGES_AHEAD = 2;

/** A last word that begins more of the seller's words than this is found by the GIN index instead. */
export const MAX_PREFIX_WORDS = 8;

/** Deeper than this many matches, a searched page is found by the GIN index (sorting every match). */
const MAX_WORD_INDEX_CAP = 5_000;

/**
 * Each status's bit in a word-index entry's signature, as migration 0037's product_search_bits sets
 * it (the property tests compare the two ways of searching over every status, so a bit that differs
 * from the migration's fails them).
 */
const STATUS_SEARCH_BIT: Record<ProductStatus, bigint> = {
  active: 1n << 60n,
  draft: 1n << 61n,
  out_of_stock: 1n << 62n,
  archived: 1n << 63n,
};

/** The statuses' bits as a signed 64-bit number (PostgreSQL's bigint); -1 (every bit) when every status is shown. */
const statusSearchBits = (statuses: readonly ProductStatus[] | null): string =>
  statuses === null
    ? '-1'
    : BigInt.asIntN(
        64,
        statuses.reduce((bits, status) => bits | STATUS_SEARCH_BIT[status], 0n),
      ).toString();

/** Words the word index holds exactly as typed: PostgreSQL's parser keeps such a token whole. */
const PLAIN_TOKEN = /^[a-z0-9]+$/;

/** SQL that is true for an active product set up for auction; matches the partial index exactly. */
const isAuctionProduct = sql`${products.status} = 'active' and jsonb_typeof(${products.saleType} -> 'auction') = 'object'`;

/**
 * True when the name's words match `terms` (searchTerms) as the seller's own words. Both sides are
 * the functions of migration 0026: the left one exactly the word-search index's expression, or
 * PostgreSQL could not use it. The index's lexemes are the name's words each prefixed with the
 * seller's id, so its entries are per seller and word ("ankara" of one seller lists only that
 * seller's Ankara products); the earlier index (seller id, words) intersected every word's list
 * with the seller's entry, which listed all of their products (docs/cold-path.md). The query side
 * parses the terms with to_tsquery('simple'), the parser of the name's side, then prefixes them.
 */
export const wordsMatch = (
  seller: SQL | Placeholder | string,
  terms: SQL | SQL.Aliased | Placeholder | string,
) =>
  sql`product_search_vector(${products.sellerId}, ${products.name}) @@ product_search_query(${seller}::uuid, ${terms}::text)`;

/**
 * The words' letters and digits as a full-text query: every word of the name the seller typed must
 * be a word of the name, the last one only its beginning, as it is while they type: "royal ank"
 * finds "Royal Blue Ankara", "100%" finds "100% Cotton", "sold-out" finds "Sold-out Lace". A prefix
 * on every word cost twice the time of the index scan (docs/performance.md). Only letters and
 * digits reach to_tsquery, so no text can be read as its operators; null when the words hold none
 * (then nothing matches, as no name holds "_" as a word).
 */
export function searchTerms(words: readonly string[]): string | null {
  return termsOf(searchTokens(words));
}

const termsOf = (tokens: readonly string[]): string | null =>
  tokens.length === 0 ? null : tokens.map((t, i) => (i === tokens.length - 1 ? `${t}:*` : t)).join(' & ');

/** The words' letters and digits, lower-cased, each once, at most 10: the terms of searchTerms. */
function searchTokens(words: readonly string[]): string[] {
  const tokens: string[] = [];
  for (const word of words) {
    for (const token of word.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
      if (!tokens.includes(token)) tokens.push(token);
    }
  }
  return tokens.slice(0, 10);
}

/**
 * How close a misspelt word must be to a word of the name for the fallback to offer it
 * (pg_trgm's word similarity): "ankra" is 0.5 of "Ankara", "sneekers" 0.5 of "Sneakers", while
 * "agbada" is 0.14 of "Ankara Maxi Dress". PostgreSQL's default, 0.6, missed the first two.
 */
const FUZZY_THRESHOLD = 0.4;

/**
 * The filter as a statement with placeholders, its values, and a key naming the statement's shape:
 * each shape is built and prepared once, then only executed (building a query with drizzle cost more
 * CPU than PostgreSQL spent running it, and planning more than executing).
 */
function shapeOf(f: ProductPageFilter, words: 'indexed' | 'prefix' | 'fuzzy' = 'indexed') {
  const params: Record<string, unknown> = { seller: f.sellerId };
  const key: string[] = [];
  /** The statuses as SQL literals when they narrow the list (null: every status). */
  let statusLiterals: string | null = null;
  let statusBits = statusSearchBits(null);
  // Each condition as a function: the statement of a shape is built once (readShape keeps it by the
  // shape's name), and building drizzle's SQL objects on every request only to drop them cost ~3 %
  // of a list's server time.
  const conditions: (() => SQL | undefined)[] = [() => eq(products.sellerId, sql.placeholder('seller'))];
  if (f.auctionOnly) {
    conditions.push(() => isAuctionProduct);
    key.push('auction');
  } else if (f.statuses.length < ALL_STATUS_COUNT) {
    // Every status allowed means no status test at all, so the sort index needs no filter. The
    // statuses are written into the statement, not bound: only then can the generic plan use the
    // partial index of what visitors see (products_seller_public_created_idx). They come from the
    // enum's fixed list, never from the request's text.
    const known = f.statuses.filter((status) => ALL_STATUSES.includes(status));
    statusLiterals = known.length === 0 ? null : known.map((status) => `'${status}'`).join(', ');
    statusBits = statusSearchBits(known);
    conditions.push(() =>
      known.length === 0
        ? sql`false`
        : sql`${products.status} in (${sql.raw(known.map((status) => `'${status}'`).join(', '))})`,
    );
    key.push(`s_${known.join('_')}`);
  }
  const given = f.words ?? [];
  const tokens = searchTokens(given);
  const terms = termsOf(tokens);
  /** Whether the page is read from the word index (wordIndexPage). */
  let wordIndex = false;
  if (given.length > 0 && words === 'fuzzy') {
    // Each word close to a word of the name; the trigram index finds the candidates.
    given.forEach((word, i) => {
      params[`word${i}`] = word;
      conditions.push(() => sql`${products.name} %> ${sql.placeholder(`word${i}`)}`);
    });
    key.push(`fuzzy${given.length}`);
  } else if (given.length > 0 && terms !== null) {
    params.terms = terms;
    conditions.push(() => wordsMatch(sql.placeholder('seller'), sql.placeholder('terms')));
    key.push('words');
    if (
      words === 'indexed' &&
      (f.sort === 'createdAt' || f.sort === 'price') &&
      !f.auctionOnly &&
      !(f.statuses.length < ALL_STATUS_COUNT && statusLiterals === null) &&
      f.offset + f.limit * (WORD_COUNT_PAGES_AHEAD + 1) <= MAX_WORD_INDEX_CAP &&
      tokens.every((t) => PLAIN_TOKEN.test(t))
    ) {
      params.exact = tokens.slice(0, -1);
      params.prefix = tokens[tokens.length - 1];
      params.cap = f.offset + f.limit * (WORD_COUNT_PAGES_AHEAD + 1);
      wordIndex = true;
      key.push('index');
    }
  } else if (given.length > 0) {
    conditions.push(() => sql`false`);
    key.push('nowords');
  }
  // With words, the price is tested on the words' matches, never used to find rows: the generic
  // plan cannot know how many names a word matches, and once walked a price range of 25,000
  // products computing each name's words (125 ms) instead of reading 600 matches from the index.
  const price = () => (given.length > 0 ? sql`(${products.priceKobo} + 0)` : sql`${products.priceKobo}`);
  if (f.minPriceKobo !== undefined) {
    params.min = f.minPriceKobo;
    conditions.push(() => gte(price(), sql.placeholder('min')));
    key.push('min');
  }
  if (f.maxPriceKobo !== undefined) {
    params.max = f.maxPriceKobo;
    conditions.push(() => lte(price(), sql.placeholder('max')));
    key.push('max');
  }
  if (f.categoryId !== undefined) {
    params.category = f.categoryId;
    conditions.push(() => eq(products.categoryId, sql.placeholder('category')));
    key.push('category');
  }
  return {
    /** The conditions as one SQL (built when a statement is). */
    get where() {
      return and(...conditions.map((condition) => condition()));
    },
    params,
    key: key.join('_'),
    hasWords: given.length > 0,
    wordIndex,
    statusLiterals,
    /** The statuses' bits in a word-index entry's signature (migration 0037). */
    statusBits,
    /** Whether only the statuses narrow the list (the days of product_created_days can place a page). */
    statusOnly:
      !f.auctionOnly &&
      given.length === 0 &&
      f.minPriceKobo === undefined &&
      f.maxPriceKobo === undefined &&
      f.categoryId === undefined &&
      !(f.statuses.length < ALL_STATUS_COUNT && statusLiterals === null),
    /** Whether a misspelling fallback can be tried when these words find nothing. */
    canFallBack: words !== 'fuzzy' && terms !== null,
  };
}

/**
 * A prepared statement's name within PostgreSQL's 63 bytes: a longer one is cut and given a hash of
 * the whole (PostgreSQL would cut it alone, and two shapes differing past the cut would share a name).
 */
export function statementName(name: string): string {
  if (name.length <= 63) return name;
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return `${name.slice(0, 54)}_${hash.toString(16).padStart(8, '0')}`;
}

/**
 * Reads a page of a seller's products in ONE statement: the seller (so an unknown seller is told
 * apart from an empty catalogue), their vacation mode and statistics, the page's products with
 * their category names, and the number of matches when the statistics cannot tell it. Each round
 * trip to PostgreSQL costs the server more than the rows it brings, so a list costs one.
 *
 * How the page's ids are found:
 * - without words, from an index in sort order (skipping `offset` index entries, not table rows);
 * - with words, the word-search index finds every match first (behind `offset 0`, which the
 *   planner does not see through, so it cannot walk the sort index testing each name instead), then
 *   one pass sorts them and counts them. Words that find nothing are tried once more as possible
 *   misspellings (`name %> word` on the trigram index), in the same sort: see docs/performance.md.
 */
export function productPages(
  db: Database,
  /** `wordIndex: false` finds every searched page with the GIN index (tests compare the two ways). */
  { wordIndex = true }: { wordIndex?: boolean } = {},
) {
  type Row = {
    vacation_mode: boolean;
    stats: SellerPage['stats'];
    total: number | null;
    answer: string | null;
    product_id: string | null;
  };
  const statements = new Map<string, NamedStatement<Row>>();

  function build(
    filter: ProductPageFilter,
    shape: ReturnType<typeof shapeOf>,
    visibleCount: number,
    countMatches: boolean,
    byDay: boolean,
    db: Pick<Database, 'select'>,
  ) {
    const dir = filter.order === 'asc' ? asc : desc;
    const sortKey =
      filter.sort === 'createdAt'
        ? products.createdAt
        : filter.sort === 'price'
          ? products.priceKobo
          : sql`lower(${products.name})`;

    const wordsPage = () => {
      // Only the sort's own key beside the id: the fenced subquery computes what it selects for
      // every match, and lower(name) of 5,000 names cost more than reading them.
      const key =
        filter.sort === 'createdAt'
          ? sql<Date>`${products.createdAt}`.as('key')
          : filter.sort === 'price'
            ? sql<number>`${products.priceKobo}`.as('key')
            : sql<string>`lower(${products.name})`.as('key');
      const matches = db
        .select({ id: products.id, key })
        .from(products)
        .where(shape.where)
        // drizzle leaves out `offset 0`; a bound 0 fences the subquery just the same.
        .offset(sql.placeholder('fence'))
        .as('matches');
      const matchKey = matches.key;
      return db
        .select({ id: matches.id, total: sql<number | null>`(count(*) over ())::int`.as('total') })
        .from(matches)
        .orderBy(dir(matchKey), dir(matches.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .as('page');
    };
    // A searched page from the word index (migration 0035): the seller's vocabulary names the words
    // the last (prefix) word begins and how many products hold each word; the rarest range (an
    // exact word, or the prefix's words merged) is read in the list's order, each entry tested for
    // the other words and the filters on the entry itself, up to `cap` matches (the page and
    // WORD_COUNT_PAGES_AHEAD more), which are counted. A prefix beginning more than
    // MAX_PREFIX_WORDS words answers one row with the total -1: the page is then read as wordsPage.
    const wordIndexPage = () => {
      const order = sql.raw(filter.order === 'asc' ? 'asc' : 'desc');
      const key = sql.raw(filter.sort === 'price' ? 'w.price_kobo' : 'w.created_at');
      const seller = sql`${sql.placeholder('seller')}::uuid`;
      const prefix = sql`${sql.placeholder('prefix')}::text`;
      // The statuses' bits as a literal (every bit set: all statuses): a function of them, a CASE,
      // is not inlined by PostgreSQL, and calling it cost ~30 µs a call.
      const statusBits = sql.raw(`(${shape.statusBits})::bigint`);
      const tests: SQL[] = [sql`w.seller_id = ${seller}`, sql`w.word = d.word`];
      if (filter.categoryId !== undefined) tests.push(sql`w.category_id = ${sql.placeholder('category')}`);
      if (filter.minPriceKobo !== undefined) tests.push(sql`w.price_kobo >= ${sql.placeholder('min')}`);
      if (filter.maxPriceKobo !== undefined) tests.push(sql`w.price_kobo <= ${sql.placeholder('max')}`);
      // The entry's signature first (migration 0037: a bit per word of the name and one for its
      // status), then the words themselves for the few entries whose bits hold every bit asked for.
      // One CASE, so PostgreSQL cannot put the array tests first (it orders a filter's tests by cost).
      tests.push(sql`case when w.bits & plan.need = plan.need and w.bits & plan.status_bits <> 0
          and (plan.prefix_driver or w.bits & plan.prefix_bits <> 0)
        then w.words @> ${sql.placeholder('exact')}::text[] and (plan.prefix_driver or w.words && plan.prefix_words)
        else false end`);
      const matches = sql`with
        prefix as (
          select coalesce(array_agg(v.word), '{}') as words, coalesce(sum(v.product_count), 0)::int as n,
                 count(*)::int as k, coalesce(bit_or(product_search_word_bit(v.word)), 0) as bits
          from ${productSearchVocabulary} v
          where v.seller_id = ${seller} and v.word >= ${prefix} and v.word < ${prefix} || chr(1114111)
            and starts_with(v.word, ${prefix})),
        exact as (
          select u.word, v.product_count as n
          from unnest(${sql.placeholder('exact')}::text[]) as u(word)
          left join ${productSearchVocabulary} v on v.seller_id = ${seller} and v.word = u.word),
        plan as (
          select case when r.word is not null and r.n <= p.n then array[r.word] else p.words end as driver,
                 p.words as prefix_words, p.k <= ${MAX_PREFIX_WORDS} as indexed,
                 exists (select 1 from exact where exact.n is null) as missing,
                 r.word is null or r.n > p.n as prefix_driver, p.bits as prefix_bits,
                 (select coalesce(bit_or(product_search_word_bit(e.word)), 0) from exact e) as need,
                 ${statusBits} as status_bits
          from prefix p
          left join lateral (select e.word, e.n from exact e where e.n is not null order by e.n, e.word limit 1) r
            on true)
        select pg.id, pg.total from (
          select m.product_id as id, (count(*) over ())::int as total, m.key
          from (
            select distinct on (x.key, x.product_id) x.product_id, x.key
            from plan
            cross join lateral unnest(plan.driver) as d(word)
            cross join lateral (
              select w.product_id, ${key} as key from ${productSearchWords} w
              where ${sql.join(tests, sql` and `)}
              order by ${key} ${order}, w.product_id ${order}
              limit ${sql.placeholder('cap')}) x
            where plan.indexed and not plan.missing
            order by x.key ${order}, x.product_id ${order}
            limit ${sql.placeholder('cap')}) m
          order by m.key ${order}, m.product_id ${order}
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) pg
        union all
        select null, -1 from plan where not plan.indexed`;
      return (
        db
          // Names of their own: a field of SQL is written unqualified where it is used, and inside the
          // product's subquery `id` would be the product's own column.
          .select({
            id: sql<string>`page_rows.id`.as('word_page_id'),
            total: sql<number | null>`page_rows.total`.as('word_page_total'),
          })
          .from(sql`(${matches}) page_rows`)
          .as('page')
      );
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
    // A deep page, newest or oldest first: the day holding the page's first product, from the
    // per-day counts (product_created_days), and the walk of the created-at index starts at that
    // day's edge, skipping only that day's products before it instead of every product before it.
    // Past the last product there is no such day: the bound is null and the page empty.
    const dayPage = () => {
      const newest = filter.order !== 'asc';
      const order = sql.raw(newest ? 'desc' : 'asc');
      const statuses =
        shape.statusLiterals === null
          ? sql``
          : sql` and ${productCreatedDays.status} in (${sql.raw(shape.statusLiterals)})`;
      // The day holding the page's first product and how many products come before that day. Read
      // once: the walk beside it (lateral) takes its bound and its offset from this one row, where
      // two subqueries, the bound and the skip, each computed it (docs/cold-path.md).
      const anchor = db
        .select({ day: sql<string>`a.day`.as('day'), before: sql<number>`a.upto - a.n`.as('before') })
        .from(sql`(select d.day, d.n, sum(d.n) over (order by d.day ${order}) as upto from (
            select ${productCreatedDays.day} as day, sum(${productCreatedDays.productCount})::int as n
            from ${productCreatedDays}
            where ${productCreatedDays.sellerId} = ${sql.placeholder('seller')}${statuses}
            group by 1) d) a`)
        .where(sql`a.upto > ${sql.placeholder('offset')}`)
        .orderBy(sql`a.day ${order}`)
        .limit(1)
        .as('x');
      const edge = newest
        ? sql`(${anchor.day} + 1)::timestamp at time zone 'UTC'`
        : sql`${anchor.day}::timestamp at time zone 'UTC'`;
      const walk = db
        .select({ id: products.id })
        .from(products)
        .where(and(shape.where, newest ? lt(products.createdAt, edge) : gte(products.createdAt, edge)))
        .orderBy(dir(products.createdAt), dir(products.id))
        .limit(sql.placeholder('limit'))
        // drizzle writes any SQL here as it is; its type only names numbers and placeholders.
        .offset(sql`${sql.placeholder('offset')} - ${anchor.before}` as unknown as Placeholder)
        .as('w');
      return db
        .select({ id: walk.id, total: sql<number | null>`null::int`.as('total') })
        .from(anchor)
        .crossJoinLateral(walk)
        .as('page');
    };
    const page = shape.wordIndex
      ? wordIndexPage()
      : shape.hasWords
        ? wordsPage()
        : byDay
          ? dayPage()
          : indexPage();

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
    const product = db
      .select({
        id: products.id,
        createdAt: products.createdAt,
        priceKobo: products.priceKobo,
        name: products.name,
        answer: sql<string>`${products}.answer_json`.as('answer_json'),
      })
      .from(products)
      .where(eq(products.id, page.id))
      .limit(1)
      .as('product');
    const outerKey =
      filter.sort === 'createdAt'
        ? product.createdAt
        : filter.sort === 'price'
          ? product.priceKobo
          : sql`lower(${product.name})`;
    return (
      db
        // Named as the rows of a named statement are keyed (readShape): the columns' own names.
        .select({
          vacation_mode: sql<boolean>`${sellers.vacationMode}`.as('vacation_mode'),
          stats: sql<SellerPage['stats']>`${statistics.stats}`.as('stats'),
          total: sql<number | null>`${total}`.as('total'),
          // The product as the API answers it, kept on its row by PostgreSQL (migration 0036): the
          // lists send this text as it is (null when the page has no product).
          answer: sql<string | null>`${product.answer}`.as('answer'),
          product_id: sql<string | null>`${product.id}`.as('product_id'),
        })
        .from(sellers)
        .crossJoin(statistics)
        .leftJoin(page, sql`true`)
        .leftJoinLateral(product, sql`true`)
        .where(eq(sellers.id, sql.placeholder('seller')))
        .orderBy(dir(outerKey), dir(product.id))
    );
  }

  async function countOf(shape: ReturnType<typeof shapeOf>, db: Pick<Database, 'select'>): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(shape.where)
      .prepare(statementName(`seller_page_count_${shape.key}`))
      .execute(shape.params);
    return row?.n ?? 0;
  }

  /** One page of one shape, on `db` or on the fallback's transaction. */
  async function readShape(
    filter: ProductPageFilter,
    shape: ReturnType<typeof shapeOf>,
    visible: readonly ProductStatus[],
    countMatches: boolean,
    on: Pick<Database, 'select'>,
  ): Promise<SellerPage | null> {
    const byDay = filter.sort === 'createdAt' && shape.statusOnly && filter.offset >= DAY_WALK_FROM;
    const shapeName = `seller_page_${filter.sort}_${filter.order}_${shape.key}_v${visible.length}_${countMatches ? 'c' : 'n'}${byDay ? '_days' : ''}`;
    // On the pool, a named statement run by pg itself (lib/named-statement.ts: no drizzle mapping of
    // the rows), kept by its shape's name; on the fallback's transaction, drizzle's own prepared one.
    let statement: { execute: (params: Record<string, unknown>) => Promise<Row[]> } | undefined =
      on === db ? statements.get(shapeName) : undefined;
    if (!statement && on === db) {
      const named = namedStatement<Row>(
        db,
        statementName(shapeName),
        build(filter, shape, visible.length, countMatches, byDay, db).getSQL(),
      );
      statements.set(shapeName, named);
      statement = named;
    }
    statement ??= build(filter, shape, visible.length, countMatches, byDay, on).prepare(
      statementName(shapeName),
    ) as unknown as {
      execute: (params: Record<string, unknown>) => Promise<Row[]>;
    };
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
    const answers: string[] = [];
    for (const r of rows) {
      if (r.product_id === null) continue;
      if (r.answer === null)
        throw new Error(`product ${r.product_id} has no answer_json (its trigger is off)`);
      answers.push(r.answer);
    }
    // The prefix begins too many words for the word index: the same page from the GIN index.
    if (first.total === -1) return readShape(filter, shapeOf(filter, 'prefix'), visible, countMatches, on);
    let counted = first.total;
    // With words the count rides on the page's rows; a page past the last match has none.
    if (shape.hasWords && answers.length === 0) counted = filter.offset === 0 ? 0 : await countOf(shape, on);
    return { vacationMode: first.vacation_mode, stats: first.stats, answers, counted };
  }

  return {
    /**
     * The page `filter` asks for, the seller's statistics for the `visible` statuses and their
     * vacation mode; null when there is no such seller. Matches are counted when `countMatches`
     * (a caller that can tell their number from the statistics says false) or there are words.
     * Words that begin no word of any name are read as misspellings: the page then holds the
     * names with a word close to each (FUZZY_THRESHOLD), counted the same way.
     */
    async read(
      filter: ProductPageFilter,
      visible: readonly ProductStatus[],
      { countMatches }: { countMatches: boolean },
    ): Promise<SellerPage | null> {
      const shape = shapeOf(filter, wordIndex ? 'indexed' : 'prefix');
      const found = await readShape(filter, shape, visible, countMatches, db);
      if (found?.counted !== 0 || !shape.canFallBack) return found;
      // The threshold is a setting of pg_trgm, and only `set local` scopes it to one statement's
      // transaction; the fallback is the rare path, so its extra round trips cost little.
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${FUZZY_THRESHOLD}`));
        return readShape(filter, shapeOf(filter, 'fuzzy'), visible, countMatches, tx);
      });
    },
  };
}
export type ProductPages = ReturnType<typeof productPages>;
