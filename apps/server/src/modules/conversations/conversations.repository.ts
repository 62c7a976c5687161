import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { conversationMessages, conversations } from '@/db/schema/index.ts';

const unreadByBuyer = and(eq(conversationMessages.sender, 'buyer'), isNull(conversationMessages.readAt));

/** Queries only; every one is scoped to the seller who owns the conversations. */
export function conversationsRepository(db: Database) {
  /**
   * The badge's number: unread buyer messages in the seller's conversations. The messages are
   * counted from conversation_messages_buyer_unread_idx (a partial index of exactly those rows).
   */
  const unreadCountQuery = (sellerId: string) =>
    db
      .select({ n: count() })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .where(and(eq(conversations.sellerId, sellerId), unreadByBuyer));

  return {
    unreadCountQuery,

    async countUnread(sellerId: string): Promise<number> {
      const [row] = await unreadCountQuery(sellerId);
      return row?.n ?? 0;
    },

    async markAllRead(sellerId: string, at: Date): Promise<number> {
      const owned = db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.sellerId, sellerId));
      const rows = await db
        .update(conversationMessages)
        .set({ readAt: at })
        .where(and(inArray(conversationMessages.conversationId, owned), unreadByBuyer))
        .returning({ id: conversationMessages.id });
      return rows.length;
    },
  };
}
export type ConversationsRepository = ReturnType<typeof conversationsRepository>;
