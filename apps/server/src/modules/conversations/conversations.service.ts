import type { ConversationsResponse, MarkAllReadResponse } from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import type { ConversationsRepository } from '@/modules/conversations/conversations.repository.ts';

/** The conversation list behind the header's messages badge; the messages screen comes later. */
export function conversationsService({ repo, clock }: { repo: ConversationsRepository; clock: Clock }) {
  return {
    async list(sellerId: string): Promise<ConversationsResponse> {
      const rows = await repo.listWithUnread(sellerId);
      return {
        conversations: rows.map((row) => ({
          _id: row.id,
          buyerName: row.buyerName,
          lastMessage:
            row.lastBody !== null && row.lastSender !== null && row.lastCreatedAt !== null
              ? { body: row.lastBody, sender: row.lastSender, createdAt: row.lastCreatedAt.toISOString() }
              : null,
          updatedAt: row.updatedAt.toISOString(),
          unreadCount: row.unreadCount,
        })),
      };
    },

    async markAllRead(sellerId: string): Promise<MarkAllReadResponse> {
      const updated = await repo.markAllRead(sellerId, clock.now());
      return { message: 'All messages marked as read', updated };
    },
  };
}
export type ConversationsService = ReturnType<typeof conversationsService>;
