/**
 * Times of live shows. Sellers pick a start in their phone's own time zone (a datetime-local box);
 * every time shown back is in Lagos time, the marketplace's clock, so a seller and the buyers they
 * share a link with read the same hour.
 */
export const LAGOS_TIME_ZONE = 'Africa/Lagos';

// Built on first use: building an Intl format is one long task on a phone (issue 20,
// docs/performance.md), and this module is evaluated on the Home screen's start.
let lagosFormat: Intl.DateTimeFormat | undefined;
const lagosFormatOptions: Intl.DateTimeFormatOptions = {
  timeZone: LAGOS_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** '14 Mar 2026, 19:00 WAT' style, always in Lagos time. */
export function formatLagosTime(time: string | Date): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  lagosFormat ??= new Intl.DateTimeFormat('en-NG', lagosFormatOptions);
  return lagosFormat.format(date);
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** 'in 3 hours', '5 minutes ago', 'tomorrow': the largest unit that fits. */
export function relativeTime(time: string | Date, now: Date = new Date()): string {
  const seconds = Math.round((new Date(time).getTime() - now.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return '';
  relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return relativeFormat.format(seconds, 'second');
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  return relativeFormat.format(Math.round(seconds / 86_400), 'day');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local box shows it: 'YYYY-MM-DDTHH:mm' in the device's time zone. */
export function toLocalInputValue(time: string | Date | null): string {
  if (time === null) return '';
  const d = new Date(time);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (device time) as an ISO-8601 instant, or null when empty or incomplete. */
export function fromLocalInputValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The device's IANA zone ('Africa/Lagos'), shown beside the picker so the seller knows whose clock it is. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || LAGOS_TIME_ZONE;
  } catch {
    return LAGOS_TIME_ZONE;
  }
}
