import type {
  DeliveryMethod,
  FulfilmentStatus,
  NotificationType,
  PaymentMethod,
  PaymentStatus,
  SellerOrderAction,
} from '@kasuwa/contracts';
import { nairaText } from '@/lib/naira.ts';
import type { OrderMachineEvent } from '@/modules/orders/order-ports.ts';

/**
 * The order machine (docs/orders.md): what each event does to an order in each state. Pure — no
 * clock, no database — so the rules are tested exhaustively (order-machine.property.test.ts) and
 * the service (orders.service.ts) only carries out what it answers.
 */

export type OrderMachineState = {
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  paymentMethod: PaymentMethod | null;
  deliveryMethod: DeliveryMethod | null;
};

/** Deadlines the machine starts or stops; the service turns them into job keys of the order. */
export type OrderJob = 'payment-window' | 'payment-reminder' | 'ship-reminder';

/** What the service must do besides writing the new state and the timeline entry. */
export type OrderEffect =
  | { type: 'notify'; notification: NotificationType }
  | { type: 'releaseStock' }
  | { type: 'removeJob'; job: OrderJob }
  /** The ship reminder: due `businessDays` Nigerian business days from now. */
  | { type: 'addJob'; job: 'ship-reminder'; businessDays: number }
  /**
   * Money was taken that the order will not keep: the service queues a full refund of it
   * (modules/payments/refunds.service.ts), after the transition commits.
   */
  | { type: 'refundDue'; reason: string };

export type TimelineEntry = { type: string; message: string };

export type Transition =
  | { ok: true; state: OrderMachineState; effects: OrderEffect[]; timeline: TimelineEntry }
  | { ok: false; message: string };

/**
 * What the machine cannot know by itself. `lateStockTaken`: a payment arrived for an order its
 * window cancelled, and the service took every line's stock again (so the order can reopen).
 */
export type TransitionFacts = { lateStockTaken?: boolean };

export const SHIP_REMINDER_BUSINESS_DAYS = 2;

const refuse = (message: string): Transition => ({ ok: false, message });

/** Money the seller holds or will collect at the door: enough to hand the goods over. */
const mayFulfil = (s: OrderMachineState) =>
  s.paymentStatus === 'paid' ||
  s.paymentStatus === 'pay_on_delivery_pending' ||
  s.paymentStatus === 'pay_on_delivery_collected';

const notPaidMessage = 'The order is not paid yet';

/** Handing the goods over collects a pay-on-delivery payment at the same time (docs/orders.md). */
const collectOnHandover = (s: OrderMachineState): PaymentStatus =>
  s.paymentStatus === 'pay_on_delivery_pending' ? 'pay_on_delivery_collected' : s.paymentStatus;

const fulfilmentDone = new Set<FulfilmentStatus>(['delivered', 'picked_up']);

function accept(
  state: OrderMachineState,
  changes: Partial<OrderMachineState>,
  timeline: TimelineEntry,
  effects: OrderEffect[],
): Transition {
  return { ok: true, state: { ...state, ...changes }, effects, timeline };
}

export function transition(
  state: OrderMachineState,
  event: OrderMachineEvent,
  facts: TransitionFacts = {},
): Transition {
  const f = state.fulfilmentStatus;
  const p = state.paymentStatus;
  const cancelled = f === 'cancelled';

  switch (event.type) {
    case 'pay_on_delivery_chosen': {
      if (cancelled) return refuse('This order was cancelled');
      if (p !== 'awaiting_payment' || f !== 'unfulfilled') {
        return refuse('Pay on delivery can only be chosen before the order is paid');
      }
      return accept(
        state,
        { paymentStatus: 'pay_on_delivery_pending', paymentMethod: 'pay_on_delivery' },
        { type: 'pay_on_delivery', message: 'The buyer will pay on delivery' },
        [
          { type: 'removeJob', job: 'payment-window' },
          { type: 'removeJob', job: 'payment-reminder' },
          { type: 'addJob', job: 'ship-reminder', businessDays: SHIP_REMINDER_BUSINESS_DAYS },
          { type: 'notify', notification: 'order_status_update' },
        ],
      );
    }

    case 'payment_succeeded': {
      if (p === 'paid' || p === 'pay_on_delivery_collected') {
        // A second charge for the same order: the order stays as it is and the money goes back.
        return accept(
          state,
          {},
          { type: 'refund_due', message: 'A second payment was received for this order; it is due back' },
          [{ type: 'refundDue', reason: 'duplicate_payment' }],
        );
      }
      if (p !== 'awaiting_payment') return refuse('This order is not awaiting an online payment');
      if (cancelled) {
        if (facts.lateStockTaken) {
          return accept(
            state,
            { paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled', paymentMethod: 'online' },
            {
              type: 'reopened',
              message:
                'Paid after the payment window closed; the items were still in stock, so the order is open again',
            },
            [
              { type: 'addJob', job: 'ship-reminder', businessDays: SHIP_REMINDER_BUSINESS_DAYS },
              { type: 'notify', notification: 'order_paid' },
            ],
          );
        }
        return accept(
          state,
          { paymentStatus: 'paid', paymentMethod: 'online' },
          {
            type: 'refund_due',
            message: 'Paid after the order was cancelled; the payment is due back to the buyer',
          },
          [
            { type: 'refundDue', reason: 'paid_after_cancel' },
            { type: 'notify', notification: 'order_status_update' },
          ],
        );
      }
      if (f !== 'unfulfilled') return refuse('This order is not awaiting an online payment');
      return accept(
        state,
        { paymentStatus: 'paid', paymentMethod: 'online' },
        { type: 'paid', message: 'Paid online' },
        [
          { type: 'removeJob', job: 'payment-window' },
          { type: 'removeJob', job: 'payment-reminder' },
          { type: 'addJob', job: 'ship-reminder', businessDays: SHIP_REMINDER_BUSINESS_DAYS },
          { type: 'notify', notification: 'order_paid' },
        ],
      );
    }

    case 'ready_for_pickup': {
      if (cancelled) return refuse('This order was cancelled');
      if (state.deliveryMethod !== 'pickup') return refuse('This order is not for store pickup');
      if (f !== 'unfulfilled')
        return refuse('Only an order not yet handed over can be made ready for pickup');
      if (!mayFulfil(state)) return refuse(notPaidMessage);
      return accept(
        state,
        { fulfilmentStatus: 'ready_for_pickup' },
        { type: 'ready_for_pickup', message: 'Ready for pickup' },
        [
          { type: 'removeJob', job: 'ship-reminder' },
          { type: 'notify', notification: 'order_status_update' },
        ],
      );
    }

    case 'ship': {
      if (cancelled) return refuse('A cancelled order cannot be shipped');
      if (state.deliveryMethod !== 'seller') {
        return refuse(
          state.deliveryMethod === 'pickup'
            ? 'This order is for store pickup'
            : 'The buyer has not chosen delivery yet',
        );
      }
      if (f !== 'unfulfilled') return refuse('This order has already been shipped');
      if (!mayFulfil(state)) return refuse(notPaidMessage);
      const tracking = event.trackingNumber ? `, tracking ${event.trackingNumber}` : '';
      return accept(
        state,
        { fulfilmentStatus: 'shipped' },
        { type: 'shipped', message: `Shipped with ${event.carrier}${tracking}` },
        [
          { type: 'removeJob', job: 'ship-reminder' },
          { type: 'notify', notification: 'order_shipped' },
        ],
      );
    }

    case 'in_transit': {
      if (f !== 'shipped') return refuse('Only a shipped order can be marked in transit');
      return accept(
        state,
        { fulfilmentStatus: 'in_transit' },
        { type: 'in_transit', message: event.detail ? `In transit: ${event.detail}` : 'In transit' },
        [{ type: 'notify', notification: 'order_in_transit' }],
      );
    }

    case 'delivered': {
      if (f !== 'shipped' && f !== 'in_transit')
        return refuse('Only a shipped order can be marked delivered');
      const collected = p === 'pay_on_delivery_pending';
      return accept(
        state,
        { fulfilmentStatus: 'delivered', paymentStatus: collectOnHandover(state) },
        { type: 'delivered', message: collected ? 'Delivered and paid on delivery' : 'Delivered' },
        [{ type: 'notify', notification: 'order_delivered' }],
      );
    }

    case 'picked_up': {
      if (f !== 'ready_for_pickup') return refuse('Only an order ready for pickup can be picked up');
      const collected = p === 'pay_on_delivery_pending';
      return accept(
        state,
        { fulfilmentStatus: 'picked_up', paymentStatus: collectOnHandover(state) },
        { type: 'picked_up', message: collected ? 'Picked up and paid at pickup' : 'Picked up' },
        [{ type: 'notify', notification: 'order_picked_up' }],
      );
    }

    case 'payment_collected': {
      if (cancelled) return refuse('This order was cancelled');
      if (p !== 'pay_on_delivery_pending') return refuse('There is no pay-on-delivery payment to collect');
      return accept(
        state,
        { paymentStatus: 'pay_on_delivery_collected' },
        { type: 'payment_collected', message: 'Payment collected on delivery' },
        [{ type: 'notify', notification: 'order_status_update' }],
      );
    }

    case 'cancel': {
      if (cancelled) return refuse('This order is already cancelled');
      if (f !== 'unfulfilled' && f !== 'ready_for_pickup') {
        return refuse(
          fulfilmentDone.has(f)
            ? 'A completed order cannot be cancelled'
            : 'A shipped order cannot be cancelled',
        );
      }
      const effects: OrderEffect[] = [
        { type: 'releaseStock' },
        { type: 'removeJob', job: 'payment-window' },
        { type: 'removeJob', job: 'payment-reminder' },
        { type: 'removeJob', job: 'ship-reminder' },
      ];
      if (p === 'paid') effects.push({ type: 'refundDue', reason: 'cancelled_after_payment' });
      effects.push({ type: 'notify', notification: 'order_cancelled' });
      return accept(
        state,
        { fulfilmentStatus: 'cancelled' },
        { type: 'cancelled', message: `Cancelled: ${event.reason}` },
        effects,
      );
    }

    case 'refunded': {
      if (p !== 'paid' && p !== 'partially_refunded') return refuse('There is no online payment to refund');
      const amount = nairaText(event.amountKobo);
      return accept(
        state,
        { paymentStatus: event.full ? 'refunded' : 'partially_refunded' },
        event.full
          ? { type: 'refunded', message: `Refunded ${amount} to the buyer; nothing is left to refund` }
          : { type: 'partially_refunded', message: `Refunded ${amount} to the buyer` },
        [],
      );
    }

    case 'payment_window_closed': {
      if (cancelled) return refuse('This order is already cancelled');
      if (p !== 'awaiting_payment' || f !== 'unfulfilled' || state.paymentMethod === 'pay_on_delivery') {
        return refuse('Only an unpaid online order expires');
      }
      return accept(
        state,
        { fulfilmentStatus: 'cancelled' },
        { type: 'expired', message: 'Cancelled: not paid within the payment window' },
        [
          { type: 'releaseStock' },
          { type: 'removeJob', job: 'payment-reminder' },
          { type: 'notify', notification: 'order_cancelled' },
        ],
      );
    }
  }
}

/** One example event per seller action, to ask the machine whether the action is open. */
const ACTION_PROBES: Array<[SellerOrderAction, OrderMachineEvent]> = [
  ['ready_for_pickup', { type: 'ready_for_pickup' }],
  ['ship', { type: 'ship', carrier: 'probe' }],
  ['in_transit', { type: 'in_transit' }],
  ['delivered', { type: 'delivered' }],
  ['picked_up', { type: 'picked_up' }],
  ['collect_payment', { type: 'payment_collected' }],
  ['cancel', { type: 'cancel', reason: 'probe' }],
];

/**
 * The machine's seller actions open in `state`. `second_chance` depends on the order's history and
 * bids, so orders.service.ts adds it.
 */
export function machineActions(state: OrderMachineState): SellerOrderAction[] {
  return ACTION_PROBES.filter(([, event]) => transition(state, event).ok).map(([action]) => action);
}
