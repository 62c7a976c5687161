import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { conversationMessages, conversations } from '@/db/schema/index.ts';

export type ConversationRow = {
  id: string;
  buyerName: string;
  updatedAt: Date;
  unreadCount: number;
  lastBody: string | null;
  lastSender: 'buyer' | 'seller' | null;
  lastCreatedAt: Date | null;
};

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
    /**
     * One page of the seller's conversations, newest first. The page is picked first (from
     * conversations_seller_updated_idx); only then are its few conversations' last message and
     * unread count looked up, each from an index, so no other conversation's messages are read.
     */
    async page(sellerId: string, offset: number, limit: number): Promise<ConversationRow[]> {
      const { rows } = await db.execute<{
        id: string;
        buyer_name: string;
        updated_at: string | Date;
        unread_count: number;
        last_body: string | null;
        last_sender: 'buyer' | 'seller' | null;
        last_created_at: string | Date | null;
      }>(sql`
        select c.id, c.buyer_name, c.updated_at, u.n as unread_count,
               l.body as last_body, l.sender as last_sender, l.created_at as last_created_at
        from (
          select ${conversations.id} as id, ${conversations.buyerName} as buyer_name,
                 ${conversations.updatedAt} as updated_at
          from ${conversations}
          where ${conversations.sellerId} = ${sellerId}
          order by ${conversations.updatedAt} desc, ${conversations.id} desc
          limit ${limit} offset ${offset}
        ) c
        cross join lateral (
          select count(*)::int as n from ${conversationMessages} m
          where m.conversation_id = c.id and m.sender = 'buyer' and m.read_at is null
        ) u
        left join lateral (
          select m.body, m.sender, m.created_at from ${conversationMessages} m
          where m.conversation_id = c.id
          order by m.created_at desc
          limit 1
        ) l on true
        order by c.updated_at desc, c.id desc`);
      const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));
      return rows.map((r) => ({
        id: r.id,
        buyerName: r.buyer_name,
        updatedAt: date(r.updated_at),
        unreadCount: r.unread_count,
        lastBody: r.last_body,
        lastSender: r.last_sender,
        lastCreatedAt: r.last_created_at === null ? null : date(r.last_created_at),
      }));
    },

    async countConversations(sellerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(conversations)
        .where(eq(conversations.sellerId, sellerId));
      return row?.n ?? 0;
    },

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
