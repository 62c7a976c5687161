import { formatOrderNumber, type NotificationType } from '@kasuwa/contracts';
import type { OrderRow } from '@/db/schema/orders.ts';
import { lagosDateTime } from '@/lib/lagos-time.ts';
import { nairaText } from '@/lib/naira.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { TimelineEntry } from '@/modules/orders/order-machine.ts';
import type { OrderMachineEvent } from '@/modules/orders/order-ports.ts';

/**
 * What the seller is told of each change to an order, and what the buyer is e-mailed: the words in
 * one place, so the service only says which notice an effect asks for.
 */

export type SellerNotice = { type: NotificationType; title: string; message: string };

const numberOf = (order: Pick<OrderRow, 'number'>) => formatOrderNumber(order.number);

/** The seller's notification for an accepted transition (`notification` from the machine's effect). */
export function transitionNotice(
  notification: NotificationType,
  order: OrderRow,
  event: OrderMachineEvent,
  timeline: TimelineEntry,
  buyerName: string,
): SellerNotice {
  const n = numberOf(order);
  const total = nairaText(order.totalKobo);
  switch (notification) {
    case 'order_paid':
      return {
        type: notification,
        title: 'Order paid',
        message: `${buyerName} paid ${total} for ${n}. Ship it within 2 business days.`,
      };
    case 'order_shipped':
      return {
        type: notification,
        title: 'Order shipped',
        message: `${n} is on its way to ${buyerName}${event.type === 'ship' ? ` with ${event.carrier}` : ''}.`,
      };
    case 'order_in_transit':
      return {
        type: notification,
        title: 'Order in transit',
        message: `${n} is in transit to ${buyerName}.`,
      };
    case 'order_delivered':
      return {
        type: notification,
        title: 'Order delivered',
        message:
          order.paymentStatus === 'pay_on_delivery_collected'
            ? `${n} was delivered to ${buyerName} and ${total} collected on delivery.`
            : `${n} was delivered to ${buyerName}.`,
      };
    case 'order_picked_up':
      return { type: notification, title: 'Order picked up', message: `${buyerName} picked up ${n}.` };
    case 'order_cancelled':
      return {
        type: notification,
        title: 'Order cancelled',
        message:
          event.type === 'payment_window_closed'
            ? `${n} was cancelled: ${buyerName} did not pay ${total} in time. Its items are back in stock.`
            : `${n} was cancelled: ${event.type === 'cancel' ? event.reason : 'no reason given'}.${
                order.paymentStatus === 'paid' ? ` ${total} is due back to ${buyerName}.` : ''
              }`,
      };
    default:
      return {
        type: notification,
        title: statusTitle(timeline),
        message: statusMessage(order, timeline, buyerName),
      };
  }
}

function statusTitle(timeline: TimelineEntry): string {
  switch (timeline.type) {
    case 'ready_for_pickup':
      return 'Ready for pickup';
    case 'payment_collected':
      return 'Payment collected';
    case 'pay_on_delivery':
      return 'Pay on delivery order';
    case 'refund_due':
      return 'Refund due';
    default:
      return 'Order updated';
  }
}

function statusMessage(order: OrderRow, timeline: TimelineEntry, buyerName: string): string {
  const n = numberOf(order);
  const total = nairaText(order.totalKobo);
  switch (timeline.type) {
    case 'ready_for_pickup':
      return `${n} is ready for ${buyerName} to pick up. Ask for the pickup code when they come.`;
    case 'payment_collected':
      return `${total} was collected on delivery for ${n}.`;
    case 'pay_on_delivery':
      return `${buyerName} will pay ${total} on delivery for ${n}. Ship it within 2 business days.`;
    case 'refund_due':
      return `${buyerName} paid ${total} for ${n} after it was cancelled; it is due back to them.`;
    default:
      return `${n}: ${timeline.message}.`;
  }
}

export const auctionWonNotice = (buyerName: string, itemName: string, amountKobo: number): SellerNotice => ({
  type: 'new_order',
  title: 'Auction won',
  message: `${buyerName} won ${itemName} for ${nairaText(amountKobo)} in your live auction. The order is awaiting payment.`,
});

export const itemAddedNotice = (
  order: OrderRow,
  buyerName: string,
  itemName: string,
  amountKobo: number,
): SellerNotice => ({
  type: 'order_status_update',
  title: 'Auction won',
  message: `${buyerName} also won ${itemName} for ${nairaText(amountKobo)}; it joins their order ${numberOf(order)} (now ${nairaText(order.totalKobo)}).`,
});

export const shipReminderNotice = (order: OrderRow, buyerName: string): SellerNotice => ({
  type: 'order_reminder',
  title: 'Order waiting to ship',
  message: `${numberOf(order)} for ${buyerName} (${nairaText(order.totalKobo)}) is paid and has not been shipped for 2 business days.`,
});

export const paymentMismatchNotice = (order: OrderRow, paidKobo: number): SellerNotice => ({
  type: 'order_status_update',
  title: 'Payment needs attention',
  message: `A payment of ${nairaText(paidKobo)} for ${numberOf(order)} does not match its total of ${nairaText(order.totalKobo)}, so the order stays unpaid.`,
});

// ---- Buyer e-mails ------------------------------------------------------------------------------

type Buyer = { name: string; email: string };

/** Where a buyer pays an auction win (the web's /checkout/:orderId). */
export const checkoutLink = (publicUrl: string, orderId: string) => `${publicUrl}/checkout/${orderId}`;

export function expiredMail(buyer: Buyer, order: OrderRow, storeName: string): Mail {
  const n = numberOf(order);
  return {
    to: buyer.email,
    subject: `Your order ${n} was cancelled`,
    text: `Hello ${buyer.name},\n\nYour order ${n} from ${storeName} (${nairaText(order.totalKobo)}) was cancelled because it was not paid in time. Nothing was charged.\n\nKasuwa`,
  };
}

export function paymentReminderMail(
  buyer: Buyer,
  order: OrderRow,
  storeName: string,
  link: string,
  dueAt: Date,
): Mail {
  const n = numberOf(order);
  const due = lagosDateTime(dueAt);
  return {
    to: buyer.email,
    subject: `Pay for your order ${n} before ${due}`,
    text: `Hello ${buyer.name},\n\nYou won items from ${storeName} (${nairaText(order.totalKobo)}). Pay before ${due} (Lagos time) or the order is cancelled:\n${link}\n\nKasuwa`,
  };
}

export function secondChanceMail(
  buyer: Buyer,
  itemNames: string[],
  amountKobo: number,
  storeName: string,
  link: string,
): Mail {
  return {
    to: buyer.email,
    subject: `A second chance: ${itemNames.join(', ')} can be yours`,
    text: `Hello ${buyer.name},\n\nThe winner of ${itemNames.join(', ')} from ${storeName} did not pay, so it is offered to you at your last bid: ${nairaText(amountKobo)}. Pay here:\n${link}\n\nKasuwa`,
  };
}
