/* Dates as Nigerian sellers read them, in Lagos time whatever the phone's zone: '14 Mar 2026'. */

/*
 * Building an Intl date format costs a phone's main thread tens of milliseconds the first time a page
 * does it (the locale's and the zone's data; ~20–28 ms unthrottled here, in one piece), and this module
 * is evaluated on the Orders screen's start (issue 20, docs/performance.md). The list's short date is
 * written by hand; the order page's date and time builds its format on first use.
 */
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
const intlDate = (date: Date) => {
  dateFormat ??= new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  });
  return dateFormat.format(date);
};

// en-NG's short month names, as Intl writes them (September is 'Sept').
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
// Lagos has kept West Africa Time, UTC+1 all year with no daylight saving, since September 1919.
const LAGOS_OFFSET_MS = 3_600_000;
const WAT_SINCE = Date.UTC(1920, 0, 1);

/**
 * '14 Mar 2026': exactly what `Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year:
 * 'numeric', timeZone: 'Africa/Lagos' })` writes (order-format.test.ts compares them), without building
 * it. Dates before 1920 and invalid ones are left to Intl.
 */
export function formatDate(iso: string): string {
  const time = new Date(iso).getTime();
  if (!(time >= WAT_SINCE)) return intlDate(new Date(iso));
  const lagos = new Date(time + LAGOS_OFFSET_MS);
  return `${lagos.getUTCDate()} ${MONTHS[lagos.getUTCMonth()]} ${lagos.getUTCFullYear()}`;
}

export const formatDateTime = (iso: string) => {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Africa/Lagos',
  });
  return dateTimeFormat.format(new Date(iso));
};

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
