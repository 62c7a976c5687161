import type { AnalyticsOrderStatus, AnalyticsRange } from '@kasuwa/contracts';

export const RANGES: { id: AnalyticsRange; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: '90d', label: '90 days' },
  { id: 'custom', label: 'Custom' },
];

/** The Orders screen's tab names, so the chart reads as the seller's own lists do. */
export const STATUS_LABEL: Record<AnalyticsOrderStatus, string> = {
  to_pay: 'To pay',
  to_ship: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  other: 'Refunded or other',
};
