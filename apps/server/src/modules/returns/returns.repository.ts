import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  buyers,
  orderLines,
  orders,
  type ReturnRow,
  returnEvents,
  returnLines,
  returnPhotos,
  returns,
  sellerOnboarding,
  sellers,
} from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

export type ReturnStatusValue = ReturnRow['status'];
export const OPEN_STATUSES: ReturnStatusValue[] = [
  'requested',
  'info_needed',
  'approved',
  'in_transit',
  'received',
];
/** Returns that take their items out of what can still be returned: all but rejected and closed. */
const COUNTED_STATUSES: ReturnStatusValue[] = ['rejected', 'closed'];

export type NewReturn = Omit<typeof returns.$inferInsert, 'id' | 'number'>;
export type NewReturnLine = Omit<typeof returnLines.$inferInsert, 'id' | 'returnId'>;

/** Queries only, each taking the service's transaction or `db` first. */
export function returnsRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    /** The order with what eligibility needs, locked: returns of one order are decided one at a time. */
    async lockOrder(q: Queryable, orderId: string) {
      const [row] = await q
        .select({
          order: orders,
          policy: sellerOnboarding.shippingOptions,
          storeName: sellers.storeName,
          buyerName: buyers.name,
        })
        .from(orders)
        .innerJoin(sellers, eq(sellers.id, orders.sellerId))
        .innerJoin(buyers, eq(buyers.id, orders.buyerId))
        .leftJoin(sellerOnboarding, eq(sellerOnboarding.sellerId, orders.sellerId))
        .where(eq(orders.id, orderId))
        .for('update', { of: orders });
      return row ?? null;
    },

    async orderContext(q: Queryable, orderId: string) {
      const [row] = await q
        .select({
          order: orders,
          policy: sellerOnboarding.shippingOptions,
          storeName: sellers.storeName,
          buyerName: buyers.name,
        })
        .from(orders)
        .innerJoin(sellers, eq(sellers.id, orders.sellerId))
        .innerJoin(buyers, eq(buyers.id, orders.buyerId))
        .leftJoin(sellerOnboarding, eq(sellerOnboarding.sellerId, orders.sellerId))
        .where(eq(orders.id, orderId));
      return row ?? null;
    },

    orderLines: (q: Queryable, orderId: string) =>
      q.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),

    /** Units of each order line already in a return that was not rejected or closed. */
    async returnedQuantities(q: Queryable, orderId: string): Promise<Map<string, number>> {
      const rows = await q
        .select({ lineId: returnLines.orderLineId, quantity: sql<number>`sum(${returnLines.quantity})::int` })
        .from(returnLines)
        .innerJoin(returns, eq(returns.id, returnLines.returnId))
        .where(and(eq(returns.orderId, orderId), notInArray(returns.status, COUNTED_STATUSES)))
        .groupBy(returnLines.orderLineId);
      return new Map(rows.map((r) => [r.lineId, Number(r.quantity)]));
    },

    async openReturnOf(q: Queryable, orderId: string): Promise<string | null> {
      const [row] = await q
        .select({ id: returns.id })
        .from(returns)
        .where(and(eq(returns.orderId, orderId), inArray(returns.status, OPEN_STATUSES)))
        .limit(1);
      return row?.id ?? null;
    },

    async insertReturn(q: Queryable, values: NewReturn): Promise<ReturnRow> {
      const [row] = await q.insert(returns).values(values).returning();
      if (!row) throw new Error('insert returned no return');
      return row;
    },

    async insertLines(q: Queryable, returnId: string, lines: NewReturnLine[]): Promise<void> {
      await q.insert(returnLines).values(lines.map((l) => ({ ...l, returnId })));
    },

    async insertEvent(q: Queryable, event: Omit<typeof returnEvents.$inferInsert, 'id'>): Promise<string> {
      const [row] = await q.insert(returnEvents).values(event).returning({ id: returnEvents.id });
      if (!row) throw new Error('insert returned no event');
      return row.id;
    },

    /** Attaches the buyer's own unattached photos; answers how many were. */
    async attachPhotos(
      q: Queryable,
      photoIds: string[],
      owner: { buyerId: string; returnId: string; eventId: string },
    ): Promise<number> {
      if (photoIds.length === 0) return 0;
      const rows = await q
        .update(returnPhotos)
        .set({ returnId: owner.returnId, eventId: owner.eventId })
        .where(
          and(
            inArray(returnPhotos.id, photoIds),
            eq(returnPhotos.buyerId, owner.buyerId),
            isNull(returnPhotos.returnId),
          ),
        )
        .returning({ id: returnPhotos.id });
      return rows.length;
    },

    async insertPhoto(
      q: Queryable,
      photo: { id: string; buyerId: string; storageKey: string; createdAt: Date },
    ) {
      await q.insert(returnPhotos).values(photo);
    },

    /** A photo no request or message has taken yet, locked; null once attached or gone. */
    async lockUnattachedPhoto(q: Queryable, id: string) {
      const [row] = await q
        .select()
        .from(returnPhotos)
        .where(and(eq(returnPhotos.id, id), isNull(returnPhotos.returnId)))
        .for('update');
      return row ?? null;
    },

    async deletePhoto(q: Queryable, id: string) {
      await q.delete(returnPhotos).where(and(eq(returnPhotos.id, id), isNull(returnPhotos.returnId)));
    },

    async photo(q: Queryable, id: string) {
      const [row] = await q.select().from(returnPhotos).where(eq(returnPhotos.id, id));
      return row ?? null;
    },

    async lockReturn(q: Queryable, id: string): Promise<ReturnRow | null> {
      const [row] = await q.select().from(returns).where(eq(returns.id, id)).for('update');
      return row ?? null;
    },

    async byId(q: Queryable, id: string): Promise<ReturnRow | null> {
      const [row] = await q.select().from(returns).where(eq(returns.id, id));
      return row ?? null;
    },

    async updateReturn(
      q: Queryable,
      id: string,
      changes: Partial<typeof returns.$inferInsert>,
    ): Promise<void> {
      await q.update(returns).set(changes).where(eq(returns.id, id));
    },

    lines: (q: Queryable, returnId: string) =>
      q.select().from(returnLines).where(eq(returnLines.returnId, returnId)).orderBy(asc(returnLines.id)),

    events: (q: Queryable, returnId: string) =>
      q
        .select()
        .from(returnEvents)
        .where(eq(returnEvents.returnId, returnId))
        .orderBy(asc(returnEvents.createdAt), asc(returnEvents.seq)),

    photos: (q: Queryable, returnId: string) =>
      q
        .select()
        .from(returnPhotos)
        .where(eq(returnPhotos.returnId, returnId))
        .orderBy(asc(returnPhotos.createdAt), asc(returnPhotos.id)),

    /** Names and addresses the detail, e-mails and notices need. */
    async parties(q: Queryable, ret: Pick<ReturnRow, 'orderId' | 'buyerId' | 'sellerId'>) {
      const [row] = await q
        .select({
          orderNumber: orders.number,
          buyerName: buyers.name,
          buyerEmail: buyers.email,
          storeName: sellers.storeName,
          sellerEmail: sellers.email,
        })
        .from(orders)
        .innerJoin(buyers, eq(buyers.id, ret.buyerId))
        .innerJoin(sellers, eq(sellers.id, ret.sellerId))
        .where(eq(orders.id, ret.orderId));
      if (!row) throw new Error(`return of a missing order ${ret.orderId}`);
      return row;
    },

    /** One page of a seller's returns in `statuses`, newest first, with what a summary shows. */
    async page(
      q: Queryable,
      sellerId: string,
      filter: { statuses: ReturnStatusValue[] | null; search: string | null; offset: number; limit: number },
    ) {
      const where = and(
        eq(returns.sellerId, sellerId),
        filter.statuses ? inArray(returns.status, filter.statuses) : undefined,
        filter.search
          ? ilike(returns.searchText, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`)
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        q
          .select({
            ret: returns,
            orderNumber: orders.number,
            buyerName: buyers.name,
            itemCount: sql<number>`(select coalesce(sum(quantity), 0)::int from return_lines rl where rl.return_id = ${returns.id})`,
            firstName: sql<string>`(select product_name from return_lines rl where rl.return_id = ${returns.id} order by rl.id limit 1)`,
            firstImage: sql<
              string | null
            >`(select product_image from return_lines rl where rl.return_id = ${returns.id} order by rl.id limit 1)`,
          })
          .from(returns)
          .innerJoin(orders, eq(orders.id, returns.orderId))
          .innerJoin(buyers, eq(buyers.id, returns.buyerId))
          .where(where)
          .orderBy(desc(returns.createdAt), desc(returns.id))
          .limit(filter.limit)
          .offset(filter.offset),
        q.select({ n: count() }).from(returns).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async statusCounts(q: Queryable, sellerId: string, search: string | null) {
      const rows = await q
        .select({ status: returns.status, n: count() })
        .from(returns)
        .where(
          and(
            eq(returns.sellerId, sellerId),
            search ? ilike(returns.searchText, `%${search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
          ),
        )
        .groupBy(returns.status);
      return new Map(rows.map((r) => [r.status, r.n]));
    },

    async hasOpenReturn(q: Queryable, orderId: string): Promise<boolean> {
      const [row] = await q
        .select({ id: returns.id })
        .from(returns)
        .where(and(eq(returns.orderId, orderId), inArray(returns.status, OPEN_STATUSES)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type ReturnsRepository = ReturnType<typeof returnsRepository>;
