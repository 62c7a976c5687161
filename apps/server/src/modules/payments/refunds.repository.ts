import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { orders, payments, type RefundRow, refunds } from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

export type NewRefund = Pick<
  RefundRow,
  | 'key'
  | 'orderId'
  | 'sellerId'
  | 'returnId'
  | 'paymentReference'
  | 'provider'
  | 'amountKobo'
  | 'reason'
  | 'note'
> & { createdAt: Date };

/** Queries of refunds (and the order and payment they give back), each taking `q` first. */
export function refundsRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async byKey(q: Queryable, key: string): Promise<RefundRow | null> {
      const [row] = await q.select().from(refunds).where(eq(refunds.key, key));
      return row ?? null;
    },

    async byId(q: Queryable, id: string): Promise<RefundRow | null> {
      const [row] = await q.select().from(refunds).where(eq(refunds.id, id));
      return row ?? null;
    },

    async lockById(q: Queryable, id: string): Promise<RefundRow | null> {
      const [row] = await q.select().from(refunds).where(eq(refunds.id, id)).for('update');
      return row ?? null;
    },

    /** The order row locked: refunds of one order are decided one at a time. */
    async lockOrder(q: Queryable, orderId: string) {
      const [row] = await q
        .select({ id: orders.id, sellerId: orders.sellerId, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      return row ?? null;
    },

    /** The order's settled online payment (the newest, should there be two), or null. */
    async settledReference(q: Queryable, orderId: string): Promise<string | null> {
      const [row] = await q
        .select({ reference: payments.reference })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
        .orderBy(desc(payments.settledAt))
        .limit(1);
      return row?.reference ?? null;
    },

    async insert(q: Queryable, refund: NewRefund): Promise<RefundRow> {
      const [row] = await q
        .insert(refunds)
        .values({ ...refund, updatedAt: refund.createdAt })
        .returning();
      if (!row) throw new Error('insert returned no refund');
      return row;
    },

    /** Counts an attempt before the provider is called: a crash after the call still shows it. */
    async countAttempt(q: Queryable, id: string, now: Date): Promise<void> {
      await q
        .update(refunds)
        .set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: now })
        .where(eq(refunds.id, id));
    },

    async recordError(q: Queryable, id: string, message: string, now: Date): Promise<void> {
      await q.update(refunds).set({ lastError: message, updatedAt: now }).where(eq(refunds.id, id));
    },

    /** The provider's id and state of a refund still waiting for one. */
    async recordProviderRefund(
      q: Queryable,
      id: string,
      result: { providerRefundId: string | null; status: 'pending' | 'processed' | 'failed' },
      now: Date,
    ): Promise<void> {
      await q
        .update(refunds)
        .set({
          providerRefundId: result.providerRefundId,
          status: result.status,
          providerStatus: result.status,
          lastError: null,
          updatedAt: now,
          ...(result.status === 'processed' ? { processedAt: now } : {}),
        })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },

    /** Provider refund ids already matched to one of our refunds of this payment. */
    async claimedProviderIds(q: Queryable, reference: string): Promise<Set<string>> {
      const rows = await q
        .select({ id: refunds.providerRefundId })
        .from(refunds)
        .where(and(eq(refunds.paymentReference, reference), isNotNull(refunds.providerRefundId)));
      return new Set(rows.map((r) => r.id ?? ''));
    },

    /**
     * The refund a provider's event is about: by the provider's id when the event carries it,
     * otherwise our oldest refund of that payment and amount still pending (then any, for a replay).
     */
    async lockForEvent(
      q: Queryable,
      event: { provider: string; providerRefundId: string | null; reference: string; amountKobo: number },
    ): Promise<RefundRow | null> {
      if (event.providerRefundId) {
        const [row] = await q
          .select()
          .from(refunds)
          .where(
            and(eq(refunds.provider, event.provider), eq(refunds.providerRefundId, event.providerRefundId)),
          )
          .for('update');
        if (row) return row;
      }
      const [row] = await q
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.provider, event.provider),
            eq(refunds.paymentReference, event.reference),
            eq(refunds.amountKobo, event.amountKobo),
          ),
        )
        .orderBy(sql`${refunds.status} <> 'pending'`, asc(refunds.createdAt))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    async settle(
      q: Queryable,
      id: string,
      outcome: { status: 'processed' | 'failed'; providerStatus: string },
      now: Date,
    ): Promise<void> {
      await q
        .update(refunds)
        .set({
          ...outcome,
          updatedAt: now,
          ...(outcome.status === 'processed' ? { processedAt: now } : {}),
        })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },

    async noteProviderStatus(q: Queryable, id: string, providerStatus: string, now: Date): Promise<void> {
      await q
        .update(refunds)
        .set({ providerStatus, updatedAt: now })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },

    async ofReturns(q: Queryable, returnIds: string[]): Promise<RefundRow[]> {
      if (returnIds.length === 0) return [];
      return q.select().from(refunds).where(inArray(refunds.returnId, returnIds));
    },
  };
}
export type RefundsRepository = ReturnType<typeof refundsRepository>;
