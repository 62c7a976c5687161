import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { buyers, orders, payments, processedWebhooks, sellers } from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

/** An attempt with what its pay link and the local checkout page show and check. */
export type PaymentView = PaymentRow & {
  orderNumber: number;
  orderPaymentStatus: (typeof orders.$inferSelect)['paymentStatus'];
  orderCancelled: boolean;
  buyerEmail: string;
  storeName: string;
  /** No later attempt exists for the order: only the newest one's pay link opens a checkout. */
  newest: boolean;
};

/** Queries only, each taking the service's transaction or `db` first. */
export function paymentsRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async orderNumber(q: Queryable, orderId: string): Promise<number | null> {
      const [row] = await q.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
      return row?.number ?? null;
    },

    /** created_at is the database's own time (not the injected clock): it orders an order's attempts. */
    async insert(
      q: Queryable,
      payment: { orderId: string; provider: string; reference: string; amountKobo: number },
    ): Promise<PaymentRow> {
      const [row] = await q.insert(payments).values(payment).returning();
      if (!row) throw new Error('insert returned no payment');
      return row;
    },

    async byReference(q: Queryable, reference: string): Promise<PaymentRow | null> {
      const [row] = await q.select().from(payments).where(eq(payments.reference, reference));
      return row ?? null;
    },

    /** The attempt, locked until the transaction ends: settling it twice at once is impossible. */
    async lockByReference(q: Queryable, reference: string): Promise<PaymentRow | null> {
      const [row] = await q.select().from(payments).where(eq(payments.reference, reference)).for('update');
      return row ?? null;
    },

    async view(q: Queryable, reference: string): Promise<PaymentView | null> {
      const later = q
        .select({ id: sql`1` })
        .from(sql`payments as later`)
        .where(
          sql`later.order_id = ${payments.orderId} and (later.created_at, later.id) > (${payments.createdAt}, ${payments.id})`,
        );
      const [row] = await q
        .select({
          payment: payments,
          orderNumber: orders.number,
          orderPaymentStatus: orders.paymentStatus,
          orderCancelled: sql<boolean>`${orders.fulfilmentStatus} = 'cancelled'`,
          buyerEmail: buyers.email,
          storeName: sellers.storeName,
          newest: sql<boolean>`not exists (${later})`,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .innerJoin(buyers, eq(buyers.id, orders.buyerId))
        .innerJoin(sellers, eq(sellers.id, orders.sellerId))
        .where(eq(payments.reference, reference));
      if (!row) return null;
      const { payment, ...rest } = row;
      return { ...payment, ...rest };
    },

    async settle(
      q: Queryable,
      id: string,
      outcome: { status: 'succeeded' | 'amount_mismatch'; paidKobo: number; settledAt: Date },
    ): Promise<void> {
      await q.update(payments).set(outcome).where(eq(payments.id, id));
    },

    /** A declined or abandoned attempt; only a pending one changes (a success is never undone). */
    async markUnsuccessful(q: Queryable, reference: string, status: 'failed' | 'abandoned'): Promise<void> {
      await q
        .update(payments)
        .set({ status })
        .where(
          and(
            eq(payments.reference, reference),
            inArray(payments.status, ['pending', 'failed', 'abandoned']),
          ),
        );
    },

    /** Keeps the provider's checkout URL of an attempt, once: a second initialize keeps the first. */
    async setAuthorizationUrl(q: Queryable, id: string, url: string): Promise<void> {
      await q
        .update(payments)
        .set({ authorizationUrl: url })
        .where(and(eq(payments.id, id), isNull(payments.authorizationUrl)));
    },

    /** Records a webhook delivery; false when the same event was recorded before (a replay). */
    async recordWebhook(q: Queryable, provider: string, eventId: string, receivedAt: Date): Promise<boolean> {
      const rows = await q
        .insert(processedWebhooks)
        .values({ provider, eventId, receivedAt })
        .onConflictDoNothing()
        .returning({ eventId: processedWebhooks.eventId });
      return rows.length > 0;
    },

    async ofOrder(q: Queryable, orderId: string): Promise<PaymentRow[]> {
      return q.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
    },
  };
}
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
