import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { notificationsRepository } from '@/modules/notifications/notifications.repository.ts';
import { notificationsService } from '@/modules/notifications/notifications.service.ts';

/**
 * The real notifications service whose store fails on every insert, as a database that refuses
 * the notification row would: a caller that writes its own row and the notification in one
 * transaction must leave neither behind.
 */
export function failingNotifications(db: Database, clock: Clock, message = 'notification store down') {
  return notificationsService({
    repo: {
      ...notificationsRepository(db),
      insert: async () => {
        throw new Error(message);
      },
    },
    clock,
    push: () => {},
  });
}
