import type { Notification } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  notificationKeys,
  notificationQueries,
  updateList,
} from '@/features/notifications/notifications-queries';
import { isUnreadToday } from '@/features/notifications/unread-today';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';
import { connectSellerSocket, type SellerSocket } from '@/lib/socket';

export function useNotificationsList(sellerId: string | null, api: ApiClient = appApi) {
  return useQuery({ ...notificationQueries.list(api, sellerId), enabled: sellerId !== null });
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
    // The pushed notifications are checked (zod) by a module that comes with the socket, not with
    // the dashboard's first screen; it is loaded first, so it listens from the socket's first moment.
    import('@/features/notifications/live-notifications')
      .then(({ listenForNotifications }) =>
        cancelled
          ? undefined
          : connect(readBearerToken).then((opened) => {
              if (cancelled) {
                opened.close();
                return;
              }
              socket = opened;
              listenForNotifications(opened, queryClient, sellerId);
              socket.on('connect', () => setLive(true));
              socket.on('disconnect', () => setLive(false));
              if (socket.connected) setLive(true);
              // After a drop, anything pushed meanwhile was missed: reload the list once back.
              socket.io.on('reconnect', () => {
                void queryClient.invalidateQueries({ queryKey: notificationKeys.list(sellerId) });
              });
            }),
      )
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
