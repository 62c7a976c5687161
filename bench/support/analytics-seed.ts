import { searchStates } from '@kasuwa/reference-data';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { systemClock } from '@/lib/clock.ts';
import { tokenService } from '@/lib/tokens.ts';
import { seedCatalogue } from '@/modules/onboarding/catalogue.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

const CHUNK = 100_000;
const DAYS = 730;

/**
 * One seller with `orders` orders spread evenly over two years (one every ~63 s) to 100,000 buyers
 * in every Nigerian state (Lagos heaviest), 1–3 lines each from 60 product names, a third of them
 * auction wins of one show a day (730 shows, each with 300 viewers, comments from 40 buyers and bids
 * from 20), 2% refunded, 2,000 viewers a day, 20 blips with 1,000 viewers each; and two noise
 * sellers with a tenth as many orders. All in SQL (generate_series), inserted through the real
 * rollup triggers, 100,000 orders a statement, then vacuumed as after any bulk load.
 */
export async function seedAnalytics(db: Database, storage: FileStorage, jwtSecret: string, orders: number) {
  await seedCatalogue(db, storage);
  const sellers = (
    await db.execute<{ id: string; token_version: number }>(sql`
      INSERT INTO sellers (first_name, last_name, email, phone_number, store_name, password_hash, email_verified, referral_code)
      SELECT 'Ngozi', 'Eze', 'seller' || g || '@bench.ng', '+2348031234567', 'Store ' || g, 'x', true, 'BENCH' || g
      FROM generate_series(1, 3) g ORDER BY g
      RETURNING id, token_version`)
  ).rows;
  const seller = sellers[0];
  if (!seller) throw new Error('no seller');
  await db.execute(sql`
    INSERT INTO buyers (name, email, password_hash)
    SELECT 'Buyer ' || g, 'buyer' || g || '@bench.ng', 'x' FROM generate_series(1, 100000) g`);
  await db.execute(sql`
    INSERT INTO streams (seller_id, type, status, title, category_id, scheduled_start_time, actual_start_time, ended_at, peak_viewers)
    SELECT ${seller.id}, 'live_auction', 'ended', 'Show ' || d, (SELECT id FROM categories LIMIT 1),
           date_trunc('day', now()) - (d || ' days')::interval + interval '18 hours',
           date_trunc('day', now()) - (d || ' days')::interval + interval '18 hours',
           date_trunc('day', now()) - (d || ' days')::interval + interval '19 hours 30 minutes', 120 + d % 80
    FROM generate_series(0, ${DAYS - 1}::int) d`);
  const states = searchStates('nigeria').map((s) => s.name);
  const stateArray = sql.raw(`ARRAY[${states.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);
  // Loaded with the analytics triggers off, then the rollups are computed once from the rows (the
  // same sums the triggers keep and the rollup test recomputes): a trigger pass per 100,000 orders
  // took minutes on the shared machine, and the benchmark is about reading.
  await db.execute(sql`ALTER TABLE orders DISABLE TRIGGER orders_analytics_insert`);
  await db.execute(sql`ALTER TABLE order_lines DISABLE TRIGGER order_lines_analytics_insert`);
  const total = orders + Math.round(orders / 5);
  for (let start = 1; start <= total; start += CHUNK) {
    const end = Math.min(total, start + CHUNK - 1);
    await db.execute(sql`
      WITH s AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM sellers WHERE email LIKE '%@bench.ng'),
           b AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM buyers WHERE email LIKE '%@bench.ng'),
           sh AS (SELECT id, row_number() OVER (ORDER BY actual_start_time DESC) - 1 AS d FROM streams WHERE seller_id = ${seller.id})
      INSERT INTO orders (seller_id, buyer_id, stream_id, source, payment_status, fulfilment_status, payment_method,
                          delivery_method, buyer_state, subtotal_kobo, delivery_fee_kobo, total_kobo, created_at, paid_at)
      SELECT s.id, b.id,
        CASE WHEN gg.sn = 1 AND gg.g % 3 = 0 THEN sh.id END,
        (CASE WHEN g % 3 = 0 THEN 'auction' ELSE 'buy_now' END)::order_source,
        (CASE WHEN k < 8 THEN 'awaiting_payment' WHEN k < 12 THEN 'pay_on_delivery_pending'
              WHEN k >= 33 AND k < 88 AND g % 5 = 0 THEN 'pay_on_delivery_collected' ELSE 'paid' END)::order_payment_status,
        (CASE WHEN k < 20 THEN 'unfulfilled' WHEN k < 30 THEN 'shipped' WHEN k < 33 THEN 'in_transit'
              WHEN k < 88 THEN 'delivered' ELSE 'cancelled' END)::order_fulfilment_status,
        (CASE WHEN k < 4 THEN NULL WHEN k BETWEEN 8 AND 11 OR (k >= 33 AND k < 88 AND g % 5 = 0) THEN 'pay_on_delivery'
              ELSE 'online' END)::order_payment_method,
        'seller'::order_delivery_method,
        CASE WHEN g % 4 = 0 THEN 'Lagos' ELSE (${stateArray})[(1 + (g * 31) % ${states.length})::int] END,
        100000 + (g * 7919) % 5000000, 150000, 250000 + (g * 7919) % 5000000,
        gg.at, CASE WHEN k >= 12 THEN gg.at END
      FROM (SELECT g, (g * 37) % 100 AS k, CASE WHEN g <= ${orders}::int THEN 1 ELSE 2 + g % 2 END AS sn,
                   1 + (g * 7919) % 100000 AS bn,
                   now() - ((CASE WHEN g <= ${orders}::int THEN g ELSE (g - ${orders}::int) * 5 END) * ${Math.floor((DAYS * 86400) / orders)}::int || ' seconds')::interval AS at
            FROM generate_series(${start}::bigint, ${end}::bigint) g) gg
      JOIN s ON s.n = gg.sn JOIN b ON b.n = gg.bn
      LEFT JOIN sh ON sh.d = floor(extract(epoch FROM now() - gg.at) / 86400)`);
    await db.execute(sql`
      WITH pn AS (SELECT n, 'Product ' || n AS name FROM generate_series(1, 60) n)
      INSERT INTO order_lines (order_id, product_name, unit_price_kobo, quantity)
      SELECT o.id, pn.name, 100000 + pn.n * 1000, 1
      FROM orders o CROSS JOIN generate_series(1, 1 + (o.number % 3)::int) i
      JOIN pn ON pn.n = 1 + ((o.number * 13 + i * 7) % 60)
      WHERE o.number BETWEEN (SELECT min(number) FROM orders) + ${start - 1}::int AND (SELECT min(number) FROM orders) + ${end - 1}::int`);
  }
  await db.execute(sql`ALTER TABLE orders ENABLE TRIGGER orders_analytics_insert`);
  await db.execute(sql`ALTER TABLE order_lines ENABLE TRIGGER order_lines_analytics_insert`);
  await db.execute(sql`
    INSERT INTO analytics_daily (seller_id, day, state, orders, sale_orders, sales_kobo)
    SELECT seller_id, analytics_day(created_at), coalesce(buyer_state, ''), count(*),
           count(*) FILTER (WHERE analytics_is_sale(payment_status)),
           coalesce(sum(total_kobo) FILTER (WHERE analytics_is_sale(payment_status)), 0)
    FROM orders GROUP BY 1, 2, 3`);
  await db.execute(sql`
    INSERT INTO analytics_daily_status (seller_id, day, tab, orders)
    SELECT seller_id, analytics_day(created_at), list_tab, count(*) FROM orders GROUP BY 1, 2, 3`);
  await db.execute(sql`
    INSERT INTO analytics_product_daily (seller_id, day, product_name, units, sales_kobo)
    SELECT o.seller_id, analytics_day(o.created_at), l.product_name, sum(l.quantity), sum(l.quantity * l.unit_price_kobo)
    FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE analytics_is_sale(o.payment_status) GROUP BY 1, 2, 3`);
  // The buyer-days' own triggers give each its gap and fill analytics_buyer_gaps (one set-based pass).
  await db.execute(sql`
    INSERT INTO analytics_buyer_days (seller_id, day, buyer_id, orders)
    SELECT seller_id, analytics_day(created_at), buyer_id, count(*) FROM orders
    WHERE analytics_is_sale(payment_status) GROUP BY 1, 2, 3`);
  await db.execute(sql`
    INSERT INTO analytics_customers (seller_id, buyer_id, first_day)
    SELECT seller_id, buyer_id, min(day) FROM analytics_buyer_days GROUP BY 1, 2`);
  await db.execute(sql`
    INSERT INTO analytics_daily_people (seller_id, day, buyers)
    SELECT seller_id, day, count(*) FROM analytics_buyer_days GROUP BY 1, 2`);
  await db.execute(sql`
    INSERT INTO refunds (key, order_id, seller_id, payment_reference, provider, amount_kobo, reason, status, created_at)
    SELECT 'bench:' || o.id, o.id, o.seller_id, 'ref-' || o.number, 'local', 100000, 'damaged', 'processed', o.created_at + interval '3 days'
    FROM orders o WHERE o.number % 50 = 0 AND analytics_is_sale(o.payment_status)`);
  // Viewers: 2,000 a day, counted as the repository counts them (a viewer-day each, then the day's total).
  await db.execute(sql`
    INSERT INTO analytics_viewer_days (seller_id, day, viewer)
    SELECT ${seller.id}, current_date - d, 'anon:' || v FROM generate_series(0, ${DAYS - 1}::int) d, generate_series(1, 2000) v`);
  await db.execute(sql`
    INSERT INTO analytics_daily_people AS p (seller_id, day, viewers)
    SELECT seller_id, day, count(*) FROM analytics_viewer_days GROUP BY 1, 2
    ON CONFLICT (seller_id, day) DO UPDATE SET viewers = p.viewers + EXCLUDED.viewers`);
  await db.execute(sql`
    INSERT INTO stream_viewers (stream_id, viewer, first_seen_at)
    SELECT s.id, 'anon:' || v, s.actual_start_time FROM streams s, generate_series(1, 300) v WHERE s.seller_id = ${seller.id}`);
  await db.execute(sql`
    INSERT INTO stream_comments (stream_id, kind, author_kind, author_id, author_name, content)
    SELECT s.id, 'comment', 'buyer', b.id, b.name, 'How much?'
    FROM streams s CROSS JOIN generate_series(1, 100) c
    JOIN buyers b ON b.email = 'buyer' || (1 + c % 40) || '@bench.ng' WHERE s.seller_id = ${seller.id}`);
  await db.execute(sql`
    INSERT INTO stream_products (stream_id, position, product_name, product_price_kobo)
    SELECT s.id, p, 'Lot ' || p, 500000 FROM streams s, generate_series(1, 5) p WHERE s.seller_id = ${seller.id}`);
  await db.execute(sql`
    INSERT INTO bids (stream_id, stream_product_id, buyer_id, amount_kobo, round)
    SELECT sp.stream_id, sp.id, b.id, 500000 + i * 10000, 1
    FROM stream_products sp CROSS JOIN generate_series(1, 8) i
    JOIN buyers b ON b.email = 'buyer' || (1 + (i * 3 + sp.position) % 20) || '@bench.ng'`);
  await db.execute(sql`
    WITH sub AS (SELECT id, category_id FROM sub_categories LIMIT 1),
         p AS (
           INSERT INTO products (seller_id, name, category_id, sub_category_id, price_kobo, sale_type)
           SELECT ${seller.id}, 'Blip product ' || g, sub.category_id, sub.id, 500000, '{"buyNow":true,"auction":null}'::jsonb
           FROM generate_series(1, 20) g, sub RETURNING id)
    INSERT INTO blips (seller_id, product_id, video_key, video_mime, caption, duration_ms, views_count, likes_count)
    SELECT ${seller.id}, p.id, 'v', 'video/webm', 'Blip', 15000, 1000, 100 FROM p`);
  await db.execute(sql`
    INSERT INTO blip_views (blip_id, viewer, counted_at)
    SELECT b.id, 'anon:' || v, now() FROM blips b, generate_series(1, 1000) v`);
  for (const table of [
    'orders',
    'order_lines',
    'analytics_daily',
    'analytics_daily_status',
    'analytics_product_daily',
    'analytics_customers',
    'analytics_buyer_days',
    'analytics_buyer_gaps',
    'analytics_daily_people',
    'refunds',
    'streams',
    'stream_viewers',
    'stream_comments',
    'bids',
    'blips',
  ]) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
  const token = await tokenService(jwtSecret, systemClock).sign({
    id: seller.id,
    tokenVersion: seller.token_version,
  });
  return { sellerId: seller.id, auth: { authorization: `Bearer ${token}` } };
}
