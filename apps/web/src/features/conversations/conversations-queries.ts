import type { ConversationsUnreadCountResponse } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { pollEvery } from '@/lib/data-saver';

/* Buyers' conversations with the seller: today the header's messages badge reads them. */

export const conversationKeys = {
  all: (sellerId: string | null) => ['conversations', sellerId] as const,
  unreadCount: (sellerId: string | null) => ['conversations', sellerId, 'unread-count'] as const,
};

export const conversationQueries = {
  /** The messages badge: one indexed count on the server, not the conversation list. */
  unreadCount: (api: ApiClient, sellerId: string | null) =>
    queryOptions({
      queryKey: conversationKeys.unreadCount(sellerId),
      queryFn: ({ signal }) =>
        api.get<ConversationsUnreadCountResponse>('/conversations/unread-count', { signal }),
      // SPEC section 8: the count fails silently; the badge simply stays as it was.
      retry: 1,
      // No live event for buyer messages yet: a minute's delay keeps the badge honest enough.
      refetchInterval: pollEvery(60_000),
    }),
};
