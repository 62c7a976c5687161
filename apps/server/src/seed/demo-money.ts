import type { Database } from '@/db/client.ts';
import type { OrderRow } from '@/db/schema/orders.ts';
import { pgJobQueue } from '@/jobs/job-queue.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { ledgerRepository } from '@/modules/ledger/ledger.repository.ts';
import { ledgerService } from '@/modules/ledger/ledger.service.ts';
import { DEFAULT_COMMISSION_BPS } from '@/modules/ledger/ledger-fees.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo seller's return window: the Kasuwa policy's 7 days. */
const DEMO_RETURN_WINDOW_DAYS = 7;

type DemoOrder = Pick<
  OrderRow,
  | 'id'
  | 'sellerId'
  | 'paymentStatus'
  | 'fulfilmentStatus'
  | 'paymentMethod'
  | 'totalKobo'
  | 'paidAt'
  | 'deliveredAt'
  | 'cancelledAt'
>;

/**
 * The demo orders' money, posted through the real ledger in the order it happened, so the Earnings
 * screen of a fresh `npm start` shows what a seller's would: sales paid online (pending until their
 * return window has passed, one of them released), cash collected at the door with its commission,
 * and the refund of a paid order the seller cancelled. The wallet balance follows from it.
 */
export async function postDemoMoney(
  db: Database,
  q: Queryable,
  demo: { orders: DemoOrder[]; now: Date; commissionBps?: number },
): Promise<void> {
  let current = demo.now;
  const clock = { now: () => current };
  const ledger = ledgerService({
    repo: ledgerRepository(db),
    clock,
    jobs: pgJobQueue(clock),
    commissionBps: demo.commissionBps ?? DEFAULT_COMMISSION_BPS,
  });
  const steps: Array<{ at: Date; run: () => Promise<unknown> }> = [];
  for (const o of demo.orders) {
    const base = { orderId: o.id, sellerId: o.sellerId };
    if (o.paymentMethod === 'online' && o.paymentStatus === 'paid' && o.paidAt) {
      const paidAt = o.paidAt;
      steps.push({
        at: paidAt,
        run: () =>
          ledger.port.orderPaid(q, {
            ...base,
            amountKobo: o.totalKobo,
            paymentReference: `demo-${o.id}`,
            at: paidAt,
          }),
      });
    }
    if (o.paymentStatus === 'pay_on_delivery_collected' && o.deliveredAt) {
      const at = o.deliveredAt;
      steps.push({ at, run: () => ledger.port.cashCollected(q, { ...base, amountKobo: o.totalKobo, at }) });
    }
    if ((o.fulfilmentStatus === 'delivered' || o.fulfilmentStatus === 'picked_up') && o.deliveredAt) {
      const at = o.deliveredAt;
      steps.push({
        at,
        run: () => ledger.port.orderHandedOver(q, { ...base, at, returnWindowDays: DEMO_RETURN_WINDOW_DAYS }),
      });
      const releaseAt = new Date(at.getTime() + DEMO_RETURN_WINDOW_DAYS * DAY_MS);
      if (releaseAt <= demo.now) steps.push({ at: releaseAt, run: () => ledger.releaseOrder(q, o.id) });
    }
    if (o.fulfilmentStatus === 'cancelled' && o.paymentStatus === 'paid' && o.cancelledAt) {
      const at = o.cancelledAt;
      steps.push({
        at,
        run: () =>
          ledger.port.refund(q, {
            ...base,
            key: `refund:cancelled:${o.id}`,
            amountKobo: o.totalKobo,
            reason: 'Cancelled by the seller after payment',
            at,
          }),
      });
    }
  }
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) {
    current = step.at;
    await step.run();
  }
}
