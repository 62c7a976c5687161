const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Shared by notifications and blip comments, so every "when" in the app reads the same.
 * SPEC section 9: under a minute 'N seconds ago', under an hour 'N minutes ago', under a day
 * 'N hours ago', under two days 'Yesterday', otherwise the date in the device's locale. A time a
 * little in the future (clocks disagree) counts as now.
 */
export function formatRelativeTime(createdAt: string | Date, now: Date, locale?: string): string {
  const then = new Date(createdAt);
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < MINUTE) return plural(Math.floor(elapsed / SECOND), 'second');
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < 24 * HOUR) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 48 * HOUR) return 'Yesterday';
  return then.toLocaleDateString(locale);
}
