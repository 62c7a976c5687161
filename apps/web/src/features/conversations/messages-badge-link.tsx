import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { conversationQueries } from '@/features/conversations/conversations-queries';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { HeaderIconBadge, headerIconClass } from '@/ui/header-icon';

/** Unread buyer messages over all of the seller's conversations (0 until known). */
export function useUnreadMessages(sellerId: string | null, api: ApiClient = appApi): number {
  const { data } = useQuery({
    ...conversationQueries.unreadCount(api, sellerId),
    enabled: sellerId !== null,
  });
  return data?.unreadCount ?? 0;
}

/** The header's messages icon with the number of unread buyer messages. */
export function MessagesBadgeLink({ sellerId, api }: { sellerId: string | null; api?: ApiClient }) {
  const unread = useUnreadMessages(sellerId, api);
  return (
    <Link
      to={paths.dashboard.messages}
      className={headerIconClass}
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
    >
      <MessageSquare className="size-5" aria-hidden />
      <HeaderIconBadge count={unread} testId="messages-badge" />
    </Link>
  );
}
