import type {
  ReturnMethod,
  ReturnReason,
  ReturnStatus,
  ReturnTab,
  SellerReturnAction,
  VariantChoice,
} from '@kasuwa/contracts';

/*
 * The contract's words for the Returns Center, copied because its value exports sit beside zod
 * schemas and would pull zod into the list's chunk (as features/orders/order-labels.ts does).
 * return-labels.test.ts checks every copy equals the contract's, so they cannot drift.
 */

export const RETURN_TABS: readonly ReturnTab[] = ['requested', 'in_progress', 'refunded', 'rejected', 'all'];
export const RETURN_TAB_TEXT: Record<ReturnTab, string> = {
  requested: 'Requested',
  in_progress: 'In progress',
  refunded: 'Refunded',
  rejected: 'Rejected',
  all: 'All',
};

export const RETURN_STATUS_TEXT: Record<ReturnStatus, string> = {
  requested: 'Requested',
  info_needed: 'Waiting for the buyer',
  approved: 'Approved',
  in_transit: 'On its way back',
  received: 'Received',
  refunded: 'Refunded',
  rejected: 'Rejected',
  closed: 'Closed',
};

export const RETURN_REASON_TEXT: Record<ReturnReason, string> = {
  damaged: 'Arrived damaged',
  wrong_item: 'Wrong item',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};
export const RETURN_REASONS: readonly ReturnReason[] = [
  'damaged',
  'wrong_item',
  'not_as_described',
  'changed_mind',
];

export const RETURN_METHODS: readonly ReturnMethod[] = ['pickup', 'label', 'drop_off', 'keep_item'];
export const RETURN_METHOD_TEXT: Record<ReturnMethod, string> = {
  pickup: 'Courier pickup',
  label: 'Prepaid return label',
  drop_off: 'Buyer sends it back',
  keep_item: 'Refund without return',
};
/** One line under each method in the approve dialog: what happens next. */
export const RETURN_METHOD_HINT: Record<ReturnMethod, string> = {
  pickup: 'You book a courier to collect the item from the buyer.',
  label: 'You give the buyer a prepaid label to send it back.',
  drop_off: 'The buyer sends the item back to you themselves.',
  keep_item: 'The buyer keeps the item; you refund them next.',
};

/** The seller's buttons, in the order they sit: the main step first, rejecting last. */
export const RETURN_ACTIONS: readonly SellerReturnAction[] = [
  'approve',
  'mark_received',
  'refund',
  'request_info',
  'reject',
];
export const RETURN_ACTION_TEXT: Record<SellerReturnAction, string> = {
  approve: 'Approve',
  mark_received: 'Mark as received',
  refund: 'Refund',
  request_info: 'Ask for information',
  reject: 'Reject',
};

/** What each tab says when it has nothing: what lands there, or what the seller can do. */
export const EMPTY_RETURN_TAB_TEXT: Record<ReturnTab, { title: string; hint: string }> = {
  requested: {
    title: 'No return requests to answer.',
    hint: 'When a buyer asks to return an item, it waits here for your answer.',
  },
  in_progress: {
    title: 'No returns in progress.',
    hint: 'Approved returns stay here while the item comes back and until you refund.',
  },
  refunded: { title: 'No refunds yet.', hint: 'Returns you have refunded, in full or in part, appear here.' },
  rejected: {
    title: 'No rejected returns.',
    hint: 'Returns you turn down, or that were closed, appear here.',
  },
  all: {
    title: 'No returns yet.',
    hint: 'Buyers can ask to return an item from their order page within your return window.',
  },
};

export const variantText = (variant: readonly VariantChoice[]) => variant.map((v) => v.value).join(' / ');

const badgeBase =
  'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset';
const tone = {
  wait: `${badgeBase} bg-amber-50 text-amber-900 ring-amber-300`,
  good: `${badgeBase} bg-brand-50 text-brand-800 ring-brand-200`,
  info: `${badgeBase} bg-sky-50 text-sky-900 ring-sky-200`,
  muted: `${badgeBase} bg-zinc-100 text-zinc-700 ring-zinc-300`,
  bad: `${badgeBase} bg-danger-50 text-danger-700 ring-red-200`,
};

export const returnBadgeClasses: Record<ReturnStatus, string> = {
  requested: tone.wait,
  info_needed: tone.info,
  approved: tone.info,
  in_transit: tone.info,
  received: tone.wait,
  refunded: tone.good,
  rejected: tone.bad,
  closed: tone.muted,
};
