import { type Notification, notificationCreatedEvent } from '@kasuwa/contracts';

/**
 * The check (zod) of a pushed notification: a module of its own, loaded when the first one arrives,
 * so zod is not evaluated on the dashboard's start (issue 20, docs/performance.md).
 */
export function readPushedNotification(payload: unknown): Notification | null {
  const parsed = notificationCreatedEvent.safeParse(payload);
  return parsed.success ? parsed.data.notification : null;
}
