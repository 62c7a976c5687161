import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import type { VariantRecord } from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';

/** A store that may be shown to the public, found by its link (any case). */
export type StorefrontStoreRow = {
  id: string;
  store_name: string;
  store_slug: string;
  store_description: string;
  store_avatar_url: string | null;
  store_banner_url: string | null;
  vacation_mode: boolean;
  created_at: Date | string;
  followers: number;
};

export type StorefrontShowRow = {
  id: string;
  title: string;
  cover_image: string | null;
  at: Date | string;
  viewers: number;
};

export type StorefrontProductRow = {
  id: string;
  name: string;
  price_kobo: number | string;
  stock: number;
  status: 'active' | 'out_of_stock';
  images: string[];
  variants: VariantRecord[];
  sale_type: { buyNow: boolean; auction: unknown };
};

/** Reads only what a buyer may see: public stores, their shows, public blips and products on sale. */
export const storefrontRepository = (db: Database) => ({
  db,
  async storeBySlug(q: Queryable, slug: string): Promise<StorefrontStoreRow | null> {
    const r = await q.execute<StorefrontStoreRow>(sql`
      SELECT s.id, s.store_name, s.store_slug, s.store_description, s.store_avatar_url, s.store_banner_url,
             s.vacation_mode, s.created_at,
             (SELECT count(*) FROM store_follows f WHERE f.seller_id = s.id)::int AS followers
      FROM sellers s
      WHERE lower(s.store_slug) = ${slug} AND NOT s.is_blocked AND NOT s.is_disabled
        AND s.closed_at IS NULL`);
    return r.rows[0] ?? null;
  },

  /** The show on air now, the next ones not yet expired (30 minutes past their start), the last ended. */
  async shows(q: Queryable, sellerId: string, now: Date) {
    const expired = new Date(now.getTime() - 30 * 60_000);
    const [live, upcoming, past] = await Promise.all([
      q.execute<StorefrontShowRow>(sql`
        SELECT id, title, cover_image, coalesce(actual_start_time, scheduled_start_time) AS at, viewer_count AS viewers
        FROM streams WHERE seller_id = ${sellerId} AND status = 'live'
        ORDER BY actual_start_time DESC NULLS LAST LIMIT 1`),
      q.execute<StorefrontShowRow>(sql`
        SELECT id, title, cover_image, scheduled_start_time AS at, 0 AS viewers
        FROM streams WHERE seller_id = ${sellerId} AND status = 'scheduled' AND scheduled_start_time >= ${expired}
        ORDER BY scheduled_start_time LIMIT 6`),
      q.execute<StorefrontShowRow>(sql`
        SELECT id, title, cover_image, coalesce(ended_at, scheduled_start_time) AS at, 0 AS viewers
        FROM streams WHERE seller_id = ${sellerId} AND status = 'ended'
        ORDER BY ended_at DESC NULLS LAST LIMIT 6`),
    ]);
    return { live: live.rows[0] ?? null, upcoming: upcoming.rows, past: past.rows };
  },

  /** The newest blips whose product buyers may see (active or out of stock). */
  async blips(q: Queryable, sellerId: string, limit: number) {
    const r = await q.execute<{ id: string; caption: string; poster_key: string | null; views: number }>(sql`
      SELECT b.id, b.caption, b.poster_key, b.views_count AS views
      FROM blips b JOIN products p ON p.id = b.product_id
      WHERE b.seller_id = ${sellerId} AND p.status IN ('active', 'out_of_stock')
      ORDER BY b.created_at DESC, b.id LIMIT ${sql.raw(String(Math.trunc(limit)))}`);
    return r.rows;
  },

  /** One page of the products on sale, newest first, and how many there are. */
  async products(q: Queryable, sellerId: string, page: number, size: number) {
    const offset = (Math.trunc(page) - 1) * Math.trunc(size);
    const [rows, total] = await Promise.all([
      q.execute<StorefrontProductRow>(sql`
        SELECT id, name, price_kobo, stock, status, images, variants, sale_type
        FROM products WHERE seller_id = ${sellerId} AND status IN ('active', 'out_of_stock')
        ORDER BY created_at DESC, id
        LIMIT ${sql.raw(String(Math.trunc(size)))} OFFSET ${sql.raw(String(offset))}`),
      q.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM products
        WHERE seller_id = ${sellerId} AND status IN ('active', 'out_of_stock')`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  },
});
export type StorefrontRepository = ReturnType<typeof storefrontRepository>;
