import type {
  FulfilmentStatus,
  OrderSort,
  OrderTab,
  PaymentMethod,
  PaymentStatus,
  SellerOrderAction,
  VariantChoice,
} from '@kasuwa/contracts';

/*
 * The contract's words for tabs and statuses, copied here because its value exports live beside
 * zod schemas and would pull zod into the list's chunk (as products-api.ts does for its labels).
 * order-labels.test.ts checks every copy equals the contract's, so they cannot drift.
 */

export const ORDER_TABS: readonly OrderTab[] = [
  'to_pay',
  'to_ship',
  'shipped',
  'delivered',
  'cancelled',
  'all',
];
export const ORDER_TAB_TEXT: Record<OrderTab, string> = {
  to_pay: 'To pay',
  to_ship: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  all: 'All',
};

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  pay_on_delivery_pending: 'Pay on delivery',
  pay_on_delivery_collected: 'Paid on delivery',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

export const FULFILMENT_STATUS_TEXT: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Unfulfilled',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  in_transit: 'In transit',
  delivered: 'Delivered',
  picked_up: 'Picked up',
  cancelled: 'Cancelled',
};

export const PAYMENT_METHOD_TEXT: Record<PaymentMethod, string> = {
  online: 'Paid online',
  pay_on_delivery: 'Pay on delivery',
};

export const ORDER_SORTS: readonly OrderSort[] = ['newest', 'oldest', 'total_desc', 'total_asc'];
export const ORDER_SORT_TEXT: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Total: high to low',
  total_asc: 'Total: low to high',
};

/** The button words of each action the server may allow. */
export const ACTION_TEXT: Record<SellerOrderAction, string> = {
  ready_for_pickup: 'Mark ready for pickup',
  ship: 'Ship',
  in_transit: 'Mark in transit',
  delivered: 'Mark delivered',
  picked_up: 'Confirm pickup',
  collect_payment: 'Payment collected',
  cancel: 'Cancel order',
  second_chance: 'Offer to runner-up',
};

/** The contract's `variantLabel`: 'Red / XL'. */
export const variantText = (variant: readonly VariantChoice[]) => variant.map((v) => v.value).join(' / ');

/** What each tab says when it has no orders: what the seller can do, or what will land there. */
export const EMPTY_TAB_TEXT: Record<OrderTab, { title: string; hint: string }> = {
  to_pay: {
    title: 'No orders waiting for payment.',
    hint: 'Auction wins and Buy now orders wait here until the buyer pays.',
  },
  to_ship: { title: 'Nothing to ship.', hint: 'Paid orders appear here.' },
  shipped: {
    title: 'No orders on their way.',
    hint: 'Orders you ship or set out for pickup appear here until they arrive.',
  },
  delivered: { title: 'No delivered orders yet.', hint: 'Orders move here once the buyer has them.' },
  cancelled: { title: 'No cancelled orders.', hint: 'Orders that are cancelled or never paid appear here.' },
  all: {
    title: 'No orders yet.',
    hint: 'Go live or share your products: every auction win and Buy now becomes an order here.',
  },
};

const badgeBase =
  'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset';
const tone = {
  wait: `${badgeBase} bg-amber-50 text-amber-900 ring-amber-300`,
  good: `${badgeBase} bg-brand-50 text-brand-800 ring-brand-200`,
  info: `${badgeBase} bg-sky-50 text-sky-900 ring-sky-200`,
  muted: `${badgeBase} bg-zinc-100 text-zinc-700 ring-zinc-300`,
  bad: `${badgeBase} bg-danger-50 text-danger-700 ring-red-200`,
};

/** Each status's badge classes, computed once: a page of orders draws two badges a row. */
export const paymentBadgeClasses: Record<PaymentStatus, string> = {
  awaiting_payment: tone.wait,
  paid: tone.good,
  pay_on_delivery_pending: tone.info,
  pay_on_delivery_collected: tone.good,
  refunded: tone.muted,
  partially_refunded: tone.muted,
};
export const fulfilmentBadgeClasses: Record<FulfilmentStatus, string> = {
  unfulfilled: tone.wait,
  ready_for_pickup: tone.info,
  shipped: tone.info,
  in_transit: tone.info,
  delivered: tone.good,
  picked_up: tone.good,
  cancelled: tone.bad,
};
