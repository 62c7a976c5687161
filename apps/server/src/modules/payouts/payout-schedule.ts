import type { PayoutSchedule } from '@kasuwa/contracts';
import { addDays, lagosDay, lagosDayStart, lagosWeekStart } from '@/lib/lagos-time.ts';

/** Automatic payouts go out at 09:00 Lagos time: daily, or on Mondays. */
const SLOT_HOUR_MS = 9 * 60 * 60 * 1000;

const slotOf = (day: string) => new Date(lagosDayStart(day).getTime() + SLOT_HOUR_MS);

/** The first automatic payout time strictly after `after`; null for `manual`. */
export function nextSlot(schedule: PayoutSchedule, after: Date): Date | null {
  if (schedule === 'manual') return null;
  const today = lagosDay(after);
  if (schedule === 'daily') {
    const slot = slotOf(today);
    return slot.getTime() > after.getTime() ? slot : slotOf(addDays(today, 1));
  }
  const monday = lagosWeekStart(today);
  const slot = slotOf(monday);
  return slot.getTime() > after.getTime() ? slot : slotOf(addDays(monday, 7));
}

/** How the schedule reads to the seller. */
export const scheduleWords = (schedule: PayoutSchedule) =>
  schedule === 'daily'
    ? 'every day at 09:00 (Lagos time)'
    : schedule === 'weekly'
      ? 'every Monday at 09:00 (Lagos time)'
      : 'only when you ask';
