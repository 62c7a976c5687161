import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { sellers } from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

export type TopSoldRow = {
  id: string;
  name: string;
  price_kobo: number;
  image: string | null;
  units: number;
  sales_kobo: number;
};

/** Queries only, each taking the service's transaction or `db` first. */
export function storeRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async setVacationMode(q: Queryable, sellerId: string, isOn: boolean): Promise<boolean> {
      const [row] = await q
        .update(sellers)
        .set({ vacationMode: isOn, updatedAt: sql`now()` })
        .where(eq(sellers.id, sellerId))
        .returning({ vacationMode: sellers.vacationMode });
      if (!row) throw new Error('update found no seller');
      return row.vacationMode;
    },

    /**
     * The seller's best sellers of all time: units sold per product, most first (then revenue), from
     * the lines of orders that are sales (paid, collected on delivery or partly refunded; a fully
     * refunded order sold nothing). A line whose product was deleted is left out. The picture is the
     * product's first photo, else the one its latest sale recorded.
     */
    async topSoldProducts(q: Queryable, sellerId: string, limit: number): Promise<TopSoldRow[]> {
      const r = await q.execute<TopSoldRow>(sql`
        SELECT p.id, p.name, p.price_kobo::float8 AS price_kobo, coalesce(p.images->>0, s.image) AS image,
               s.units, s.sales_kobo
        FROM (
          SELECT l.product_id, sum(l.quantity)::int AS units,
                 sum(l.quantity * l.unit_price_kobo)::float8 AS sales_kobo,
                 (array_agg(l.product_image ORDER BY o.created_at DESC)
                   FILTER (WHERE l.product_image IS NOT NULL))[1] AS image
          FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.seller_id = ${sellerId} AND l.product_id IS NOT NULL
            AND o.payment_status IN ('paid', 'pay_on_delivery_collected', 'partially_refunded')
          GROUP BY l.product_id
        ) s JOIN products p ON p.id = s.product_id AND p.seller_id = ${sellerId}
        ORDER BY s.units DESC, s.sales_kobo DESC, p.name, p.id
        LIMIT ${limit}`);
      return r.rows;
    },
  };
}
export type StoreRepository = ReturnType<typeof storeRepository>;
