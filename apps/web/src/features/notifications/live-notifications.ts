import { HIDDEN_NOTIFICATION_TYPES, type Notification, socketEvents } from '@kasuwa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys, updateList } from '@/features/notifications/notifications-queries';
import { isUnreadToday } from '@/features/notifications/unread-today';
import type { SellerSocket } from '@/lib/socket';

/*
 * What the dashboard does with a notification the server pushes. Loaded with the socket, after the
 * first screen (useLiveNotifications). The pushed payload's check (zod, ~40 ms of a phone's main
 * thread to evaluate) is loaded when the first notification arrives, not with the socket
 * (docs/performance.md, issue 20); notifications are handled in the order they came meanwhile.
 */

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
 * Adds each pushed notification to the cached list and badge, so a new one appears without a
 * reload; an order's, a return's, a message's, a follower's or a campaign's also refreshes the
 * screens that show it.
 */
export function listenForNotifications(socket: SellerSocket, queryClient: QueryClient, sellerId: string) {
  let check: Promise<typeof import('@/features/notifications/notification-check')> | undefined;
  let handled: Promise<void> = Promise.resolve();
  socket.on(socketEvents.notificationCreated, (payload: unknown) => {
    check ??= import('@/features/notifications/notification-check');
    const loaded = check;
    handled = handled
      .then(() => loaded)
      .then(({ readPushedNotification }) => {
        const notification = readPushedNotification(payload);
        if (notification) showNotification(queryClient, sellerId, notification);
      })
      .catch(() => {
        // The check's code failed to load (tried again with the next one): the list and badge
        // update on the next load.
        if (check === loaded) check = undefined;
      });
  });
}

function showNotification(queryClient: QueryClient, sellerId: string, notification: Notification) {
  if (changesOrders(notification.type)) void queryClient.invalidateQueries({ queryKey: ORDERS_QUERIES });
  if (changesReturns(notification.type)) void queryClient.invalidateQueries({ queryKey: RETURNS_QUERIES });
  // issue 16: a buyer's message raises the messages badge (features/conversations keys).
  if (notification.type === 'buyer_message')
    void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  // issue 16: the follower card and the campaigns' results.
  if (notification.type === 'new_follower') void queryClient.invalidateQueries({ queryKey: ['followers'] });
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
}
