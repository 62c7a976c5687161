import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import type { Queryable } from '@/lib/queryable.ts';

/** A period as the queries take it: Lagos days (inclusive) and the instants around them. */
export type QueryPeriod = {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** The instant `previousFrom` begins, the instant `from` begins and the instant after `to` ends. */
  previousStartAt: Date;
  startAt: Date;
  endAt: Date;
};

export type DayRow = { day: string; orders: number; sale_orders: number; sales_kobo: number };
export type StateRow = { state: string; sale_orders: number; sales_kobo: number };
export type StatusRow = { tab: string; orders: number };
export type ProductRow = { product_name: string; units: number; sales_kobo: number };
export type PeriodSplit<T> = { current: T; previous: T };
export type ShowRow = {
  id: string;
  title: string;
  actual_start_time: Date;
  ended_at: Date | null;
  peak_viewers: number;
  viewers: number;
  commenters: number;
  bidders: number;
  buyers: number;
  revenue_kobo: number;
};
export type BlipRow = {
  id: string;
  product_name: string;
  caption: string;
  created_at: Date;
  views: number;
  likes: number;
  orders: number;
};

const both = <T>(rows: Array<T & { cur: boolean }>, empty: T): PeriodSplit<T> => ({
  current: rows.find((r) => r.cur) ?? empty,
  previous: rows.find((r) => !r.cur) ?? empty,
});

/**
 * The page's queries: each reads the rollups the triggers of migration 0019 keep (a few hundred
 * rows for a 90-day page, however many orders there are), except the distinct buyers of a period
 * (an index-only count over buyer-days), refunds and the per-show and per-blip funnels, which read
 * their own indexed tables. No query reads `orders` by date.
 */
export function analyticsRepository(db: Database) {
  return {
    db,

    /** Orders placed, sale orders and sales per day over both periods. */
    async days(q: Queryable, sellerId: string, p: QueryPeriod): Promise<DayRow[]> {
      const r = await q.execute<DayRow>(sql`
        SELECT day::text AS day, sum(orders)::int AS orders, sum(sale_orders)::int AS sale_orders,
               sum(sales_kobo)::float8 AS sales_kobo
        FROM analytics_daily WHERE seller_id = ${sellerId} AND day BETWEEN ${p.previousFrom} AND ${p.to}
        GROUP BY day ORDER BY day`);
      return r.rows;
    },

    async states(q: Queryable, sellerId: string, p: QueryPeriod): Promise<StateRow[]> {
      const r = await q.execute<StateRow>(sql`
        SELECT state, sum(sale_orders)::int AS sale_orders, sum(sales_kobo)::float8 AS sales_kobo
        FROM analytics_daily WHERE seller_id = ${sellerId} AND day BETWEEN ${p.from} AND ${p.to}
        GROUP BY state HAVING sum(sale_orders) > 0 ORDER BY sales_kobo DESC, state`);
      return r.rows;
    },

    async statuses(q: Queryable, sellerId: string, p: QueryPeriod): Promise<StatusRow[]> {
      const r = await q.execute<StatusRow>(sql`
        SELECT tab, sum(orders)::int AS orders FROM analytics_daily_status
        WHERE seller_id = ${sellerId} AND day BETWEEN ${p.from} AND ${p.to}
        GROUP BY tab HAVING sum(orders) > 0`);
      return r.rows;
    },

    async topProducts(q: Queryable, sellerId: string, p: QueryPeriod, limit: number): Promise<ProductRow[]> {
      const r = await q.execute<ProductRow>(sql`
        SELECT product_name, sum(units)::int AS units, sum(sales_kobo)::float8 AS sales_kobo
        FROM analytics_product_daily WHERE seller_id = ${sellerId} AND day BETWEEN ${p.from} AND ${p.to}
        GROUP BY product_name HAVING sum(units) > 0
        ORDER BY sales_kobo DESC, units DESC, product_name LIMIT ${limit}`);
      return r.rows;
    },

    /** Viewer-days and buyer-days (conversion), new customers and distinct buyers, per period. */
    async people(
      q: Queryable,
      sellerId: string,
      p: QueryPeriod,
    ): Promise<PeriodSplit<{ viewers: number; buyerDays: number; newCustomers: number; buyers: number }>> {
      const [days, firsts, distinct] = await Promise.all([
        q.execute<{ cur: boolean; viewers: number; buyers: number }>(sql`
          SELECT day >= ${p.from}::date AS cur, sum(viewers)::int AS viewers, sum(buyers)::int AS buyers
          FROM analytics_daily_people WHERE seller_id = ${sellerId} AND day BETWEEN ${p.previousFrom} AND ${p.to}
          GROUP BY 1`),
        q.execute<{ cur: boolean; n: number }>(sql`
          SELECT first_day >= ${p.from}::date AS cur, count(*)::int AS n
          FROM analytics_customers WHERE seller_id = ${sellerId} AND first_day BETWEEN ${p.previousFrom} AND ${p.to}
          GROUP BY 1`),
        // Distinct buyers from the gap rollup: a buyer-day is its buyer's first in the period when its
        // gap (days since the buyer's previous sale day) is larger than its distance from the start.
        q.execute<{ current: number; previous: number }>(sql`
          SELECT
            (SELECT coalesce(sum(buyers), 0) FROM analytics_buyer_gaps
              WHERE seller_id = ${sellerId} AND day BETWEEN ${p.from} AND ${p.to}
                AND gap > day - ${p.from}::date)::int AS current,
            (SELECT coalesce(sum(buyers), 0) FROM analytics_buyer_gaps
              WHERE seller_id = ${sellerId} AND day BETWEEN ${p.previousFrom} AND ${p.previousTo}
                AND gap > day - ${p.previousFrom}::date)::int AS previous`),
      ]);
      const split = (cur: boolean) => {
        const d = days.rows.find((r) => r.cur === cur);
        return {
          viewers: d?.viewers ?? 0,
          buyerDays: d?.buyers ?? 0,
          newCustomers: firsts.rows.find((r) => r.cur === cur)?.n ?? 0,
          buyers: (cur ? distinct.rows[0]?.current : distinct.rows[0]?.previous) ?? 0,
        };
      };
      return { current: split(true), previous: split(false) };
    },

    /** Refunds made in each period (by when they were made; failed ones are not money back). */
    async refunds(
      q: Queryable,
      sellerId: string,
      p: QueryPeriod,
    ): Promise<PeriodSplit<{ amount_kobo: number; n: number }>> {
      const r = await q.execute<{ cur: boolean; amount_kobo: number; n: number }>(sql`
        SELECT created_at >= ${p.startAt} AS cur, sum(amount_kobo)::float8 AS amount_kobo, count(*)::int AS n
        FROM refunds
        WHERE seller_id = ${sellerId} AND created_at >= ${p.previousStartAt} AND created_at < ${p.endAt}
          AND status <> 'failed'
        GROUP BY 1`);
      return both(r.rows, { amount_kobo: 0, n: 0 });
    },

    /** The live shows started in the period, newest first, each with its funnel. */
    async shows(q: Queryable, sellerId: string, p: QueryPeriod, limit: number): Promise<ShowRow[]> {
      const r = await q.execute<ShowRow>(sql`
        SELECT s.id, s.title, s.actual_start_time, s.ended_at, s.peak_viewers,
          (SELECT count(*) FROM stream_viewers v WHERE v.stream_id = s.id)::int AS viewers,
          (SELECT count(DISTINCT c.author_id) FROM stream_comments c
            WHERE c.stream_id = s.id AND c.kind = 'comment' AND c.author_kind = 'buyer')::int AS commenters,
          (SELECT count(DISTINCT b.buyer_id) FROM bids b WHERE b.stream_id = s.id)::int AS bidders,
          coalesce(o.buyers, 0)::int AS buyers, coalesce(o.revenue_kobo, 0)::float8 AS revenue_kobo
        FROM (
          -- The page's 20 shows first: the funnel's counts are then made for those alone, where they
          -- were made for every show of the period before the 20 were kept (one a day in the bench:
          -- the 90-day page counted 90 shows' orders, the year 366; docs/analytics.md).
          SELECT id, title, actual_start_time, ended_at, peak_viewers FROM streams
          WHERE seller_id = ${sellerId} AND actual_start_time >= ${p.startAt} AND actual_start_time < ${p.endAt}
          ORDER BY actual_start_time DESC, id LIMIT ${limit}
        ) s
        LEFT JOIN LATERAL (
          SELECT count(DISTINCT buyer_id) AS buyers, sum(total_kobo) AS revenue_kobo FROM orders
          WHERE stream_id = s.id AND analytics_is_sale(payment_status)
        ) o ON true
        ORDER BY s.actual_start_time DESC, s.id`);
      return r.rows;
    },

    /**
     * The seller's most watched blips (since posted): views, likes, and the sales of the blip's
     * product to buyers who had watched that blip (counted by the order triggers).
     */
    async blips(q: Queryable, sellerId: string, limit: number): Promise<BlipRow[]> {
      const r = await q.execute<BlipRow>(sql`
        SELECT b.id, p.name AS product_name, b.caption, b.created_at, b.views_count AS views,
               b.likes_count AS likes,
          coalesce(bo.orders, 0)::int AS orders
        FROM blips b JOIN products p ON p.id = b.product_id
        LEFT JOIN analytics_blip_orders bo ON bo.blip_id = b.id
        WHERE b.seller_id = ${sellerId}
        ORDER BY b.views_count DESC, b.created_at DESC, b.id LIMIT ${limit}`);
      return r.rows;
    },

    /** Counts a viewer once per seller and Lagos day (the conversion's denominator). */
    async recordViewerDay(q: Queryable, sellerId: string, day: string, viewer: string): Promise<void> {
      await q.execute(sql`
        WITH ins AS (
          INSERT INTO analytics_viewer_days (seller_id, day, viewer) VALUES (${sellerId}, ${day}, ${viewer})
          ON CONFLICT DO NOTHING RETURNING 1
        )
        INSERT INTO analytics_daily_people AS p (seller_id, day, viewers)
        SELECT ${sellerId}, ${day}::date, count(*) FROM ins HAVING count(*) > 0
        ON CONFLICT (seller_id, day) DO UPDATE SET viewers = p.viewers + EXCLUDED.viewers`);
    },

    /**
     * Many views of shows at once (a crowd joining): each a viewer-day for its seller, counted once,
     * and a distinct viewer of its show; the same as recordViewerDay and recordShowViewer for each,
     * in one statement.
     */
    async recordShowViews(
      q: Queryable,
      views: ReadonlyArray<{ sellerId: string; day: string; viewer: string; streamId: string; at: Date }>,
    ): Promise<void> {
      if (views.length === 0) return;
      await q.execute(sql`
        WITH v AS (
          SELECT * FROM unnest(
            ${sql.param(views.map((v) => v.sellerId))}::uuid[],
            ${sql.param(views.map((v) => v.day))}::date[],
            ${sql.param(views.map((v) => v.viewer))}::text[],
            ${sql.param(views.map((v) => v.streamId))}::uuid[],
            ${sql.param(views.map((v) => v.at.toISOString()))}::timestamptz[]
          ) AS t(seller_id, day, viewer, stream_id, at)
        ),
        shows AS (
          INSERT INTO stream_viewers (stream_id, viewer, first_seen_at)
          SELECT DISTINCT ON (stream_id, viewer) stream_id, viewer, at FROM v ORDER BY stream_id, viewer, at
          ON CONFLICT DO NOTHING
        ),
        ins AS (
          INSERT INTO analytics_viewer_days (seller_id, day, viewer)
          SELECT DISTINCT seller_id, day, viewer FROM v
          ON CONFLICT DO NOTHING RETURNING seller_id, day
        )
        INSERT INTO analytics_daily_people AS p (seller_id, day, viewers)
        SELECT seller_id, day, count(*) FROM ins GROUP BY seller_id, day
        ON CONFLICT (seller_id, day) DO UPDATE SET viewers = p.viewers + EXCLUDED.viewers`);
    },

    /** A show's distinct viewer, once. */
    async recordShowViewer(q: Queryable, streamId: string, viewer: string, at: Date): Promise<void> {
      await q.execute(sql`
        INSERT INTO stream_viewers (stream_id, viewer, first_seen_at) VALUES (${streamId}, ${viewer}, ${at})
        ON CONFLICT DO NOTHING`);
    },

    /**
     * The rollups as stored and as computed afresh from orders and lines, for one seller: equal
     * when the triggers kept them exact (the rollup test; docs/analytics.md).
     */
    async storedAndRecomputed(q: Queryable, sellerId: string) {
      const run = async (query: ReturnType<typeof sql>) =>
        (await q.execute<Record<string, unknown>>(query)).rows.map((r) => JSON.stringify(r)).sort();
      const sale = sql`analytics_is_sale(o.payment_status)`;
      const day = sql`analytics_day(o.created_at)::text`;
      return {
        stored: {
          daily:
            await run(sql`SELECT day::text, state, orders, sale_orders, sales_kobo::text FROM analytics_daily
            WHERE seller_id = ${sellerId} AND (orders <> 0 OR sale_orders <> 0 OR sales_kobo <> 0)`),
          status: await run(sql`SELECT day::text, tab, orders FROM analytics_daily_status
            WHERE seller_id = ${sellerId} AND orders <> 0`),
          products:
            await run(sql`SELECT day::text, product_name, units, sales_kobo::text FROM analytics_product_daily
            WHERE seller_id = ${sellerId} AND (units <> 0 OR sales_kobo <> 0)`),
          customers: await run(
            sql`SELECT buyer_id, first_day::text FROM analytics_customers WHERE seller_id = ${sellerId}`,
          ),
          buyers: await run(sql`SELECT day::text, buyers FROM analytics_daily_people
            WHERE seller_id = ${sellerId} AND buyers <> 0`),
          gaps: await run(sql`SELECT day::text, gap, buyers FROM analytics_buyer_gaps
            WHERE seller_id = ${sellerId} AND buyers <> 0`),
        },
        recomputed: {
          daily:
            await run(sql`SELECT ${day} AS day, coalesce(o.buyer_state, '') AS state, count(*)::int AS orders,
              (count(*) FILTER (WHERE ${sale}))::int AS sale_orders,
              coalesce(sum(o.total_kobo) FILTER (WHERE ${sale}), 0)::text AS sales_kobo
            FROM orders o WHERE o.seller_id = ${sellerId} GROUP BY 1, 2`),
          status: await run(sql`SELECT ${day} AS day, o.list_tab AS tab, count(*)::int AS orders
            FROM orders o WHERE o.seller_id = ${sellerId} GROUP BY 1, 2`),
          products: await run(sql`SELECT ${day} AS day, l.product_name, sum(l.quantity)::int AS units,
              sum(l.quantity * l.unit_price_kobo)::text AS sales_kobo
            FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.seller_id = ${sellerId} AND ${sale}
            GROUP BY 1, 2`),
          customers: await run(sql`SELECT o.buyer_id, min(analytics_day(o.created_at))::text AS first_day
            FROM orders o WHERE o.seller_id = ${sellerId} AND ${sale} GROUP BY 1`),
          buyers: await run(sql`SELECT ${day} AS day, count(DISTINCT o.buyer_id)::int AS buyers
            FROM orders o WHERE o.seller_id = ${sellerId} AND ${sale} GROUP BY 1`),
          gaps: await run(sql`SELECT day::text, gap, count(*)::int AS buyers FROM (
              SELECT day, least(coalesce(day - lag(day) OVER (PARTITION BY buyer_id ORDER BY day), 367), 367) AS gap
              FROM (SELECT DISTINCT o.buyer_id, analytics_day(o.created_at) AS day
                FROM orders o WHERE o.seller_id = ${sellerId} AND ${sale}) d) g GROUP BY 1, 2`),
        },
      };
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
