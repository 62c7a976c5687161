import type { LedgerEntryKind, LedgerFilter, PayoutSchedule, PayoutStatus } from '@kasuwa/contracts';
import { lagosDateTime } from '@/lib/lagos-date';

/*
 * The contract's words for the Earnings & Payouts screen, copied here because its value exports
 * live beside zod schemas and would pull zod into the screen's chunk (as orders/order-labels.ts
 * does). earnings-labels.test.ts checks every copy equals the contract's, so they cannot drift.
 */

export const LEDGER_FILTERS: readonly LedgerFilter[] = ['all', 'sales', 'fees', 'refunds', 'payouts'];
export const LEDGER_FILTER_TEXT: Record<LedgerFilter, string> = {
  all: 'All',
  sales: 'Sales',
  fees: 'Commission & fees',
  refunds: 'Refunds',
  payouts: 'Payouts',
};

export const LEDGER_KIND_TEXT: Record<LedgerEntryKind, string> = {
  sale: 'Sale',
  commission: 'Commission',
  payment_fee: 'Payment fee',
  cash_collected: 'Cash collected',
  release: 'Released to available',
  refund: 'Refund',
  commission_refund: 'Commission returned',
  payout: 'Payout',
  payout_returned: 'Payout returned',
};

export const PAYOUT_SCHEDULES: readonly PayoutSchedule[] = ['manual', 'weekly', 'daily'];
export const PAYOUT_SCHEDULE_TEXT: Record<PayoutSchedule, string> = {
  manual: 'When I ask',
  weekly: 'Every Monday',
  daily: 'Every day',
};

export const PAYOUT_STATUS_TEXT: Record<PayoutStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

/** The smallest payout when the summary has not said (contract MIN_PAYOUT_KOBO, ₦1,000). */
export const DEFAULT_MINIMUM_PAYOUT = 1000;

const badgeBase = 'inline-flex items-center rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset';
export const badgeClasses = {
  wait: `${badgeBase} bg-amber-50 text-amber-900 ring-amber-300`,
  good: `${badgeBase} bg-brand-50 text-brand-800 ring-brand-200`,
  info: `${badgeBase} bg-sky-50 text-sky-900 ring-sky-200`,
  muted: `${badgeBase} bg-zinc-100 text-zinc-700 ring-zinc-300`,
  bad: `${badgeBase} bg-danger-50 text-danger-700 ring-red-200`,
} as const;

export const payoutBadgeClasses: Record<PayoutStatus, string> = {
  pending: badgeClasses.wait,
  processing: badgeClasses.info,
  paid: badgeClasses.good,
  failed: badgeClasses.bad,
  reversed: badgeClasses.bad,
};

/*
 * Dates as Nigerian sellers read them, in Lagos time whatever the phone's zone. Each format is built
 * on first use: the dashboard's prefetch chunk imports this module, and building four formats at
 * import cost every dashboard route's first view ~15 ms of main thread (issue 20, docs/performance.md).
 */
const lagos = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat('en-NG', { ...options, timeZone: 'Africa/Lagos' });
    return format;
  };
};
const dayMonth = lagos({ day: 'numeric', month: 'short' });
const dayMonthYear = lagos({ day: 'numeric', month: 'short', year: 'numeric' });
const weekdayDateTime = lagos({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** '2 Dec' this year, '2 Dec 2027' otherwise. */
export function formatShortDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const sameYear = dayMonthYear().format(date).slice(-4) === dayMonthYear().format(now).slice(-4);
  return sameYear ? dayMonth().format(date) : dayMonthYear().format(date);
}
export const formatDate = (iso: string) => dayMonthYear().format(new Date(iso));
export const formatDateTime = (iso: string) => lagosDateTime(iso);
/** 'Thu, 26 Nov, 6:30 pm': when a payout hold ends. */
export const formatMoment = (iso: string) => weekdayDateTime().format(new Date(iso));
