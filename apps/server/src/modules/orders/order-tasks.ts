import { formatOrderNumber } from '@kasuwa/contracts';
import { z } from 'zod';
import type { TaskList } from '@/jobs/job-queue.ts';
import { nairaText } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { addBusinessDays } from '@/modules/orders/business-days.ts';
import { SHIP_REMINDER_BUSINESS_DAYS } from '@/modules/orders/order-machine.ts';
import {
  checkoutLink,
  expiredMail,
  paymentReminderMail,
  shipReminderNotice,
} from '@/modules/orders/order-notices.ts';
import {
  type AfterCommit,
  type OrdersCore,
  type OrdersDeps,
  PAYMENT_REMINDER_TASK,
  PAYMENT_WINDOW_TASK,
  runAll,
  SHIP_REMINDER_TASK,
} from '@/modules/orders/orders.service.ts';

const orderPayload = z.object({ orderId: z.uuid() });

/** issue 16: an unpaid win's payment reminder also waits in the buyer's Updates inbox (same transaction). */
export type PaymentReminderInbox = (
  q: Queryable,
  notice: {
    orderId: string;
    orderNumber: string;
    buyerId: string;
    sellerId: string;
    kind: 'half' | 'last';
    totalText: string;
    dueAt: Date;
  },
) => Promise<void>;
const reminderPayload = orderPayload.extend({ kind: z.enum(['half', 'last']) });

/**
 * The orders module's background tasks. Each runs in one transaction holding the order's row, reads
 * the injected clock, and does nothing when its work is done or not due: a job may run twice, late,
 * or after the order moved on (paid, shipped, cancelled by the seller).
 */
export function orderTasks(
  deps: OrdersDeps & { core: OrdersCore; paymentReminderInbox?: PaymentReminderInbox },
): TaskList {
  const { repo, clock, core } = deps;

  const unpaidOnline = (o: {
    paymentStatus: string;
    fulfilmentStatus: string;
    paymentMethod: string | null;
  }) =>
    o.paymentStatus === 'awaiting_payment' &&
    o.fulfilmentStatus === 'unfulfilled' &&
    o.paymentMethod !== 'pay_on_delivery';

  return {
    /** Cancels an order still unpaid when its window closes, puts its stock back and tells both sides. */
    [PAYMENT_WINDOW_TASK]: async (payload) => {
      const { orderId } = orderPayload.parse(payload);
      const after: AfterCommit = [];
      await repo.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (!order || !unpaidOnline(order)) return;
        if (!order.paymentDueAt || order.paymentDueAt.getTime() > clock.now().getTime()) return;
        const cancelled = await core.applyLocked(
          tx,
          order,
          { type: 'payment_window_closed' },
          'system',
          after,
        );
        const buyer = await repo.buyerContact(tx, order.buyerId);
        if (buyer)
          await deps.sendMail(tx, expiredMail(buyer, cancelled, await repo.storeName(tx, order.sellerId)));
      });
      runAll(after);
    },

    /** Nudges the seller once about a paid (or pay-on-delivery) order not sent 2 business days on. */
    [SHIP_REMINDER_TASK]: async (payload) => {
      const { orderId } = orderPayload.parse(payload);
      const after: AfterCommit = [];
      await repo.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (order?.fulfilmentStatus !== 'unfulfilled') return;
        const payable = order.paymentStatus === 'paid' || order.paymentStatus.startsWith('pay_on_delivery');
        if (!payable) return;
        if (order.paidAt && addBusinessDays(order.paidAt, SHIP_REMINDER_BUSINESS_DAYS) > clock.now()) return;
        if (await repo.hasEvent(tx, order.id, 'ship_reminder')) return;
        const buyer = await repo.buyerContact(tx, order.buyerId);
        await repo.insertEvent(tx, {
          orderId: order.id,
          type: 'ship_reminder',
          actor: 'system',
          message: 'Not shipped within 2 business days: the seller was reminded',
          createdAt: clock.now(),
        });
        await core.notify(tx, order, shipReminderNotice(order, buyer?.name ?? 'the buyer'), after);
      });
      runAll(after);
    },

    /** E-mails the buyer of an unpaid auction win a payment link: half way, and 2 hours before the end. */
    [PAYMENT_REMINDER_TASK]: async (payload) => {
      const { orderId, kind } = reminderPayload.parse(payload);
      await repo.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (!order || !unpaidOnline(order) || !order.paymentDueAt) return;
        if (order.paymentDueAt.getTime() <= clock.now().getTime()) return;
        if (await repo.hasEvent(tx, order.id, 'payment_reminder', { kind })) return;
        const buyer = await repo.buyerContact(tx, order.buyerId);
        if (!buyer) return;
        await repo.insertEvent(tx, {
          orderId: order.id,
          type: 'payment_reminder',
          actor: 'system',
          message: 'Payment reminder e-mailed to the buyer',
          data: { kind },
          createdAt: clock.now(),
        });
        const link = checkoutLink(deps.publicUrl, order.id);
        const storeName = await repo.storeName(tx, order.sellerId);
        await deps.sendMail(tx, paymentReminderMail(buyer, order, storeName, link, order.paymentDueAt));
        await deps.paymentReminderInbox?.(tx, {
          orderId: order.id,
          orderNumber: formatOrderNumber(order.number),
          buyerId: order.buyerId,
          sellerId: order.sellerId,
          kind,
          totalText: nairaText(order.totalKobo),
          dueAt: order.paymentDueAt,
        });
      });
    },
  };
}
