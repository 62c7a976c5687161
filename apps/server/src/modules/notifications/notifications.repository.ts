import { HIDDEN_NOTIFICATION_TYPES, type NotificationType } from '@kasuwa/contracts';
import { and, count, desc, eq, gte, notInArray } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { notifications } from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { sellerWants } from '@/modules/notifications/notification-preferences.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

const listed = (sellerId: string) =>
  and(eq(notifications.sellerId, sellerId), notInArray(notifications.type, [...HIDDEN_NOTIFICATION_TYPES]));

/** Queries only; the rules live in notifications.service.ts. Every query is scoped to one seller. */
export function notificationsRepository(db: Database) {
  return {
    /** In `q`'s transaction when one is given. */
    async insert(values: NewNotificationRow, q: Queryable = db): Promise<NotificationRow> {
      const [row] = await q.insert(notifications).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Whether the seller's notification preferences let this type be stored and pushed. */
    async wantsInApp(sellerId: string, type: NotificationType, q: Queryable = db): Promise<boolean> {
      return sellerWants(q, sellerId, type, 'inApp');
    },

    async page(sellerId: string, offset: number, limit: number) {
      return db
        .select()
        .from(notifications)
        .where(listed(sellerId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
    },

    async countListed(sellerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(listed(sellerId));
      return row?.n ?? 0;
    },

    async countUnreadSince(sellerId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(listed(sellerId), eq(notifications.isRead, false), gte(notifications.createdAt, since)));
      return row?.n ?? 0;
    },

    async markRead(sellerId: string, id: string): Promise<NotificationRow | null> {
      const [row] = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(listed(sellerId), eq(notifications.id, id)))
        .returning();
      return row ?? null;
    },

    async markAllRead(sellerId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(listed(sellerId), eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
