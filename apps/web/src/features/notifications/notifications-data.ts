import {
  HIDDEN_NOTIFICATION_TYPES,
  type Notification,
  type NotificationsResponse,
  notificationCreatedEvent,
  socketEvents,
} from '@kasuwa/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { notificationKeys, notificationQueries } from '@/features/notifications/notifications-queries';
import { isUnreadToday } from '@/features/notifications/unread-today';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';
import { connectSellerSocket, type SellerSocket } from '@/lib/socket';

export function useNotificationsList(sellerId: string | null, api: ApiClient = appApi) {
  return useQuery({ ...notificationQueries.list(api, sellerId), enabled: sellerId !== null });
}

function updateList(
  queryClient: QueryClient,
  sellerId: string | null,
  change: (data: NotificationsResponse) => NotificationsResponse,
) {
  queryClient.setQueryData<NotificationsResponse>(notificationKeys.list(sellerId), (data) =>
    data ? change(data) : data,
  );
}

/** Marking read: the cache follows at once; a failed call is silent (SPEC section 8). */
export function useMarkRead(sellerId: string | null, api: ApiClient = appApi) {
  const queryClient = useQueryClient();
  // No errorToast: a failed call is silent by the spec; the next load shows the server's truth.
  const { mutateAsync: putRead } = useMutation({
    mutationFn: (notificationId: string) =>
      api.put(`/notifications/${encodeURIComponent(notificationId)}/mark-read`),
  });
  const { mutateAsync: putAllRead } = useMutation({
    mutationFn: () => api.put('/notifications/mark-all-read'),
  });

  const markRead = useCallback(
    async (notification: Notification) => {
      if (notification.isRead) return;
      const now = new Date();
      updateList(queryClient, sellerId, (data) => ({
        ...data,
        unreadToday: Math.max(0, data.unreadToday - (isUnreadToday(notification, now) ? 1 : 0)),
        notifications: data.notifications.map((n) =>
          n._id === notification._id ? { ...n, isRead: true } : n,
        ),
      }));
      await putRead(notification._id).catch(() => undefined);
    },
    [putRead, queryClient, sellerId],
  );

  const markAllRead = useCallback(async () => {
    updateList(queryClient, sellerId, (data) => ({
      ...data,
      unreadToday: 0,
      notifications: data.notifications.map((n) => ({ ...n, isRead: true })),
    }));
    await putAllRead().catch(() => undefined);
  }, [putAllRead, queryClient, sellerId]);

  return { markRead, markAllRead };
}

/**
 * Whether a notification tells of an order's change (a new order, paid, shipped...). The Orders,
 * Order, Customers and Home screens keep their queries under ['orders'] (features/orders/
 * orders-queries.ts), so one invalidation refreshes whichever is on screen.
 */
export const changesOrders = (type: string) => type === 'new_order' || type.startsWith('order_');
const ORDERS_QUERIES = ['orders'] as const;
/**
 * A return's notification (return_request, return_info_needed...): the Returns Center and Return
 * screens keep their queries under ['returns'] (features/returns/returns-queries.ts).
 */
export const changesReturns = (type: string) => type.startsWith('return_');
const RETURNS_QUERIES = ['returns'] as const;

/**
 * Keeps a socket open while the dashboard is on screen and adds each pushed notification to the
 * cached list and badge, so a new one appears without a reload; an order's notification also
 * refreshes the orders screens. Answers whether it is connected.
 */
export function useLiveNotifications(
  sellerId: string | null,
  connect: (getToken: () => string | null) => Promise<SellerSocket> = connectSellerSocket,
): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!sellerId) return;
    let socket: SellerSocket | null = null;
    let cancelled = false;
    const onNotification = (payload: unknown) => {
      const parsed = notificationCreatedEvent.safeParse(payload);
      if (!parsed.success) return;
      const notification = parsed.data.notification;
      if (changesOrders(notification.type)) void queryClient.invalidateQueries({ queryKey: ORDERS_QUERIES });
      if (changesReturns(notification.type))
        void queryClient.invalidateQueries({ queryKey: RETURNS_QUERIES });
      // issue 16: a buyer's message raises the messages badge (features/conversations keys).
      if (notification.type === 'buyer_message')
        void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      // issue 16: the follower card and the campaigns' results.
      if (notification.type === 'new_follower')
        void queryClient.invalidateQueries({ queryKey: ['followers'] });
      if (notification.type === 'new_campaign' || notification.type === 'campaign_scheduled')
        void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      if (HIDDEN_NOTIFICATION_TYPES.includes(notification.type)) return;
      const key = notificationKeys.list(sellerId);
      if (!queryClient.getQueryData(key)) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      updateList(queryClient, sellerId, (data) =>
        data.notifications.some((n) => n._id === notification._id)
          ? data
          : {
              ...data,
              unreadToday: data.unreadToday + (isUnreadToday(notification, new Date()) ? 1 : 0),
              notifications: [notification, ...data.notifications],
              pagination: { ...data.pagination, total: data.pagination.total + 1 },
            },
      );
    };
    connect(readBearerToken)
      .then((opened) => {
        if (cancelled) {
          opened.close();
          return;
        }
        socket = opened;
        socket.on(socketEvents.notificationCreated, onNotification);
        socket.on('connect', () => setLive(true));
        socket.on('disconnect', () => setLive(false));
        if (socket.connected) setLive(true);
        // After a drop, anything pushed meanwhile was missed: reload the list once back.
        socket.io.on('reconnect', () => {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list(sellerId) });
        });
      })
      .catch(() => {
        // The socket library failed to load: the badge still updates on the next load.
      });
    return () => {
      cancelled = true;
      socket?.close();
      setLive(false);
    };
  }, [connect, queryClient, sellerId]);
  return live;
}
