import type {
  MarkAllReadResponse,
  MarkNotificationReadResponse,
  Notification,
  NotificationData,
  NotificationsResponse,
  NotificationType,
} from '@kasuwa/contracts';
import { socketEvents } from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { defaultWording } from '@/modules/notifications/notification-wording.ts';
import type {
  NotificationRow,
  NotificationsRepository,
} from '@/modules/notifications/notifications.repository.ts';

/** How the service reaches a seller's open dashboards: the realtime plugin, or nothing in a CLI. */
export type PushToSeller = (sellerId: string, event: string, payload: unknown) => void;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Nigeria has no daylight saving: Lagos is UTC+1 all year. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** Midnight in Lagos, for a caller that does not say where its day starts. */
export function lagosDayStart(now: Date): Date {
  const local = new Date(now.getTime() + LAGOS_OFFSET_MS);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - LAGOS_OFFSET_MS);
}

export function toNotificationView(row: NotificationRow): Notification {
  return {
    _id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    data: row.data,
  };
}

export type NewNotification = {
  type: NotificationType;
  /** Defaults to the type's wording (notification-wording.ts). */
  title?: string | undefined;
  message?: string | undefined;
  data?: NotificationData | undefined;
};

export type CreateOptions = {
  /** An operator's own notice (npm run admin -- notify) is delivered whatever the preferences say. */
  ignorePreferences?: boolean;
};

/**
 * The one way a notification comes into being: stored, then pushed over socket.io to the seller's
 * room so an open dashboard shows it at once. Other modules receive this service as a dependency.
 */
export function notificationsService({
  repo,
  clock,
  push,
}: {
  repo: NotificationsRepository;
  clock: Clock;
  push: PushToSeller;
}) {
  async function store(
    sellerId: string,
    input: NewNotification,
    q?: Queryable,
    options: CreateOptions = {},
  ): Promise<Notification | null> {
    // The seller turned this group off in Settings: nothing is stored, so nothing is pushed either.
    if (!options.ignorePreferences && !(await repo.wantsInApp(sellerId, input.type, q))) return null;
    const data: Record<string, string> = {};
    for (const [key, value] of Object.entries(input.data ?? {})) if (value) data[key] = value;
    const wording = defaultWording(input.type);
    const row = await repo.insert(
      {
        sellerId,
        type: input.type,
        title: input.title ?? wording.title,
        message: input.message ?? wording.message,
        data,
        createdAt: clock.now(),
      },
      q,
    );
    return toNotificationView(row);
  }

  return {
    /** Null when the seller's preferences turned this kind off in-app (Settings). */
    async create(
      sellerId: string,
      input: NewNotification,
      options?: CreateOptions,
    ): Promise<Notification | null> {
      const notification = await store(sellerId, input, undefined, options);
      if (notification) push(sellerId, socketEvents.notificationCreated, { notification });
      return notification;
    },

    /**
     * Stores the notification in the caller's transaction, so it commits or vanishes with the change
     * it tells of. Nothing is pushed: the caller calls `push()` once the transaction has committed.
     */
    async createInTransaction(
      tx: Queryable,
      sellerId: string,
      input: NewNotification,
    ): Promise<{ notification: Notification | null; push: () => void }> {
      const notification = await store(sellerId, input, tx);
      return {
        notification,
        push: () => {
          if (notification) push(sellerId, socketEvents.notificationCreated, { notification });
        },
      };
    },

    async list(
      sellerId: string,
      query: { page: number; limit: number; todayStart?: string | undefined },
    ): Promise<NotificationsResponse> {
      const since = query.todayStart ? new Date(query.todayStart) : lagosDayStart(clock.now());
      const [rows, total, unreadToday] = await Promise.all([
        repo.page(sellerId, (query.page - 1) * query.limit, query.limit),
        repo.countListed(sellerId),
        repo.countUnreadSince(sellerId, since),
      ]);
      const totalPages = Math.max(1, Math.ceil(total / query.limit));
      return {
        notifications: rows.map(toNotificationView),
        unreadToday,
        pagination: { currentPage: query.page, totalPages, total, hasMore: query.page < totalPages },
      };
    },

    /** Another seller's id answers exactly like an unknown one, so ids reveal nothing. */
    async markRead(sellerId: string, id: string): Promise<MarkNotificationReadResponse> {
      const row = UUID.test(id) ? await repo.markRead(sellerId, id) : null;
      if (!row) throw new NotFoundError('Notification');
      return { notification: toNotificationView(row) };
    },

    async markAllRead(sellerId: string): Promise<MarkAllReadResponse> {
      const updated = await repo.markAllRead(sellerId);
      return { message: 'All notifications marked as read', updated };
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
