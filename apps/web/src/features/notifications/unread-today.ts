import type { Notification } from '@kasuwa/contracts';

/** Midnight on the device, where the header badge's "today" begins (SPEC section 9). */
export function startOfLocalDay(now: Date): Date {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return start;
}

/** Whether a notification counts towards the header badge: unread and created today. */
export function isUnreadToday(notification: Pick<Notification, 'isRead' | 'createdAt'>, now: Date): boolean {
  return !notification.isRead && new Date(notification.createdAt) >= startOfLocalDay(now);
}

export function countUnreadToday(
  notifications: Pick<Notification, 'isRead' | 'createdAt'>[],
  now: Date,
): number {
  return notifications.filter((n) => isUnreadToday(n, now)).length;
}
