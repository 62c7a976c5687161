import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { conversationMessages, conversations } from '@/db/schema/index.ts';

/** Queries only; every one is scoped to the seller who owns the conversations. */
export function conversationsRepository(db: Database) {
  return {
    async listWithUnread(sellerId: string) {
      const unread = db
        .select({
          conversationId: conversationMessages.conversationId,
          n: sql<number>`count(*)::int`.as('n'),
        })
        .from(conversationMessages)
        .where(and(eq(conversationMessages.sender, 'buyer'), isNull(conversationMessages.readAt)))
        .groupBy(conversationMessages.conversationId)
        .as('unread');
      const last = db
        .selectDistinctOn([conversationMessages.conversationId], {
          conversationId: conversationMessages.conversationId,
          body: conversationMessages.body,
          sender: conversationMessages.sender,
          createdAt: conversationMessages.createdAt,
        })
        .from(conversationMessages)
        .orderBy(conversationMessages.conversationId, desc(conversationMessages.createdAt))
        .as('last');
      return db
        .select({
          id: conversations.id,
          buyerName: conversations.buyerName,
          updatedAt: conversations.updatedAt,
          unreadCount: sql<number>`coalesce(${unread.n}, 0)::int`,
          lastBody: last.body,
          lastSender: last.sender,
          lastCreatedAt: last.createdAt,
        })
        .from(conversations)
        .leftJoin(unread, eq(unread.conversationId, conversations.id))
        .leftJoin(last, eq(last.conversationId, conversations.id))
        .where(eq(conversations.sellerId, sellerId))
        .orderBy(desc(conversations.updatedAt));
    },

    async markAllRead(sellerId: string, at: Date): Promise<number> {
      const owned = db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.sellerId, sellerId));
      const rows = await db
        .update(conversationMessages)
        .set({ readAt: at })
        .where(
          and(
            inArray(conversationMessages.conversationId, owned),
            eq(conversationMessages.sender, 'buyer'),
            isNull(conversationMessages.readAt),
          ),
        )
        .returning({ id: conversationMessages.id });
      return rows.length;
    },
  };
}
export type ConversationsRepository = ReturnType<typeof conversationsRepository>;
