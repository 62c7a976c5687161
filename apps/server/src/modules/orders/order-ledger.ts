import type { OrderRow } from '@/db/schema/orders.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import type { OrderMachineEvent } from '@/modules/orders/order-ports.ts';
import type { OrdersRepository } from '@/modules/orders/orders.repository.ts';

/** What orders post to the ledger (issue 15). */
export type OrderLedger = Pick<LedgerPort, 'orderPaid' | 'cashCollected' | 'orderHandedOver'>;

/**
 * The money side of an accepted transition, in its transaction (issue 15): an online payment
 * settled posts the sale; a pay-on-delivery payment collected (by itself, or with the delivery or
 * pickup) posts the cash; a delivery or pickup starts the seller's return window, after which the
 * money becomes available. The ledger's keys make each happen once per order.
 */
export async function postOrderMoney(
  deps: { ledger: OrderLedger; repo: Pick<OrdersRepository, 'returnWindowDays'> },
  q: Queryable,
  change: { before: OrderRow; after: OrderRow; event: OrderMachineEvent; now: Date },
): Promise<void> {
  const { before, after, event, now } = change;
  if (
    event.type === 'payment_succeeded' &&
    before.paymentStatus !== 'paid' &&
    after.paymentStatus === 'paid'
  ) {
    await deps.ledger.orderPaid(q, {
      orderId: after.id,
      sellerId: after.sellerId,
      amountKobo: event.paidKobo,
      paymentReference: event.reference,
      at: now,
    });
  }
  if (
    before.paymentStatus === 'pay_on_delivery_pending' &&
    after.paymentStatus === 'pay_on_delivery_collected' &&
    after.totalKobo > 0
  ) {
    await deps.ledger.cashCollected(q, {
      orderId: after.id,
      sellerId: after.sellerId,
      amountKobo: after.totalKobo,
      at: now,
    });
  }
  if (event.type === 'delivered' || event.type === 'picked_up') {
    await deps.ledger.orderHandedOver(q, {
      orderId: after.id,
      sellerId: after.sellerId,
      at: now,
      returnWindowDays: await deps.repo.returnWindowDays(q, after.sellerId),
    });
  }
}
