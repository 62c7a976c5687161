import type {
  ConversationsResponse,
  ConversationsUnreadCountResponse,
  MarkAllReadResponse,
} from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import type { ConversationsRepository } from '@/modules/conversations/conversations.repository.ts';

/** The conversation list and the header's messages badge; the messages screen comes later. */
export function conversationsService({ repo, clock }: { repo: ConversationsRepository; clock: Clock }) {
  return {
    async list(sellerId: string, query: { page: number; limit: number }): Promise<ConversationsResponse> {
      const [rows, total] = await Promise.all([
        repo.page(sellerId, (query.page - 1) * query.limit, query.limit),
        repo.countConversations(sellerId),
      ]);
      const totalPages = Math.max(1, Math.ceil(total / query.limit));
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
        pagination: { currentPage: query.page, totalPages, total, hasMore: query.page < totalPages },
      };
    },

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
