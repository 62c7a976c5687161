// size: the list's statement shapes (walk, word index, weekly counts) and the export share whereOf, sorts
import type { OrderSort, OrderTab } from '@kasuwa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { type NamedStatement, namedStatement } from '@/lib/named-statement.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { transactionsOf } from '@/lib/queryable.ts';
import { cursorBatches } from '@/lib/sql-cursor.ts';
import {
  ORDER_SUMMARY_COLUMNS,
  ORDER_SUMMARY_JOINS,
  type OrderSummaryRow,
} from '@/modules/orders/order-summary.ts';
import type { SellerStanding } from '@/plugins/auth.ts';

/**
 * An order's summary as the list answers it: the JSON text its row keeps (`orders.summary_json`,
 * migration 0038, byte for byte what `JSON.stringify(toOrderSummary(row))` writes), made afresh from
 * the row should it be missing (a row restored with triggers off).
 */
export const SUMMARY_JSON: SQL = sql`coalesce(o.summary_json, order_summary_json(o))`;

/** What the Orders list and its export are narrowed by (contracts `sellerOrdersQuery`). */
export type OrderListFilter = {
  sellerId: string;
  tab: OrderTab;
  /** Lower-cased words, each of which must appear in the buyer's name or a product's name. */
  words: readonly string[];
  /** An order number typed in the search (with or without `KSW-`); matched beside the words. */
  number: number | null;
  /** Created from the start of this UTC instant (a Lagos midnight) … */
  fromInstant: Date | null;
  /** … to before this one (the Lagos midnight after the last day). */
  toInstant: Date | null;
  streamId: string | null;
  sort: OrderSort;
};

/** Counts per stored tab (`list_tab`): the five tabs and `other` (only in All). */
export type TabCountRows = Record<string, number>;

const SORT_KEYS: Record<OrderSort, { column: 'created_at' | 'total_kobo'; desc: boolean }> = {
  newest: { column: 'created_at', desc: true },
  oldest: { column: 'created_at', desc: false },
  total_desc: { column: 'total_kobo', desc: true },
  total_asc: { column: 'total_kobo', desc: false },
};

/** `ORDER BY` of a sort over an alias; the id breaks ties so pages never overlap. */
function orderBy(sort: OrderSort, alias: string): SQL {
  const { column, desc } = SORT_KEYS[sort];
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  return sql`${sql.raw(`${alias}.${column}`)} ${dir}, ${sql.raw(`${alias}.id`)} ${dir}`;
}

/** `%word%` for LIKE, its own wildcards taken literally. */
const likeWord = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The WHERE of a filter over `orders o`. Each condition is a column the list indexes carry. With
 * `bind`, values are placeholders named after the filter's fields (a named statement's shape);
 * without, they are the filter's values (the export's one-off statement).
 */
function whereOf(f: OrderListFilter, bind = false): SQL {
  const v = (name: string, value: unknown) => (bind ? sql.placeholder(name) : value);
  const parts: SQL[] = [sql`o.seller_id = ${v('seller', f.sellerId)}`];
  if (f.tab !== 'all') parts.push(sql`o.list_tab = ${v('tab', f.tab)}`);
  if (f.fromInstant) parts.push(sql`o.created_at >= ${v('from', f.fromInstant.toISOString())}::timestamptz`);
  if (f.toInstant) parts.push(sql`o.created_at < ${v('to', f.toInstant.toISOString())}::timestamptz`);
  if (f.streamId) parts.push(sql`o.stream_id = ${v('stream', f.streamId)}`);
  const text =
    f.words.length > 0
      ? sql.join(
          f.words.map((w, i) => sql`o.search_text LIKE ${v(`like${i}`, likeWord(w))}`),
          sql` AND `,
        )
      : null;
  const number = v('number', f.number);
  if (f.number !== null && text) parts.push(sql`(o.number = ${number} OR (${text}))`);
  else if (f.number !== null) parts.push(sql`o.number = ${number}`);
  else if (text) parts.push(text);
  return sql.join(parts, sql` AND `);
}

/** The placeholder values of `whereOf(f, true)`. */
function whereValues(f: OrderListFilter): Record<string, unknown> {
  const values: Record<string, unknown> = { seller: f.sellerId, tab: f.tab, number: f.number };
  if (f.fromInstant) values.from = f.fromInstant.toISOString();
  if (f.toInstant) values.to = f.toInstant.toISOString();
  if (f.streamId) values.stream = f.streamId;
  f.words.forEach((w, i) => {
    values[`like${i}`] = likeWord(w);
  });
  return values;
}

/**
 * How many of the seller's words may contain the searched word for the word index to be read (one
 * range of `order_search_words` each, merged); a word found in more (a search for `a`) matches so
 * many orders that the walk of the tab's index finds the page sooner.
 */
export const MAX_INDEXED_WORDS = 8;

/**
 * Whether the word index can answer the filter: one word, one tab, sorted by date, no show and no
 * order number (the index's rows carry seller, tab, word, date and order, nothing else). Anything
 * else walks the sort's index testing the search text, as before the index existed.
 */
export const wordIndexable = (f: OrderListFilter) =>
  f.tab !== 'all' &&
  f.words.length === 1 &&
  f.number === null &&
  f.streamId === null &&
  (f.sort === 'newest' || f.sort === 'oldest');

/** Whether the filter narrows the list beyond a tab (so the tab counts are not its total). */
export const isNarrowed = (f: OrderListFilter) =>
  f.words.length > 0 ||
  f.number !== null ||
  f.fromInstant !== null ||
  f.toInstant !== null ||
  f.streamId !== null;

type PageRow = {
  token_version: number | null;
  is_blocked: boolean | null;
  is_disabled: boolean | null;
  counts: TabCountRows;
  matched: number | null;
  via_words: boolean | null;
  orders: string | null;
};

/**
 * The matches of a one-word search of one tab by date, from the word index, up to `cap`: the
 * seller's words that hold the searched one (the vocabulary, at most MAX_INDEXED_WORDS of them), each
 * one range of `order_search_words` read in the list's order, merged in that order, an order holding
 * two of those words counted once (`DISTINCT` over the merged order: adjacent duplicates). The first
 * word's range is read as it is (a search is most often one word of the vocabulary: ~cap entries,
 * nothing sorted); the other words' ranges, when there are any, are read up to `cap` each and sorted
 * before the merge. (A branch per word cost 0.07 ms each to start, found or not.) The same orders, in
 * the same order, as `search_text LIKE '%word%'`.
 */
function wordMatches(f: OrderListFilter): SQL {
  const { desc } = SORT_KEYS[f.sort];
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const range = (word: SQL) => sql`SELECT w.order_id AS id, w.created_at FROM order_search_words w
      WHERE w.seller_id = ${sql.placeholder('seller')} AND w.list_tab = ${sql.placeholder('tab')}
        AND w.word = ${word}${f.fromInstant ? sql` AND w.created_at >= ${sql.placeholder('from')}::timestamptz` : sql``}${
          f.toInstant ? sql` AND w.created_at < ${sql.placeholder('to')}::timestamptz` : sql``
        }
      ORDER BY w.created_at ${dir}, w.order_id ${dir} LIMIT ${sql.placeholder('cap')}`;
  return sql`SELECT DISTINCT u.id, u.created_at FROM (
      (${range(sql`(SELECT v.words[1] FROM vocabulary v)`)})
      UNION ALL
      (SELECT x.id, x.created_at FROM unnest((SELECT v.words[2:] FROM vocabulary v)) AS r(word)
        CROSS JOIN LATERAL (${range(sql`r.word`)}) x
        ORDER BY x.created_at ${dir}, x.id ${dir})) u
    WHERE (SELECT v.n FROM vocabulary v) <= ${sql.raw(String(MAX_INDEXED_WORDS))}
    ORDER BY u.created_at ${dir}, u.id ${dir} LIMIT ${sql.placeholder('cap')}`;
}

/**
 * The page and capped total of a one-word search of a tab by date without dates, when the searched
 * word is in exactly one of the seller's words (the common case: `ankara`), from that word's weekly
 * counts (`order_search_word_weeks`, migration 0039): the weeks in the list's order with their
 * running totals (52 rows a year) give the week the page starts in and how many of that week's
 * entries come before it, so the page reads those few entries and its own from the word's range
 * instead of every entry before it; the total is the weeks' sum, capped as the walk caps it. For
 * none or several such words (a merge that counts an order holding two of them once) or too many,
 * `m` answers as before; one-time filters on the vocabulary's size pick the way, and `m` is never
 * read when the weeks answer.
 */
function wordWeeksPage(f: OrderListFilter): SQL {
  const { desc } = SORT_KEYS[f.sort];
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const one = sql`(SELECT v.n FROM vocabulary v) = 1`;
  // The week's first instant (its Monday's Lagos midnight), or the next week's for newest first.
  const edge = desc
    ? sql`w.created_at < ((SELECT s.week FROM start s) + 7)::timestamp AT TIME ZONE 'Africa/Lagos'`
    : sql`w.created_at >= (SELECT s.week FROM start s)::timestamp AT TIME ZONE 'Africa/Lagos'`;
  return sql`weeks AS MATERIALIZED (
      SELECT k.week, k.order_count AS n, sum(k.order_count) OVER (ORDER BY k.week ${dir}) AS upto
      FROM order_search_word_weeks k
      WHERE k.seller_id = ${sql.placeholder('seller')} AND k.list_tab = ${sql.placeholder('tab')}
        AND k.word = (SELECT v.words[1] FROM vocabulary v) AND ${one}),
    start AS (SELECT k.week, k.upto - k.n AS before FROM weeks k
      WHERE k.upto > ${sql.placeholder('offset')}::int ORDER BY k.week ${dir} LIMIT 1),
    page AS (
      (SELECT m.id FROM m WHERE NOT ${one} ORDER BY ${orderBy(f.sort, 'm')}
        OFFSET ${sql.placeholder('offset')} LIMIT ${sql.placeholder('limit')})
      UNION ALL
      (SELECT w.order_id FROM order_search_words w
        WHERE w.seller_id = ${sql.placeholder('seller')} AND w.list_tab = ${sql.placeholder('tab')}
          AND w.word = (SELECT v.words[1] FROM vocabulary v) AND ${one} AND ${edge}
        ORDER BY w.created_at ${dir}, w.order_id ${dir}
        OFFSET (${sql.placeholder('offset')}::int - (SELECT s.before FROM start s))
        LIMIT ${sql.placeholder('limit')})),
    matched AS (SELECT CASE WHEN ${one}
      THEN (SELECT least(coalesce(sum(k.n), 0), ${sql.placeholder('cap')}::int)::int FROM weeks k)
      ELSE (SELECT count(*)::int FROM m) END AS n)`;
}

/** The placeholder values of a page's statement (`pageQuery`). */
export function pageValues(
  f: OrderListFilter,
  page: { offset: number; limit: number; countCap: number | null },
): Record<string, unknown> {
  return {
    ...whereValues(f),
    word: f.words[0] ?? null,
    offset: page.offset,
    limit: page.limit,
    cap: page.countCap,
  };
}

/**
 * The statement of a page of `f`'s shape, its values placeholders (`pageValues`): the walk of the
 * sort's index, or with `viaWords` the word index (falling back to the walk in the same statement).
 */
export function pageQuery(f: OrderListFilter, capped: boolean, viaWords: boolean): SQL {
  const where = whereOf(f, true);
  // Without dates, a word that is one word of the seller's is paged by its weeks' counts.
  const byWeeks = viaWords && f.fromInstant === null && f.toInstant === null;
  const sortColumn = sql.raw(`o.${SORT_KEYS[f.sort].column}`);
  // Only the id and the sort's column, both in the sort's index: an index-only walk.
  const walk = (gate = sql``) => sql`SELECT o.id, ${sortColumn} FROM orders o WHERE ${where}${gate}
    ORDER BY ${orderBy(f.sort, 'o')} LIMIT ${sql.placeholder('cap')}`;
  const ids = !capped
    ? sql`page AS (SELECT o.id FROM orders o WHERE ${where} ORDER BY ${orderBy(f.sort, 'o')}
            OFFSET ${sql.placeholder('offset')} LIMIT ${sql.placeholder('limit')}),
          matched AS (SELECT NULL::int AS n),
          via AS (SELECT NULL::boolean AS words)`
    : viaWords
      ? // Both ways are in the statement; a one-time filter on the vocabulary's size runs one.
        sql`vocabulary AS MATERIALIZED (
              SELECT array_agg(x.word) AS words, count(*) AS n FROM (
                SELECT v.word FROM order_search_vocabulary v
                WHERE v.seller_id = ${sql.placeholder('seller')} AND strpos(v.word, ${sql.placeholder('word')}::text) > 0
                LIMIT ${sql.raw(String(MAX_INDEXED_WORDS + 1))}) x),
            m AS MATERIALIZED (
              (${wordMatches(f)})
              UNION ALL
              (${walk(sql` AND (SELECT v.n FROM vocabulary v) > ${sql.raw(String(MAX_INDEXED_WORDS))}`)})
            ),
            ${
              byWeeks
                ? wordWeeksPage(f)
                : sql`page AS (SELECT m.id FROM m ORDER BY ${orderBy(f.sort, 'm')} OFFSET ${sql.placeholder('offset')} LIMIT ${sql.placeholder('limit')}),
            matched AS (SELECT count(*)::int AS n FROM m)`
            },
            via AS (SELECT n <= ${sql.raw(String(MAX_INDEXED_WORDS))} AS words FROM vocabulary)`
      : sql`m AS MATERIALIZED (${walk()}),
            page AS (SELECT m.id FROM m ORDER BY ${orderBy(f.sort, 'm')} OFFSET ${sql.placeholder('offset')} LIMIT ${sql.placeholder('limit')}),
            matched AS (SELECT count(*)::int AS n FROM m),
            via AS (SELECT false AS words)`;
  return sql`
    WITH counts AS (
      SELECT coalesce(json_object_agg(tab, order_count), '{}'::json) AS counts
      FROM order_tab_counts WHERE seller_id = ${sql.placeholder('seller')}
    ),
    ${ids}
    SELECT s.token_version, s.is_blocked, s.is_disabled,
      counts.counts, matched.n AS matched, via.words AS via_words,
      (SELECT string_agg(${SUMMARY_JSON}, ',' ORDER BY ${orderBy(f.sort, 'o')})
       FROM page JOIN orders o ON o.id = page.id) AS orders
    FROM counts CROSS JOIN matched CROSS JOIN via
      LEFT JOIN sellers s ON s.id = ${sql.placeholder('seller')}`;
}

/** A row of the CSV export: a summary's facts and the money and shipping columns. */
export type OrderExportRow = {
  number: number;
  created_lagos: string;
  buyer_name: string | null;
  buyer_state: string | null;
  items: string | null;
  quantity: number | null;
  subtotal_kobo: number;
  discount_kobo: number;
  coupon_code: string | null;
  delivery_fee_kobo: number;
  total_kobo: number;
  payment_status: string;
  fulfilment_status: string;
  payment_method: string | null;
  delivery_method: string | null;
  carrier: string | null;
  tracking_number: string | null;
  stream_title: string | null;
};

export function orderListsRepository(db: Database) {
  const statements = new Map<string, NamedStatement<PageRow>>();

  /** The named statement of the filter's shape (which conditions, sort, capped count, word index). */
  function pageStatement(f: OrderListFilter, capped: boolean): NamedStatement<PageRow> {
    const viaWords = capped && wordIndexable(f);
    // The statement's name says its shape; it is the same text in every repository of the process.
    const key = [
      'orders_page',
      f.tab === 'all' ? 'all' : 'tab',
      f.fromInstant ? 'f' : '',
      f.toInstant ? 't' : '',
      f.streamId ? 's' : '',
      `w${f.words.length}`,
      f.number !== null ? 'n' : '',
      f.sort,
      capped ? 'capped' : 'exact',
      viaWords ? 'words' : '',
    ]
      .filter(Boolean)
      .join('_');
    let statement = statements.get(key);
    if (!statement) {
      statement = namedStatement<PageRow>(db, key, pageQuery(f, capped, viaWords));
      statements.set(key, statement);
    }
    return statement;
  }

  return {
    db,
    transaction: transactionsOf(db),

    /**
     * One page of the Orders list and the seller's tab counts, in one statement and one row. The
     * page's ids come from an index alone, and only its rows are then read for their kept summaries
     * (`orders`: their JSON texts in the list's order, joined by commas). A narrowed list (search,
     * dates, show) counts its matches only up to `countCap`, so page 50 of a broad search finds
     * about 1,100 matches, not every one; `matched` is that capped count. A one-word search of a
     * tab by date reads the word index (`order_search_words`, one range per word of the seller's
     * that holds the searched one; without dates and for one such word, the word's weekly counts
     * and only the page's end of its range) unless the word is in more than MAX_INDEXED_WORDS of
     * them; everything else walks the sort's index testing the search text. `viaWords` tells which
     * did. Each shape of filter is one named statement (lib/named-statement.ts).
     */
    async readPage(
      f: OrderListFilter,
      page: { offset: number; limit: number; countCap: number | null },
    ): Promise<{
      /** The seller's token version and switches, for the route's auth rules (auth.ts DeferredSeller). */
      standing: SellerStanding | undefined;
      orders: string;
      counts: TabCountRows;
      matched: number | null;
      viaWords: boolean;
    }> {
      const [row] = await pageStatement(f, page.countCap !== null).execute(pageValues(f, page));
      return {
        standing:
          row && row.token_version !== null
            ? {
                tokenVersion: row.token_version,
                isBlocked: row.is_blocked === true,
                isDisabled: row.is_disabled === true,
              }
            : undefined,
        orders: row?.orders ?? '',
        counts: row?.counts ?? {},
        matched: row?.matched ?? null,
        viaWords: row?.via_words === true,
      };
    },

    async tabCounts(q: Queryable, sellerId: string): Promise<TabCountRows> {
      const { rows } = await q.execute<{ tab: string; n: number }>(
        sql`SELECT tab, order_count::int AS n FROM order_tab_counts WHERE seller_id = ${sellerId}`,
      );
      return Object.fromEntries(rows.map((r) => [r.tab, r.n]));
    },

    /** The newest orders of a seller, or of one of their buyers, as summaries. */
    async latest(
      q: Queryable,
      sellerId: string,
      limit: number,
      buyerId?: string,
    ): Promise<OrderSummaryRow[]> {
      const { rows } = await q.execute<OrderSummaryRow>(sql`
        SELECT ${ORDER_SUMMARY_COLUMNS}
        FROM (SELECT o.id FROM orders o WHERE o.seller_id = ${sellerId}
              ${buyerId ? sql`AND o.buyer_id = ${buyerId}` : sql``}
              ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}) p
        JOIN orders o ON o.id = p.id ${ORDER_SUMMARY_JOINS}
        ORDER BY o.created_at DESC, o.id DESC`);
      return rows;
    },

    /** Paid sales (paid online or collected on delivery, not cancelled) per Lagos day since an instant. */
    async salesByLagosDay(
      q: Queryable,
      sellerId: string,
      since: Date,
    ): Promise<{ day: string; kobo: number }[]> {
      const { rows } = await q.execute<{ day: string; kobo: number }>(sql`
        SELECT to_char(o.paid_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD') AS day, sum(o.total_kobo)::float8 AS kobo
        FROM orders o
        WHERE o.seller_id = ${sellerId} AND o.paid_at >= ${since.toISOString()}::timestamptz
          AND o.payment_status IN ('paid', 'pay_on_delivery_collected') AND o.fulfilment_status <> 'cancelled'
        GROUP BY 1`);
      return rows;
    },

    async countCreatedSince(q: Queryable, sellerId: string, since: Date): Promise<number> {
      const { rows } = await q.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM orders o
        WHERE o.seller_id = ${sellerId} AND o.created_at >= ${since.toISOString()}::timestamptz`);
      return rows[0]?.n ?? 0;
    },

    /** The export's rows in the list's order, a batch at a time from a cursor (constant memory). */
    exportBatches(f: OrderListFilter): AsyncGenerator<OrderExportRow[]> {
      return cursorBatches<OrderExportRow>(
        db,
        sql`
        SELECT o.number::float8 AS number,
               to_char(o.created_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD HH24:MI') AS created_lagos,
               b.name AS buyer_name, o.buyer_state, li.items, li.quantity,
               o.subtotal_kobo::float8 AS subtotal_kobo, o.delivery_fee_kobo::float8 AS delivery_fee_kobo,
               o.discount_kobo::float8 AS discount_kobo, o.coupon_code,
               o.total_kobo::float8 AS total_kobo, o.payment_status, o.fulfilment_status, o.payment_method,
               o.delivery_method, o.carrier, o.tracking_number, s.title AS stream_title
        FROM orders o
        LEFT JOIN buyers b ON b.id = o.buyer_id
        LEFT JOIN streams s ON s.id = o.stream_id
        LEFT JOIN LATERAL (
          SELECT sum(l.quantity)::int AS quantity,
                 string_agg(
                   l.product_name
                   || CASE WHEN jsonb_array_length(l.variant) > 0 THEN ' (' || (
                        SELECT string_agg(v ->> 'value', ' / ') FROM jsonb_array_elements(l.variant) v) || ')'
                      ELSE '' END
                   || CASE WHEN l.quantity > 1 THEN ' x' || l.quantity ELSE '' END,
                   '; ' ORDER BY l.unit_price_kobo * l.quantity DESC, l.product_name, l.id) AS items
          FROM order_lines l WHERE l.order_id = o.id
        ) li ON true
        WHERE ${whereOf(f)}
        ORDER BY ${orderBy(f.sort, 'o')}`,
      );
    },
  };
}
export type OrderListsRepository = ReturnType<typeof orderListsRepository>;
