import type { StreamType } from '@kasuwa/contracts';

/**
 * What each kind of show is called. On its own, without the wizard's form code: the dashboard's
 * home lists upcoming shows by kind, and must not download react-hook-form for it (issue 20).
 */
export const SHOW_KIND_LABELS: Record<StreamType, string> = {
  live_show: 'Open Live Show',
  live_auction: 'Live Auction',
};
