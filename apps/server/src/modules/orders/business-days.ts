/** Nigeria has no daylight saving: Lagos is UTC+1 all year. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` plus `days` Nigerian business days (Monday to Friday in Lagos), at the same time of day:
 * paid on a Friday afternoon, two business days is Tuesday afternoon, not Sunday. Public holidays
 * are not counted out (docs/orders.md): the reminder is a nudge, a day early on a holiday is fine.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    const weekday = new Date(at + LAGOS_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}
