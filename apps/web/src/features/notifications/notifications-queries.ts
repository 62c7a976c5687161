import type { NotificationsResponse } from '@kasuwa/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { startOfLocalDay } from '@/features/notifications/unread-today';
import type { ApiClient } from '@/lib/api-client';

/* The bell's reads; the socket and mark-read edit the list in place. */

export const notificationKeys = {
  list: (sellerId: string | null) => ['notifications', sellerId] as const,
};

/** The dialog and the home page show the newest twenty; older ones wait for a notifications screen. */
const LIST_LIMIT = 20;

export const notificationQueries = {
  list: (api: ApiClient, sellerId: string | null) =>
    queryOptions({
      queryKey: notificationKeys.list(sellerId),
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({
          limit: String(LIST_LIMIT),
          todayStart: startOfLocalDay(new Date()).toISOString(),
        });
        return api.get<NotificationsResponse>(`/notifications?${query}`, { signal });
      },
      // SPEC section 8: loading the count fails silently; the badge simply stays as it was.
      retry: 1,
    }),
};

/** Edits the cached list in place (marking read, a pushed notification); nothing when it is not loaded. */
export function updateList(
  queryClient: QueryClient,
  sellerId: string | null,
  change: (data: NotificationsResponse) => NotificationsResponse,
) {
  queryClient.setQueryData<NotificationsResponse>(notificationKeys.list(sellerId), (data) =>
    data ? change(data) : data,
  );
}
