import { DEFAULT_PAYMENT_WINDOW_HOURS } from '@kasuwa/contracts';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { buyers } from '@/db/schema/buyers.ts';
import { bids, streamProducts, streams } from '@/db/schema/live.ts';
import { sellerOnboarding } from '@/db/schema/onboarding.ts';
import {
  type OrderLineRow,
  type OrderRow,
  orderEvents,
  orderLines,
  orders,
  sellerDeliverySettings,
  type VariantChoiceRecord,
} from '@/db/schema/orders.ts';
import { sellers } from '@/db/schema/sellers.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';
import type { OrderActor } from '@/modules/orders/order-ports.ts';

export type NewOrderRow = typeof orders.$inferInsert;
/** The Kasuwa returns policy's window (SPEC section 3), for a seller whose onboarding set none. */
const DEFAULT_RETURN_WINDOW_DAYS = 7;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** The condition of orders_open_auction_key: the one open auction order of a buyer in a show. */
const openAuctionOrder = sql`${orders.source} = 'auction' and ${orders.paymentStatus} = 'awaiting_payment' and ${orders.paymentMethod} is null and ${orders.fulfilmentStatus} <> 'cancelled'`;

export function ordersRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async lockOrder(q: Queryable, id: string): Promise<OrderRow | null> {
      const [row] = await q.select().from(orders).where(eq(orders.id, id)).for('update');
      return row ?? null;
    },

    /** Another seller's order is not found, exactly as one that does not exist. */
    async lockSellerOrder(q: Queryable, sellerId: string, id: string): Promise<OrderRow | null> {
      const [row] = await q
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.sellerId, sellerId)))
        .for('update');
      return row ?? null;
    },

    async sellerOrder(q: Queryable, sellerId: string, id: string): Promise<OrderRow | null> {
      const [row] = await q
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.sellerId, sellerId)));
      return row ?? null;
    },

    async updateOrder(q: Queryable, id: string, values: Partial<NewOrderRow>): Promise<void> {
      await q.update(orders).set(values).where(eq(orders.id, id));
    },

    async insertEvent(
      q: Queryable,
      values: {
        orderId: string;
        type: string;
        actor: OrderActor;
        message: string;
        data?: Record<string, unknown>;
        createdAt: Date;
      },
    ): Promise<void> {
      await q.insert(orderEvents).values(values);
    },

    async lines(q: Queryable, orderId: string): Promise<OrderLineRow[]> {
      return q.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    },

    /** The timeline, oldest first; events of one instant keep the order they were written in. */
    async events(q: Queryable, orderId: string): Promise<OrderEventRow[]> {
      return q
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.createdAt), sql`${orderEvents}.ctid`);
    },

    async hasEvent(q: Queryable, orderId: string, type: string, data?: Record<string, unknown>) {
      const [row] = await q
        .select({ id: orderEvents.id })
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.orderId, orderId),
            eq(orderEvents.type, type),
            data ? sql`${orderEvents.data} @> ${JSON.stringify(data)}::jsonb` : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Who bought, which show, and where a pickup order is collected: the detail view's parts. */
    async detailParts(q: Queryable, order: OrderRow) {
      const [buyer] = await q
        .select({ id: buyers.id, name: buyers.name, email: buyers.email })
        .from(buyers)
        .where(eq(buyers.id, order.buyerId));
      const [seller] = await q
        .select({ storeName: sellers.storeName, address: sellers.sellerAddress })
        .from(sellers)
        .where(eq(sellers.id, order.sellerId));
      const [show] = order.streamId
        ? await q
            .select({ id: streams.id, title: streams.title })
            .from(streams)
            .where(eq(streams.id, order.streamId))
        : [];
      return { buyer: buyer ?? null, seller: seller ?? null, show: show ?? null };
    },

    async buyerContact(q: Queryable, buyerId: string) {
      const [row] = await q
        .select({ name: buyers.name, email: buyers.email })
        .from(buyers)
        .where(eq(buyers.id, buyerId));
      return row ?? null;
    },

    async storeName(q: Queryable, sellerId: string): Promise<string> {
      const [row] = await q.select({ name: sellers.storeName }).from(sellers).where(eq(sellers.id, sellerId));
      return row?.name ?? 'the seller';
    },

    /** The seller's return window (onboarding's shipping options): 7, 14 or 30 days; 7 when unset. */
    async returnWindowDays(q: Queryable, sellerId: string): Promise<number> {
      const [row] = await q
        .select({ options: sellerOnboarding.shippingOptions })
        .from(sellerOnboarding)
        .where(eq(sellerOnboarding.sellerId, sellerId));
      const days = row?.options?.returnWindowDays;
      return typeof days === 'number' && days > 0 ? days : DEFAULT_RETURN_WINDOW_DAYS;
    },

    async paymentWindowHours(q: Queryable, sellerId: string): Promise<number> {
      const [row] = await q
        .select({ hours: sellerDeliverySettings.paymentWindowHours })
        .from(sellerDeliverySettings)
        .where(eq(sellerDeliverySettings.sellerId, sellerId));
      return row?.hours ?? DEFAULT_PAYMENT_WINDOW_HOURS;
    },

    async lockOpenAuctionOrder(q: Queryable, streamId: string, buyerId: string): Promise<OrderRow | null> {
      const [row] = await q
        .select()
        .from(orders)
        .where(and(eq(orders.streamId, streamId), eq(orders.buyerId, buyerId), openAuctionOrder))
        .for('update');
      return row ?? null;
    },

    /** A new order of its own (a giveaway win, issue 21). */
    async insertOrder(q: Queryable, values: NewOrderRow): Promise<OrderRow> {
      const [row] = await q.insert(orders).values(values).returning();
      if (!row) throw new Error('the order was not inserted');
      return row;
    },

    /**
     * A new open auction order, or null when a concurrent close made the buyer's open order of this
     * show first (orders_open_auction_key): the caller then joins that one.
     */
    async insertOpenAuctionOrder(q: Queryable, values: NewOrderRow): Promise<OrderRow | null> {
      const [row] = await q
        .insert(orders)
        .values(values)
        .onConflictDoNothing({ target: [orders.streamId, orders.buyerId], where: openAuctionOrder })
        .returning();
      return row ?? null;
    },

    async insertLine(
      q: Queryable,
      values: {
        orderId: string;
        productId: string | null;
        productName: string;
        productImage: string | null;
        variant: VariantChoiceRecord[];
        unitPriceKobo: number;
        quantity: number;
        streamProductId: string | null;
      },
    ): Promise<void> {
      await q.insert(orderLines).values(values);
    },

    /** The order whose line holds an auctioned item: it sells once. */
    async orderOfStreamProduct(q: Queryable, streamProductId: string): Promise<string | null> {
      const [row] = await q
        .select({ orderId: orderLines.orderId })
        .from(orderLines)
        .where(eq(orderLines.streamProductId, streamProductId))
        .limit(1);
      return row?.orderId ?? null;
    },

    /** The line no longer holds its auctioned item: a second-chance offer holds it now. */
    async releaseStreamProduct(q: Queryable, lineId: string): Promise<void> {
      await q.update(orderLines).set({ streamProductId: null }).where(eq(orderLines.id, lineId));
    },

    /**
     * The best other bidder of an auctioned item in the round it was sold: their highest (so last)
     * bid. Null when nobody else bid.
     */
    async runnerUp(
      q: Queryable,
      streamProductId: string,
      winnerId: string,
    ): Promise<{ buyerId: string; amountKobo: number } | null> {
      const amount = sql<number>`max(${bids.amountKobo})`.mapWith(Number);
      const [row] = await q
        .select({ buyerId: bids.buyerId, amountKobo: amount })
        .from(bids)
        .innerJoin(
          streamProducts,
          and(eq(streamProducts.id, bids.streamProductId), eq(streamProducts.round, bids.round)),
        )
        .where(and(eq(bids.streamProductId, streamProductId), ne(bids.buyerId, winnerId)))
        .groupBy(bids.buyerId)
        .orderBy(desc(amount))
        .limit(1);
      return row ?? null;
    },
  };
}
export type OrdersRepository = ReturnType<typeof ordersRepository>;
