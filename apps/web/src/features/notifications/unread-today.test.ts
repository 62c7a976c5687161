import { describe, expect, it } from 'vitest';
import { countUnreadToday, isUnreadToday, startOfLocalDay } from '@/features/notifications/unread-today';

// Local times, so the test holds whatever the machine's time zone.
const now = new Date(2026, 2, 10, 9, 30);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).toISOString();

describe('the notifications badge', () => {
  it('starts today at local midnight', () => {
    expect(startOfLocalDay(now).getTime()).toBe(new Date(2026, 2, 10, 0, 0).getTime());
  });

  it('counts only notifications that are unread and created today', () => {
    const list = [
      { isRead: false, createdAt: at(10, 9, 0) },
      { isRead: false, createdAt: at(10, 0, 0) },
      { isRead: true, createdAt: at(10, 8, 0) },
      { isRead: false, createdAt: at(9, 23, 59) },
      { isRead: false, createdAt: at(1, 12, 0) },
    ];
    expect(countUnreadToday(list, now)).toBe(2);
  });

  it('does not count yesterday’s unread notification one minute before midnight', () => {
    expect(isUnreadToday({ isRead: false, createdAt: at(9, 23, 59) }, now)).toBe(false);
  });
});
