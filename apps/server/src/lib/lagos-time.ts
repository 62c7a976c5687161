/**
 * Days as a seller in Nigeria counts them. Africa/Lagos is UTC+1 all year (no daylight saving), so
 * the offset is a constant rather than a time-zone database lookup.
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Lagos calendar day of an instant, as YYYY-MM-DD. */
export const lagosDay = (at: Date): string =>
  new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Lagos day (YYYY-MM-DD) begins. */
export const lagosDayStart = (day: string): Date =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - LAGOS_OFFSET_MS);

/** The Lagos day `n` days after (or before, negative) a day. */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the Lagos week a day belongs to (weeks start on Monday). */
export const lagosWeekStart = (day: string): string => {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
};

const DATE_TIME = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '29 Nov 2026, 7:02' in Lagos time: how notices and mails write a moment. */
export const lagosDateTime = (at: Date): string => DATE_TIME.format(at);
