import type { OrderSort, OrderTab } from '@kasuwa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { transactionsOf } from '@/lib/queryable.ts';
import { cursorBatches } from '@/lib/sql-cursor.ts';
import {
  ORDER_SUMMARY_COLUMNS,
  ORDER_SUMMARY_JOINS,
  type OrderSummaryRow,
} from '@/modules/orders/order-summary.ts';

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

/** The WHERE of a filter over `orders o`. Each condition is a column the list indexes carry. */
function whereOf(f: OrderListFilter): SQL {
  const parts: SQL[] = [sql`o.seller_id = ${f.sellerId}`];
  if (f.tab !== 'all') parts.push(sql`o.list_tab = ${f.tab}`);
  if (f.fromInstant) parts.push(sql`o.created_at >= ${f.fromInstant.toISOString()}::timestamptz`);
  if (f.toInstant) parts.push(sql`o.created_at < ${f.toInstant.toISOString()}::timestamptz`);
  if (f.streamId) parts.push(sql`o.stream_id = ${f.streamId}`);
  const text =
    f.words.length > 0
      ? sql.join(
          f.words.map((w) => sql`o.search_text LIKE ${likeWord(w)}`),
          sql` AND `,
        )
      : null;
  if (f.number !== null && text) parts.push(sql`(o.number = ${f.number} OR (${text}))`);
  else if (f.number !== null) parts.push(sql`o.number = ${f.number}`);
  else if (text) parts.push(text);
  return sql.join(parts, sql` AND `);
}

/** Whether the filter narrows the list beyond a tab (so the tab counts are not its total). */
export const isNarrowed = (f: OrderListFilter) =>
  f.words.length > 0 ||
  f.number !== null ||
  f.fromInstant !== null ||
  f.toInstant !== null ||
  f.streamId !== null;

type PageRow = OrderSummaryRow & { counts: TabCountRows; matched: number | null };

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
  return {
    db,
    transaction: transactionsOf(db),

    /**
     * One page of the Orders list and the seller's tab counts, in one statement. The page's ids
     * come from the index alone (the sort's index carries tab, show, date and search text), and
     * only its rows are then read with their buyer, show and lines: a deferred join. A narrowed
     * list (search, dates, show) counts its matches only up to `countCap`, so page 50 of a broad
     * search reads about 1,100 index entries, not every match; `matched` is that capped count.
     */
    async readPage(
      q: Queryable,
      f: OrderListFilter,
      page: { offset: number; limit: number; countCap: number | null },
    ): Promise<{ rows: OrderSummaryRow[]; counts: TabCountRows; matched: number | null }> {
      const where = whereOf(f);
      const ids =
        page.countCap === null
          ? sql`page AS (SELECT o.id FROM orders o WHERE ${where} ORDER BY ${orderBy(f.sort, 'o')}
                  OFFSET ${page.offset} LIMIT ${page.limit}),
                matched AS (SELECT NULL::int AS n)`
          : // Only the id and the sort's column, both in the sort's index: an index-only walk.
            sql`m AS MATERIALIZED (SELECT o.id, ${sql.raw(`o.${SORT_KEYS[f.sort].column}`)} FROM orders o WHERE ${where}
                  ORDER BY ${orderBy(f.sort, 'o')} LIMIT ${page.countCap}),
                page AS (SELECT m.id FROM m ORDER BY ${orderBy(f.sort, 'm')} OFFSET ${page.offset} LIMIT ${page.limit}),
                matched AS (SELECT count(*)::int AS n FROM m)`;
      const { rows } = await q.execute<PageRow>(sql`
        WITH counts AS (
          SELECT coalesce(json_object_agg(tab, order_count), '{}'::json) AS counts
          FROM order_tab_counts WHERE seller_id = ${f.sellerId}
        ),
        ${ids}
        SELECT counts.counts, matched.n AS matched, x.*
        FROM counts CROSS JOIN matched
        LEFT JOIN (
          SELECT ${ORDER_SUMMARY_COLUMNS} FROM page JOIN orders o ON o.id = page.id ${ORDER_SUMMARY_JOINS}
        ) x ON true
        ORDER BY ${orderBy(f.sort, 'x')}`);
      const first = rows[0];
      return {
        rows: rows.filter((r) => r.id !== null),
        counts: first?.counts ?? {},
        matched: first?.matched ?? null,
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
