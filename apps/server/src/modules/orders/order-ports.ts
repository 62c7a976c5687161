import type { Queryable } from '@/lib/queryable.ts';

/**
 * What the orders module needs from the others and offers them (issue 14). Each side is passed in
 * at app build (app.ts), so no module imports another's internals and tests pass real parts.
 */

export type VariantChoice = { name: string; value: string };

/** Products: stock held for an order line, in the caller's transaction (the product row locked). */
export type StockPort = {
  /**
   * Takes `quantity` units of a product (or of one variant combination) out of stock and answers
   * what the line copies in: the price now, the name and a photo. Refuses with a ConflictError
   * ("Sold out" / "Only 2 left") when there are not enough, so no two checkouts oversell.
   */
  reserve(
    q: Queryable,
    item: { sellerId: string; productId: string; variant: VariantChoice[]; quantity: number },
  ): Promise<{
    unitPriceKobo: number;
    productName: string;
    productImage: string | null;
    /** Pushes the stock notifications (low_stock) stored in `q`; call it once `q` has committed. */
    afterCommit?: () => void;
  }>;
  /**
   * Puts units back (an unpaid order cancelled or expired). A deleted product is skipped. May
   * answer an `afterCommit` that pushes the back_in_stock notification it stored.
   */
  release(
    q: Queryable,
    item: { productId: string; variant: VariantChoice[]; quantity: number },
  ): Promise<void | { afterCommit?: () => void }>;
};

/** Payments: starts an online payment for an order; the provider's confirmation comes back later. */
export type PaymentsPort = {
  start(
    q: Queryable,
    payment: { orderId: string; amountKobo: number; email: string; callbackUrl: string },
  ): Promise<{ reference: string; authorizationUrl: string }>;
  /** Asks the provider about a reference now (the buyer came back from its page); settles it if paid. */
  verify(reference: string): Promise<void>;
};

/**
 * Orders: a payment the provider confirmed, once per reference, inside the transaction that marks
 * the payment settled. `paidKobo` is what the provider says was paid; a mismatch leaves the order
 * unpaid (and is logged on its timeline).
 */
export type PaymentSucceeded = (
  q: Queryable,
  payment: { orderId: string; reference: string; provider: string; paidKobo: number },
) => Promise<void>;

/** Orders: a carrier's tracking update moves a shipped order along. */
export type TrackingUpdate = (
  q: Queryable,
  update: { orderId: string; status: 'in_transit' | 'delivered'; at: Date; detail?: string },
) => Promise<void>;

/** Orders: an auction win, recorded in the auction close's transaction; wins of one show bundle per buyer. */
export type RecordAuctionWin = (
  q: Queryable,
  win: {
    sellerId: string;
    buyerId: string;
    streamId: string;
    streamProductId: string;
    productId: string | null;
    productName: string;
    productImage: string | null;
    variant: VariantChoice[];
    amountKobo: number;
    now: Date;
  },
) => Promise<{ orderId: string }>;

/** What happens to an order; the order machine (order-machine.ts) decides what each does in each state. */
export type OrderMachineEvent =
  | { type: 'pay_on_delivery_chosen' }
  | { type: 'payment_succeeded'; reference: string; paidKobo: number }
  | { type: 'ready_for_pickup' }
  | { type: 'ship'; carrier: string; trackingNumber?: string }
  | { type: 'in_transit'; detail?: string }
  | { type: 'delivered' }
  | { type: 'picked_up' }
  | { type: 'payment_collected' }
  | { type: 'cancel'; reason: string }
  | { type: 'payment_window_closed' }
  /** Money given back to the buyer through the provider (issue 15); `full`: nothing is left to refund. */
  | { type: 'refunded'; amountKobo: number; full: boolean };

export type OrderActor = 'seller' | 'buyer' | 'system' | 'carrier';

/**
 * The one way an order's state changes: locks the row, runs the machine, writes the new state, one
 * timeline event, the notification and the effects (stock, jobs), all in the caller's transaction.
 * Refuses an event the state does not allow with a ConflictError naming why.
 */
export type ApplyOrderEvent = (
  q: Queryable,
  orderId: string,
  event: OrderMachineEvent,
  actor: OrderActor,
) => Promise<void>;

/**
 * Money an order took and will not keep (the machine's `refundDue`: a paid order cancelled, a
 * payment for a cancelled order, a second payment): the orders module adds this job in the
 * transition's transaction, and the refunds side (modules/payments/refunds.service.ts) refunds it
 * in full. `reference`: the payment to give back; null means the order's settled payment.
 */
export const REFUND_DUE_TASK = 'payments.refund-due';
export type RefundDue = {
  orderId: string;
  amountKobo: number;
  reason: string;
  reference: string | null;
};

/**
 * Orders (issue 21): a giveaway's winner gets an order of their own, the items at ₦0, in the draw's
 * transaction. `deliveryFree`: the seller pays the delivery, so checkout charges none.
 */
export type RecordGiveawayWin = (
  q: Queryable,
  win: {
    sellerId: string;
    buyerId: string;
    streamId: string;
    giveawayId: string;
    productId: string | null;
    productName: string;
    productImage: string | null;
    variant: VariantChoice[];
    quantity: number;
    deliveryFree: boolean;
    now: Date;
  },
) => Promise<{ orderId: string }>;
