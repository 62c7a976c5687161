import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { couponRedemptions, coupons, products, streams } from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

export type NewCoupon = typeof coupons.$inferInsert;

/**
 * A redemption holds a use while its order does: an unpaid order (online or pay on delivery) that
 * was cancelled or expired has given it back. A paid order that is cancelled later keeps it.
 */
const HOLDS_USE = sql`NOT (o.fulfilment_status = 'cancelled' AND o.payment_status IN ('awaiting_payment', 'pay_on_delivery_pending'))`;
/** Orders whose money came in (online, or cash collected), for the revenue a coupon brought. */
const PAID = sql`o.payment_status IN ('paid', 'pay_on_delivery_collected', 'partially_refunded')`;

export type CouponStats = {
  couponId: string;
  uses: number;
  paidOrders: number;
  revenueKobo: number;
  discountKobo: number;
};

/** Queries only, each taking the service's transaction or `db` first. */
export function couponsRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async list(q: Queryable, sellerId: string, limit: number) {
      return q
        .select()
        .from(coupons)
        .where(eq(coupons.sellerId, sellerId))
        .orderBy(desc(coupons.createdAt), asc(coupons.id))
        .limit(limit);
    },

    /** The seller's coupon; null for another seller's or an unknown id (never told apart). */
    async get(q: Queryable, sellerId: string, id: string) {
      const [row] = await q
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, id), eq(coupons.sellerId, sellerId)));
      return row ?? null;
    },

    /** The coupon a buyer typed, for this seller, whatever its case; locked for a checkout when asked. */
    async byCode(q: Queryable, sellerId: string, code: string, lock: boolean) {
      const query = q
        .select()
        .from(coupons)
        .where(and(eq(coupons.sellerId, sellerId), sql`lower(${coupons.code}) = lower(${code})`));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async insert(q: Queryable, values: NewCoupon) {
      const [row] = await q.insert(coupons).values(values).returning();
      if (!row) throw new Error('no coupon inserted');
      return row;
    },

    async update(q: Queryable, sellerId: string, id: string, values: Partial<NewCoupon>) {
      const [row] = await q
        .update(coupons)
        .set(values)
        .where(and(eq(coupons.id, id), eq(coupons.sellerId, sellerId)))
        .returning();
      return row ?? null;
    },

    /** Uses held now, by everyone and by one buyer. */
    async usage(q: Queryable, couponId: string, buyerId: string) {
      const rows = await q.execute<{ total: number; by_buyer: number }>(sql`
        SELECT count(*)::int AS total, count(*) FILTER (WHERE r.buyer_id = ${buyerId})::int AS by_buyer
        FROM coupon_redemptions r JOIN orders o ON o.id = r.order_id
        WHERE r.coupon_id = ${couponId} AND ${HOLDS_USE}`);
      const row = rows.rows[0];
      return { total: Number(row?.total ?? 0), byBuyer: Number(row?.by_buyer ?? 0) };
    },

    async redeem(q: Queryable, values: typeof couponRedemptions.$inferInsert) {
      await q.insert(couponRedemptions).values(values);
    },

    /** Per coupon of the seller: uses held, paid orders, their totals and the discount they got. */
    async stats(q: Queryable, sellerId: string, couponIds: string[]): Promise<CouponStats[]> {
      if (couponIds.length === 0) return [];
      const ids = sql.join(
        couponIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const rows = await q.execute<{
        coupon_id: string;
        uses: number;
        paid_orders: number;
        revenue_kobo: number;
        discount_kobo: number;
      }>(sql`
        SELECT r.coupon_id,
               count(*) FILTER (WHERE ${HOLDS_USE})::int AS uses,
               count(*) FILTER (WHERE ${PAID})::int AS paid_orders,
               coalesce(sum(o.total_kobo) FILTER (WHERE ${PAID}), 0)::float8 AS revenue_kobo,
               coalesce(sum(o.discount_kobo) FILTER (WHERE ${PAID}), 0)::float8 AS discount_kobo
        FROM coupon_redemptions r JOIN orders o ON o.id = r.order_id
        WHERE r.seller_id = ${sellerId} AND r.coupon_id IN (${ids})
        GROUP BY r.coupon_id`);
      return rows.rows.map((r) => ({
        couponId: r.coupon_id,
        uses: Number(r.uses),
        paidOrders: Number(r.paid_orders),
        revenueKobo: Number(r.revenue_kobo),
        discountKobo: Number(r.discount_kobo),
      }));
    },

    /** The seller's own products among `ids` (a coupon never names another seller's). */
    async productsOf(q: Queryable, sellerId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return q
        .select({ id: products.id, name: products.name, images: products.images })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), inArray(products.id, [...ids])));
    },

    async streamsOf(q: Queryable, sellerId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return q
        .select({
          id: streams.id,
          title: streams.title,
          status: streams.status,
          scheduledStartTime: streams.scheduledStartTime,
        })
        .from(streams)
        .where(and(eq(streams.sellerId, sellerId), inArray(streams.id, [...ids])));
    },

    /** A product as the check prices it: its seller, whether it sells, its variants' prices. */
    async product(q: Queryable, productId: string) {
      const [row] = await q
        .select({
          id: products.id,
          sellerId: products.sellerId,
          status: products.status,
          priceKobo: products.priceKobo,
          images: products.images,
          variants: products.variants,
        })
        .from(products)
        .where(eq(products.id, productId));
      return row ?? null;
    },

    /** What the create form offers: the seller's products on sale, and shows not yet ended. */
    async choices(q: Queryable, sellerId: string) {
      const productRows = await q
        .select({
          id: products.id,
          name: products.name,
          images: products.images,
          priceKobo: products.priceKobo,
        })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), inArray(products.status, ['active', 'out_of_stock'])))
        .orderBy(asc(products.name))
        .limit(500);
      const showRows = await q
        .select({
          id: streams.id,
          title: streams.title,
          status: streams.status,
          scheduledStartTime: streams.scheduledStartTime,
        })
        .from(streams)
        .where(and(eq(streams.sellerId, sellerId), ne(streams.status, 'ended')))
        .orderBy(asc(streams.scheduledStartTime))
        .limit(100);
      return { products: productRows, shows: showRows };
    },
  };
}
export type CouponsRepository = ReturnType<typeof couponsRepository>;
