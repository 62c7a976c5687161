import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { DEMO_SELLER } from '@/seed/demo.ts';

const DAY_MS = 86_400_000;

/**
 * Who watched the demo seller's shows and blips (issue 17), so Analytics & Insights has a conversion
 * and a show funnel on a fresh start: each demo buyer on the Lagos day of their order, 6–14 visitors
 * a day who did not buy over the last 30 days, and the past auction show's audience (viewers,
 * comments from the buyers who won there, a peak). Once: nothing is done when the seller already
 * has viewers. Written through the same rows the live and blips modules record, so the figures are
 * computed as for real views.
 */
export async function seedDemoAnalytics({ db, now = new Date() }: { db: Database; now?: Date }) {
  const found = await db.execute<{ id: string; viewed: boolean }>(sql`
    SELECT s.id, EXISTS (SELECT 1 FROM analytics_viewer_days v WHERE v.seller_id = s.id) AS viewed
    FROM sellers s WHERE s.email = ${DEMO_SELLER.email}`);
  const seller = found.rows[0];
  if (!seller || seller.viewed) return { seeded: false };
  const from = new Date(now.getTime() - 29 * DAY_MS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO analytics_viewer_days (seller_id, day, viewer)
      SELECT DISTINCT o.seller_id, analytics_day(o.created_at), 'buyer:' || o.buyer_id FROM orders o
      WHERE o.seller_id = ${seller.id}
      UNION
      SELECT ${seller.id}::uuid, analytics_day(${from}::timestamptz) + d, 'anon:demo-' || d || '-' || v
      FROM generate_series(0, 29) d, generate_series(1, 6 + (d * 7) % 9) v
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO analytics_daily_people AS p (seller_id, day, viewers)
      SELECT seller_id, day, count(*) FROM analytics_viewer_days WHERE seller_id = ${seller.id} GROUP BY 1, 2
      ON CONFLICT (seller_id, day) DO UPDATE SET viewers = EXCLUDED.viewers`);
    const show = await tx.execute<{ id: string; actual_start_time: Date }>(sql`
      SELECT id, actual_start_time FROM streams
      WHERE seller_id = ${seller.id} AND status = 'ended' AND actual_start_time IS NOT NULL
      ORDER BY actual_start_time DESC LIMIT 1`);
    const s = show.rows[0];
    if (!s) return;
    await tx.execute(sql`
      INSERT INTO stream_viewers (stream_id, viewer, first_seen_at)
      SELECT ${s.id}::uuid, 'buyer:' || o.buyer_id, ${s.actual_start_time}::timestamptz FROM orders o WHERE o.stream_id = ${s.id}
      UNION
      SELECT ${s.id}::uuid, 'anon:demo-show-' || v, ${s.actual_start_time}::timestamptz FROM generate_series(1, 38) v
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO stream_comments (stream_id, kind, author_kind, author_id, author_name, content, created_at)
      SELECT DISTINCT ON (o.buyer_id) ${s.id}::uuid, 'comment'::stream_message_kind, 'buyer'::comment_author_kind,
             o.buyer_id, b.name, 'Is this still available?', ${s.actual_start_time}::timestamptz + interval '10 minutes'
      FROM orders o JOIN buyers b ON b.id = o.buyer_id WHERE o.stream_id = ${s.id}`);
    await tx.execute(sql`UPDATE streams SET peak_viewers = greatest(peak_viewers, 27) WHERE id = ${s.id}`);
  });
  return { seeded: true };
}
