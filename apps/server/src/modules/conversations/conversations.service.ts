import type { ConversationsUnreadCountResponse, MarkAllReadResponse } from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import type { ConversationsRepository } from '@/modules/conversations/conversations.repository.ts';

/** The header's messages badge and mark-all-read; the conversations themselves are messages.service.ts's. */
export function conversationsService({ repo, clock }: { repo: ConversationsRepository; clock: Clock }) {
  return {
    async unreadCount(sellerId: string): Promise<ConversationsUnreadCountResponse> {
      return { unreadCount: await repo.countUnread(sellerId) };
    },

    async markAllRead(sellerId: string): Promise<MarkAllReadResponse> {
      const updated = await repo.markAllRead(sellerId, clock.now());
      return { message: 'All messages marked as read', updated };
    },
  };
}
export type ConversationsService = ReturnType<typeof conversationsService>;
