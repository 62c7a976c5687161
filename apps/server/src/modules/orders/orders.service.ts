import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OrderRow } from '@/db/schema/orders.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { ConflictError, HttpError, NotFoundError } from '@/lib/errors.ts';
import { nairaText } from '@/lib/naira.ts';
import { afterCommit, type Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import { addBusinessDays } from '@/modules/orders/business-days.ts';
import { type OrderLedger, postOrderMoney } from '@/modules/orders/order-ledger.ts';
import {
  type OrderEffect,
  type OrderJob,
  type Transition,
  type TransitionFacts,
  transition,
} from '@/modules/orders/order-machine.ts';
import {
  paymentMismatchNotice,
  type SellerNotice,
  transitionNotice,
} from '@/modules/orders/order-notices.ts';
import {
  type ApplyOrderEvent,
  type OrderActor,
  type OrderMachineEvent,
  type PaymentSucceeded,
  REFUND_DUE_TASK,
  type RefundDue,
  type StockPort,
  type TrackingUpdate,
} from '@/modules/orders/order-ports.ts';
import type { NewOrderRow, OrdersRepository } from '@/modules/orders/orders.repository.ts';

export const PAYMENT_WINDOW_TASK = 'order.payment-window';
export const SHIP_REMINDER_TASK = 'order.ship-reminder';
export const PAYMENT_REMINDER_TASK = 'order.payment-reminder';

/** The job keys of an order's deadlines (`order:<id>:payment-window`): adding again moves one. */
export const orderJobKeys = (orderId: string, job: OrderJob): string[] =>
  job === 'payment-reminder'
    ? [`order:${orderId}:payment-reminder:half`, `order:${orderId}:payment-reminder:last`]
    : [`order:${orderId}:${job}`];

/**
 * Notifications stored in a transaction are pushed to the seller's dashboards after it commits.
 * A service that owns the transaction runs them after the commit; the ports, which run inside a
 * caller's transaction, push as soon as their writes are done (docs/orders.md).
 */
export type AfterCommit = Array<() => void>;
export const runAll = (after: AfterCommit) => {
  for (const fn of after) fn();
};
/** The ports' pushes: after the caller's transaction commits, so a screen refetching on a push reads the change. */
export const runAfterCommit = (q: Queryable, after: AfterCommit) => {
  for (const fn of after) afterCommit(q, fn);
};

export type OrdersDeps = {
  repo: OrdersRepository;
  clock: Clock;
  stock: StockPort;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'createInTransaction'>;
  /** E-mails a buyer as part of `q`'s unit (the queued mailer's `sendIn` once it is wired). */
  sendMail: (q: Queryable, mail: Mail) => Promise<void>;
  /** Where buyers reach the web app (payment links). */
  publicUrl: string;
  /** The ledger (issue 15): a paid order's sale, a pay-on-delivery order's cash, the hand-over. */
  ledger: OrderLedger;
};

/** The row changes that come with each accepted event, beside the two status axes. */
function rowChanges(order: OrderRow, event: OrderMachineEvent, to: Transition & { ok: true }, now: Date) {
  // The machine's own fields only: its state is the whole row spread (order passed in as is), and a
  // row read back carries columns the database keeps itself (list_tab is generated).
  const { paymentStatus, fulfilmentStatus, paymentMethod, deliveryMethod } = to.state;
  const changes: Partial<NewOrderRow> = {
    paymentStatus,
    fulfilmentStatus,
    paymentMethod,
    deliveryMethod,
    updatedAt: now,
  };
  switch (event.type) {
    case 'payment_succeeded':
      if (order.paidAt === null) changes.paidAt = now;
      if (to.state.fulfilmentStatus !== 'cancelled') {
        changes.cancelReason = null;
        changes.cancelledAt = null;
      }
      break;
    case 'ship':
      changes.carrier = event.carrier;
      changes.trackingNumber = event.trackingNumber ?? null;
      changes.shippedAt = now;
      break;
    case 'ready_for_pickup':
      // Six digits the buyer shows at the counter (the buyer's order page shows them).
      if (!order.pickupCode) changes.pickupCode = String(randomInt(0, 1_000_000)).padStart(6, '0');
      break;
    case 'delivered':
    case 'picked_up':
      changes.deliveredAt = now;
      break;
    case 'cancel':
      changes.cancelReason = event.reason;
      changes.cancelledAt = now;
      break;
    case 'payment_window_closed':
      changes.cancelReason = 'Not paid within the payment window';
      changes.cancelledAt = now;
      break;
  }
  return changes;
}

/** The money a `refundDue` gives back: what the event paid, or the whole order when it is cancelled. */
export function refundDueOf(order: OrderRow, event: OrderMachineEvent, reason: string): RefundDue {
  return event.type === 'payment_succeeded'
    ? { orderId: order.id, amountKobo: event.paidKobo, reason, reference: event.reference }
    : { orderId: order.id, amountKobo: order.totalKobo, reason, reference: null };
}

/** One refund job per order, reason and payment: a replayed transition queues it once. */
export const refundDueJobKey = (due: RefundDue) =>
  `order:${due.orderId}:refund-due:${due.reason}:${due.reference ?? 'settled'}`;

export function ordersCore(deps: OrdersDeps) {
  const { repo, clock, stock, jobs } = deps;

  async function queueRefund(q: Queryable, due: RefundDue) {
    if (due.amountKobo <= 0) return;
    await jobs.add(q, REFUND_DUE_TASK, due, { jobKey: refundDueJobKey(due), jobKeyMode: 'preserve_run_at' });
  }

  async function notify(q: Queryable, order: OrderRow, notice: SellerNotice, after: AfterCommit) {
    const staged = await deps.notifications.createInTransaction(q, order.sellerId, {
      ...notice,
      data: { orderId: order.id },
    });
    after.push(staged.push);
  }

  async function releaseStock(q: Queryable, orderId: string, after: AfterCommit) {
    for (const line of await repo.lines(q, orderId)) {
      if (line.productId) {
        // back_in_stock, stored by the products module in `q`, is pushed with the order's notices.
        const released = await stock.release(q, {
          productId: line.productId,
          variant: line.variant,
          quantity: line.quantity,
        });
        if (released?.afterCommit) after.push(released.afterCommit);
      }
    }
  }

  /**
   * A payment for an order its window cancelled: takes every line's stock again, all or nothing
   * (a savepoint undoes a partial take). Only an order the window closed can reopen: one the
   * seller cancelled, or whose items went to a second-chance bidder, stays cancelled.
   */
  async function retakeStock(q: Queryable, order: OrderRow, after: AfterCommit): Promise<boolean> {
    if (!(await repo.hasEvent(q, order.id, 'expired'))) return false;
    if (await repo.hasEvent(q, order.id, 'second_chance_offered')) return false;
    const lines = await repo.lines(q, order.id);
    await q.execute(sql`savepoint retake_stock`);
    // Pushed only if every take holds: a rolled-back take's low_stock was never stored.
    const pushes: AfterCommit = [];
    try {
      for (const line of lines) {
        if (!line.productId) continue;
        const taken = await stock.reserve(q, {
          sellerId: order.sellerId,
          productId: line.productId,
          variant: line.variant,
          quantity: line.quantity,
        });
        if (taken.afterCommit) pushes.push(taken.afterCommit);
      }
      await q.execute(sql`release savepoint retake_stock`);
      after.push(...pushes);
      return true;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      await q.execute(sql`rollback to savepoint retake_stock`);
      return false;
    }
  }

  async function applyEffects(
    q: Queryable,
    order: OrderRow,
    event: OrderMachineEvent,
    to: Transition & { ok: true },
    after: AfterCommit,
  ) {
    const now = clock.now();
    const effects: OrderEffect[] = to.effects;
    for (const effect of effects) {
      switch (effect.type) {
        case 'releaseStock':
          await releaseStock(q, order.id, after);
          break;
        case 'removeJob':
          for (const key of orderJobKeys(order.id, effect.job)) await jobs.remove(q, key);
          break;
        case 'addJob':
          await jobs.add(
            q,
            SHIP_REMINDER_TASK,
            { orderId: order.id },
            {
              runAt: addBusinessDays(now, effect.businessDays),
              jobKey: orderJobKeys(order.id, 'ship-reminder')[0],
            },
          );
          break;
        case 'notify': {
          const buyer = await repo.buyerContact(q, order.buyerId);
          const notice = transitionNotice(
            effect.notification,
            order,
            event,
            to.timeline,
            buyer?.name ?? 'The buyer',
          );
          await notify(q, order, notice, after);
          break;
        }
        case 'refundDue':
          // Also recorded on the transition's timeline entry (its data); the refund runs as a job
          // after this commits, so the order's change never waits on the payment provider.
          await queueRefund(q, refundDueOf(order, event, effect.reason));
          break;
      }
    }
  }

  /**
   * One event on an order already locked by the caller: the machine decides, then the row, one
   * timeline entry, the notification and the effects are written in `q`. Answers the order as it
   * is now; throws a ConflictError when the machine refuses.
   */
  async function applyLocked(
    q: Queryable,
    order: OrderRow,
    event: OrderMachineEvent,
    actor: OrderActor,
    after: AfterCommit,
    facts: TransitionFacts = {},
  ): Promise<OrderRow> {
    const result = transition(order, event, facts);
    if (!result.ok) throw new ConflictError(result.message);
    const now = clock.now();
    const changes = rowChanges(order, event, result, now);
    await repo.updateOrder(q, order.id, changes);
    const updated: OrderRow = { ...order, ...changes } as OrderRow;
    const refund = result.effects.find((e) => e.type === 'refundDue');
    await repo.insertEvent(q, {
      orderId: order.id,
      type: result.timeline.type,
      actor,
      message: result.timeline.message,
      data: {
        ...(event.type === 'payment_succeeded'
          ? { reference: event.reference, paidKobo: event.paidKobo }
          : {}),
        ...(refund ? { refundDue: { amountKobo: order.totalKobo, reason: refund.reason } } : {}),
      },
      createdAt: now,
    });
    await applyEffects(q, updated, event, result, after);
    await postOrderMoney(deps, q, { before: order, after: updated, event, now });
    return updated;
  }

  /**
   * A provider's confirmed payment on a locked order. An amount that is not the total is refused:
   * the order stays as it is, a `payment_mismatch` entry and a notice say so, nothing is thrown
   * (the caller's transaction, which settles the payment attempt, must commit). A payment the
   * state cannot take is kept on the timeline as a refund due, for the same reason.
   */
  async function paymentLocked(
    q: Queryable,
    order: OrderRow,
    payment: { reference: string; provider: string; paidKobo: number },
    after: AfterCommit,
  ): Promise<OrderRow> {
    const now = clock.now();
    const event: OrderMachineEvent = {
      type: 'payment_succeeded',
      reference: payment.reference,
      paidKobo: payment.paidKobo,
    };
    if (payment.paidKobo !== order.totalKobo) {
      await repo.insertEvent(q, {
        orderId: order.id,
        type: 'payment_mismatch',
        actor: 'system',
        message: `A payment of ${nairaText(payment.paidKobo)} does not match the total of ${nairaText(order.totalKobo)}; the order stays unpaid`,
        data: { reference: payment.reference, provider: payment.provider, paidKobo: payment.paidKobo },
        createdAt: now,
      });
      await notify(q, order, paymentMismatchNotice(order, payment.paidKobo), after);
      return order;
    }
    const late = order.fulfilmentStatus === 'cancelled' && order.paymentStatus === 'awaiting_payment';
    const facts: TransitionFacts = late ? { lateStockTaken: await retakeStock(q, order, after) } : {};
    if (!transition(order, event, facts).ok) {
      await repo.insertEvent(q, {
        orderId: order.id,
        type: 'refund_due',
        actor: 'system',
        message: 'A payment arrived that this order cannot take; it is due back to the buyer',
        data: {
          reference: payment.reference,
          refundDue: { amountKobo: payment.paidKobo, reason: 'not_payable' },
        },
        createdAt: now,
      });
      await queueRefund(q, refundDueOf(order, event, 'not_payable'));
      return order;
    }
    return applyLocked(q, order, event, 'system', after, facts);
  }

  async function lockOrThrow(q: Queryable, orderId: string): Promise<OrderRow> {
    const order = await repo.lockOrder(q, orderId);
    if (!order) throw new NotFoundError('Order');
    return order;
  }

  const applyOrderEvent: ApplyOrderEvent = async (q, orderId, event, actor) => {
    const after: AfterCommit = [];
    const order = await lockOrThrow(q, orderId);
    if (event.type === 'payment_succeeded') {
      await paymentLocked(q, order, { ...event, provider: 'unknown' }, after);
    } else {
      await applyLocked(q, order, event, actor, after);
    }
    runAfterCommit(q, after);
  };

  const paymentSucceeded: PaymentSucceeded = async (q, payment) => {
    const after: AfterCommit = [];
    await paymentLocked(q, await lockOrThrow(q, payment.orderId), payment, after);
    runAfterCommit(q, after);
  };

  /** A carrier's update: a step already taken (a repeated webhook) is not an error, only nothing. */
  const trackingUpdate: TrackingUpdate = async (q, update) => {
    const after: AfterCommit = [];
    const order = await lockOrThrow(q, update.orderId);
    const event: OrderMachineEvent =
      update.status === 'in_transit'
        ? { type: 'in_transit', ...(update.detail ? { detail: update.detail } : {}) }
        : { type: 'delivered' };
    if (transition(order, event).ok) await applyLocked(q, order, event, 'carrier', after);
    runAfterCommit(q, after);
  };

  return {
    applyLocked,
    paymentLocked,
    applyOrderEvent,
    paymentSucceeded,
    trackingUpdate,
    notify,
    lockOrThrow,
  };
}
export type OrdersCore = ReturnType<typeof ordersCore>;
