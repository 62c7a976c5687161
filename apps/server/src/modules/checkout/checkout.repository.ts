import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  blips,
  buyers,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  sellerDeliverySettings,
  sellerOnboarding,
  sellers,
  streamProducts,
  streams,
} from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';
import type { DeliverySettingsRecord } from '@/modules/checkout/delivery-rules.ts';

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type NewOrderEvent = typeof orderEvents.$inferInsert;

/** Queries only, each taking the service's transaction or `db` first. */
export function checkoutRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async deliverySettings(q: Queryable, sellerId: string): Promise<DeliverySettingsRecord | null> {
      const [row] = await q
        .select()
        .from(sellerDeliverySettings)
        .where(eq(sellerDeliverySettings.sellerId, sellerId));
      return row ?? null;
    },

    async saveDeliverySettings(q: Queryable, sellerId: string, record: DeliverySettingsRecord, now: Date) {
      await q
        .insert(sellerDeliverySettings)
        .values({ sellerId, ...record, updatedAt: now })
        .onConflictDoUpdate({ target: sellerDeliverySettings.sellerId, set: { ...record, updatedAt: now } });
    },

    /** The seller as checkout needs them: who they are, whether they sell, their addresses. */
    async seller(q: Queryable, sellerId: string) {
      const [row] = await q
        .select({
          id: sellers.id,
          storeName: sellers.storeName,
          isBlocked: sellers.isBlocked,
          isDisabled: sellers.isDisabled,
          vacationMode: sellers.vacationMode,
          sellerAddress: sellers.sellerAddress,
          businessAddress: sellers.businessAddress,
          warehouse: sellerOnboarding.warehouseDetails,
          shippingOptions: sellerOnboarding.shippingOptions,
        })
        .from(sellers)
        .leftJoin(sellerOnboarding, eq(sellerOnboarding.sellerId, sellers.id))
        .where(eq(sellers.id, sellerId));
      return row ?? null;
    },

    async sellerNames(q: Queryable, sellerIds: string[]) {
      if (sellerIds.length === 0) return [];
      return q
        .select({ id: sellers.id, storeName: sellers.storeName })
        .from(sellers)
        .where(inArray(sellers.id, sellerIds));
    },

    async product(q: Queryable, productId: string) {
      const [row] = await q
        .select({
          id: products.id,
          sellerId: products.sellerId,
          name: products.name,
          status: products.status,
          saleType: products.saleType,
          variants: products.variants,
        })
        .from(products)
        .where(eq(products.id, productId));
      return row ?? null;
    },

    async streamOffers(q: Queryable, streamId: string, sellerId: string, productId: string) {
      const [row] = await q
        .select({ id: streamProducts.id })
        .from(streamProducts)
        .innerJoin(streams, eq(streams.id, streamProducts.streamId))
        .where(
          and(
            eq(streamProducts.streamId, streamId),
            eq(streams.sellerId, sellerId),
            eq(streamProducts.productId, productId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async blipShows(q: Queryable, blipId: string, sellerId: string, productId: string) {
      const [row] = await q
        .select({ id: blips.id })
        .from(blips)
        .where(and(eq(blips.id, blipId), eq(blips.sellerId, sellerId), eq(blips.productId, productId)));
      return Boolean(row);
    },

    async orderIdByIdempotencyKey(q: Queryable, buyerId: string, key: string) {
      const [row] = await q
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, key)));
      return row?.id ?? null;
    },

    async insertOrder(q: Queryable, values: NewOrder) {
      const [row] = await q.insert(orders).values(values).returning();
      if (!row) throw new Error('no order inserted');
      return row;
    },

    async insertLines(q: Queryable, lines: NewOrderLine[]) {
      await q.insert(orderLines).values(lines);
    },

    async insertEvent(q: Queryable, event: NewOrderEvent) {
      await q.insert(orderEvents).values(event);
    },

    /** The buyer's order, locked for a checkout; null for another buyer's or an unknown id. */
    async lockBuyerOrder(q: Queryable, orderId: string, buyerId: string) {
      const [row] = await q
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
        .for('update');
      return row ?? null;
    },

    async updateOrder(q: Queryable, orderId: string, values: Partial<NewOrder>) {
      await q.update(orders).set(values).where(eq(orders.id, orderId));
    },

    async order(q: Queryable, orderId: string, buyerId?: string) {
      const [row] = await q
        .select()
        .from(orders)
        .where(buyerId ? and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)) : eq(orders.id, orderId));
      return row ?? null;
    },

    async buyerOrders(q: Queryable, buyerId: string, limit: number) {
      return q
        .select()
        .from(orders)
        .where(eq(orders.buyerId, buyerId))
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(limit);
    },

    async lines(q: Queryable, orderIds: string[]) {
      if (orderIds.length === 0) return [];
      return q
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, orderIds))
        .orderBy(asc(orderLines.productName), asc(orderLines.id));
    },

    async events(q: Queryable, orderIds: string[]) {
      if (orderIds.length === 0) return [];
      return q
        .select()
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, orderIds))
        .orderBy(asc(orderEvents.createdAt), sql`${orderEvents.type} = 'created' desc`, asc(orderEvents.id));
    },

    async buyer(q: Queryable, buyerId: string) {
      const [row] = await q
        .select({ id: buyers.id, name: buyers.name, email: buyers.email })
        .from(buyers)
        .where(eq(buyers.id, buyerId));
      return row ?? null;
    },

    /** The newest attempt to pay the order still waiting for the provider (a retried Buy now answers it). */
    async pendingPayment(q: Queryable, orderId: string) {
      const [row] = await q
        .select({ reference: payments.reference, authorizationUrl: payments.authorizationUrl })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row ?? null;
    },

    async paymentBelongsTo(q: Queryable, orderId: string, reference: string) {
      const [row] = await q
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.reference, reference)));
      return Boolean(row);
    },
  };
}
export type CheckoutRepository = ReturnType<typeof checkoutRepository>;
