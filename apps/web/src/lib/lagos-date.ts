/*
 * Dates in Lagos time as en-NG writes them, whatever the phone's zone, written by hand: building an
 * Intl date format costs a phone's main thread tens of milliseconds the first time a page does it
 * (the locale's and the zone's data; ~20–28 ms unthrottled on this machine, in one piece), and the
 * dashboard's first screens (home's orders and sales chart, the orders list) show dates while they
 * start (issue 20, docs/performance.md). lagos-date.test.ts compares every form with Intl's. Dates
 * before 1920 and invalid ones are left to Intl, built on first use.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
// Lagos has kept West Africa Time, UTC+1 all year with no daylight saving, since September 1919.
const LAGOS_OFFSET_MS = 3_600_000;
const WAT_SINCE = Date.UTC(1920, 0, 1);

const intlFormats = new Map<string, Intl.DateTimeFormat>();
function intl(date: Date, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-NG', { ...options, timeZone: 'Africa/Lagos' });
    intlFormats.set(key, format);
  }
  return format.format(date);
}

/** The date's Lagos wall clock as UTC fields, or null when Intl should write it. */
function lagos(date: Date): Date | null {
  const time = date.getTime();
  return time >= WAT_SINCE ? new Date(time + LAGOS_OFFSET_MS) : null;
}

/** '14 Mar 2026' — Intl's `{ day: 'numeric', month: 'short', year: 'numeric' }`. */
export function lagosDayMonthYear(date: Date): string {
  const l = lagos(date);
  if (!l) return intl(date, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${l.getUTCDate()} ${MONTHS[l.getUTCMonth()]} ${l.getUTCFullYear()}`;
}

/** '14 Mar' — Intl's `{ day: 'numeric', month: 'short' }`. */
export function lagosDayMonth(date: Date): string {
  const l = lagos(date);
  if (!l) return intl(date, { day: 'numeric', month: 'short' });
  return `${l.getUTCDate()} ${MONTHS[l.getUTCMonth()]}`;
}

/** 'Sat' — Intl's `{ weekday: 'short' }`. */
export function lagosWeekdayShort(date: Date): string {
  const l = lagos(date);
  if (!l) return intl(date, { weekday: 'short' });
  return (WEEKDAYS[l.getUTCDay()] ?? '').slice(0, 3);
}

/** 'Saturday, 14 Mar' — Intl's `{ weekday: 'long', day: 'numeric', month: 'short' }`. */
export function lagosWeekdayDayMonth(date: Date): string {
  const l = lagos(date);
  if (!l) return intl(date, { weekday: 'long', day: 'numeric', month: 'short' });
  return `${WEEKDAYS[l.getUTCDay()]}, ${l.getUTCDate()} ${MONTHS[l.getUTCMonth()]}`;
}

/**
 * '29 Nov 2026, 7:02' — Intl's `{ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric',
 * minute: '2-digit' }`: a moment shown once on a screen (a saved draft, a submission, a ticket), so
 * Intl writes it, built once.
 */
export function lagosDateTime(at: string | Date): string {
  return intl(typeof at === 'string' ? new Date(at) : at, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
