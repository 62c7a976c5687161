import type { DeliveryAddress } from '@kasuwa/contracts';
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

export type CustomerSort = 'last_order' | 'total_spent' | 'orders' | 'name';

/** A buyer as one seller knows them: from that seller's orders only. */
export type CustomerRow = {
  buyer_id: string;
  name: string;
  email: string | null;
  state: string | null;
  order_count: number;
  spent_kobo: number;
  last_order_at: Date;
  first_order_at: Date;
  phone: string | null;
};

const SORTS: Record<CustomerSort, string> = {
  last_order: 'last_order_at DESC, buyer_id',
  total_spent: 'spent_kobo DESC, buyer_id',
  orders: 'order_count DESC, buyer_id',
  name: 'lower(name), buyer_id',
};

const likeWord = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One row per buyer with at least one order with the seller. Spend counts what was paid (online,
 * or collected on delivery) and not cancelled; the state is that of the latest order that has one.
 */
function customersOf(sellerId: string, words: readonly string[], buyerId?: string): SQL {
  const nameMatch =
    words.length > 0
      ? sql`AND ${sql.join(
          words.map((w) => sql`lower(b.name) LIKE ${likeWord(w)}`),
          sql` AND `,
        )}`
      : sql``;
  return sql`
    SELECT o.buyer_id, b.name, b.email,
           count(*)::int AS order_count,
           coalesce(sum(o.total_kobo) FILTER (WHERE o.payment_status IN ('paid', 'pay_on_delivery_collected')
                                               AND o.fulfilment_status <> 'cancelled'), 0)::float8 AS spent_kobo,
           max(o.created_at) AS last_order_at, min(o.created_at) AS first_order_at,
           (array_agg(o.buyer_state ORDER BY o.created_at DESC) FILTER (WHERE o.buyer_state IS NOT NULL))[1] AS state,
           (array_agg(o.buyer_phone ORDER BY o.created_at DESC) FILTER (WHERE o.buyer_phone IS NOT NULL))[1] AS phone
    FROM orders o JOIN buyers b ON b.id = o.buyer_id
    WHERE o.seller_id = ${sellerId} ${buyerId ? sql`AND o.buyer_id = ${buyerId}` : sql``} ${nameMatch}
    GROUP BY o.buyer_id, b.name, b.email`;
}

export function customersRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    /** A page of the seller's customers and how many there are in all. */
    async page(
      q: Queryable,
      p: { sellerId: string; words: readonly string[]; sort: CustomerSort; offset: number; limit: number },
    ): Promise<{ rows: CustomerRow[]; total: number }> {
      const { rows } = await q.execute<CustomerRow & { total: number }>(sql`
        SELECT c.*, count(*) OVER ()::int AS total FROM (${customersOf(p.sellerId, p.words)}) c
        ORDER BY ${sql.raw(SORTS[p.sort])} OFFSET ${p.offset} LIMIT ${p.limit}`);
      if (rows.length === 0 && p.offset > 0) {
        const { rows: n } = await q.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM (${customersOf(p.sellerId, p.words)}) c`,
        );
        return { rows: [], total: n[0]?.n ?? 0 };
      }
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** The buyer as this seller knows them; null when they have no order with this seller. */
    async find(q: Queryable, sellerId: string, buyerId: string): Promise<CustomerRow | null> {
      const { rows } = await q.execute<CustomerRow>(customersOf(sellerId, [], buyerId));
      return rows[0] ?? null;
    },

    /** The distinct delivery addresses of the buyer's orders with this seller, latest first. */
    async addresses(q: Queryable, sellerId: string, buyerId: string): Promise<DeliveryAddress[]> {
      const { rows } = await q.execute<{ address: DeliveryAddress }>(sql`
        SELECT a.address FROM (
          SELECT o.delivery_address AS address, max(o.created_at) AS last_used FROM orders o
          WHERE o.seller_id = ${sellerId} AND o.buyer_id = ${buyerId} AND o.delivery_address IS NOT NULL
          GROUP BY o.delivery_address
        ) a ORDER BY a.last_used DESC`);
      return rows.map((r) => r.address);
    },

    /** This seller's shows in which the buyer bid, commented or ordered, latest first. */
    async showsAttended(
      q: Queryable,
      sellerId: string,
      buyerId: string,
    ): Promise<{ id: string; title: string; started_at: Date | null }[]> {
      const { rows } = await q.execute<{ id: string; title: string; started_at: Date | null }>(sql`
        SELECT s.id, s.title, s.actual_start_time AS started_at FROM streams s
        WHERE s.seller_id = ${sellerId} AND (
          EXISTS (SELECT 1 FROM bids x WHERE x.stream_id = s.id AND x.buyer_id = ${buyerId})
          OR EXISTS (SELECT 1 FROM stream_comments c WHERE c.stream_id = s.id AND c.author_kind = 'buyer'
                     AND c.author_id = ${buyerId})
          OR EXISTS (SELECT 1 FROM orders o WHERE o.stream_id = s.id AND o.buyer_id = ${buyerId}
                     AND o.seller_id = ${sellerId})
        )
        ORDER BY coalesce(s.actual_start_time, s.scheduled_start_time) DESC, s.id`);
      return rows;
    },

    /** The buyer's orders with this seller, newest first (at most `limit`). */
    async orders(q: Queryable, sellerId: string, buyerId: string, limit: number): Promise<OrderSummaryRow[]> {
      const { rows } = await q.execute<OrderSummaryRow>(sql`
        SELECT ${ORDER_SUMMARY_COLUMNS} FROM orders o ${ORDER_SUMMARY_JOINS}
        WHERE o.seller_id = ${sellerId} AND o.buyer_id = ${buyerId}
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`);
      return rows;
    },

    /** Every customer in the list's order, a batch at a time from a cursor. */
    exportBatches(
      sellerId: string,
      words: readonly string[],
      sort: CustomerSort,
    ): AsyncGenerator<CustomerRow[]> {
      return cursorBatches<CustomerRow>(
        db,
        sql`SELECT c.* FROM (${customersOf(sellerId, words)}) c ORDER BY ${sql.raw(SORTS[sort])}`,
      );
    },
  };
}
export type CustomersRepository = ReturnType<typeof customersRepository>;
