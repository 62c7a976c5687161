/* Dates as Nigerian sellers read them, in Lagos time whatever the phone's zone: '14 Mar 2026'. */

import { lagosDateTime, lagosDayMonthYear } from '@/lib/lagos-date';

// Written by hand (lib/lagos-date.ts): this module is evaluated on the Orders screen's start, where
// building Intl's date format was one long task (issue 20, docs/performance.md).
export const formatDate = (iso: string) => lagosDayMonthYear(new Date(iso));

// The order page's date and time (Intl's format, built on first use).
export const formatDateTime = (iso: string) => lagosDateTime(iso);

/** How long until `dueAt`: '5 h 12 min left', '12 min left', or null once it has passed. */
export function timeLeft(dueAt: string, now: number): string | null {
  const ms = new Date(dueAt).getTime() - now;
  if (!(ms > 0)) return null;
  const minutes = Math.ceil(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours >= 24) return `${Math.floor(hours / 24)} d ${hours % 24} h left`;
  return hours > 0 ? `${hours} h ${rest} min left` : `${rest} min left`;
}
