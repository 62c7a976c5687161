import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  blips,
  buyers,
  conversationMessages,
  conversations,
  type MessageAttachment,
  messageMailState,
  orders,
  products,
  quickReplies,
  sellers,
  streams,
} from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';

export type Side = 'buyer' | 'seller';
export type MessageRow = typeof conversationMessages.$inferSelect;
export type QuickReplyRow = typeof quickReplies.$inferSelect;

export type ConversationDetailRow = {
  id: string;
  sellerId: string;
  buyerId: string | null;
  buyerName: string;
  storeName: string;
  updatedAt: Date;
  unreadCount: number;
  buyerUnreadCount: number;
  flagged: boolean;
  last: { body: string; sender: Side; kind: MessageRow['kind']; createdAt: Date } | null;
};

const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/** Queries only. Every read names its owner (the seller, or the buyer), so ids alone reveal nothing. */
export function messagesRepository(db: Database) {
  /**
   * Conversations with what a list row shows; `where` picks them (always by owner). Each row's
   * counts and last message come from per-conversation indexes, after the page is chosen.
   */
  async function details(where: ReturnType<typeof sql>, limit: number, offset: number, q: Queryable = db) {
    const { rows } = await q.execute<{
      id: string;
      seller_id: string;
      buyer_id: string | null;
      buyer_name: string;
      store_name: string;
      updated_at: string | Date;
      unread_count: number;
      buyer_unread_count: number;
      flagged: boolean;
      last_body: string | null;
      last_sender: Side | null;
      last_kind: MessageRow['kind'] | null;
      last_created_at: string | Date | null;
    }>(sql`
      select c.id, c.seller_id, c.buyer_id, c.buyer_name, s.store_name, c.updated_at,
             u.n as unread_count, bu.n as buyer_unread_count, f.flagged,
             l.body as last_body, l.sender as last_sender, l.kind as last_kind, l.created_at as last_created_at
      from (
        select * from ${conversations} c where ${where}
        order by c.updated_at desc, c.id desc
        limit ${limit} offset ${offset}
      ) c
      join ${sellers} s on s.id = c.seller_id
      cross join lateral (
        select count(*)::int as n from ${conversationMessages} m
        where m.conversation_id = c.id and m.sender = 'buyer' and m.read_at is null
      ) u
      cross join lateral (
        select count(*)::int as n from ${conversationMessages} m
        where m.conversation_id = c.id and m.sender = 'seller' and m.read_at is null
      ) bu
      cross join lateral (
        select exists (
          select 1 from ${conversationMessages} m
          where m.conversation_id = c.id and m.sender = 'buyer' and m.read_at is null and m.flags <> '{}'
        ) as flagged
      ) f
      left join lateral (
        select m.body, m.sender, m.kind, m.created_at from ${conversationMessages} m
        where m.conversation_id = c.id
        order by m.created_at desc, m.id desc
        limit 1
      ) l on true
      order by c.updated_at desc, c.id desc`);
    return rows.map(
      (r): ConversationDetailRow => ({
        id: r.id,
        sellerId: r.seller_id,
        buyerId: r.buyer_id,
        buyerName: r.buyer_name,
        storeName: r.store_name,
        updatedAt: date(r.updated_at),
        unreadCount: r.unread_count,
        buyerUnreadCount: r.buyer_unread_count,
        flagged: r.flagged,
        last:
          r.last_body !== null && r.last_sender && r.last_kind && r.last_created_at
            ? {
                body: r.last_body,
                sender: r.last_sender,
                kind: r.last_kind,
                createdAt: date(r.last_created_at),
              }
            : null,
      }),
    );
  }

  const sellerWhere = (sellerId: string, search?: string) => {
    if (!search) return sql`c.seller_id = ${sellerId}`;
    const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return sql`c.seller_id = ${sellerId} and (c.buyer_name ilike ${like} or exists (
      select 1 from ${conversationMessages} m where m.conversation_id = c.id and m.body ilike ${like}))`;
  };

  return {
    async sellerPage(sellerId: string, offset: number, limit: number, search?: string) {
      const where = sellerWhere(sellerId, search);
      const [rows, total] = await Promise.all([
        details(where, limit, offset),
        db.execute<{ n: number }>(sql`select count(*)::int as n from ${conversations} c where ${where}`),
      ]);
      return { rows, total: total.rows[0]?.n ?? 0 };
    },

    async buyerPage(buyerId: string, offset: number, limit: number) {
      const where = sql`c.buyer_id = ${buyerId}`;
      const [rows, total] = await Promise.all([
        details(where, limit, offset),
        db.execute<{ n: number }>(sql`select count(*)::int as n from ${conversations} c where ${where}`),
      ]);
      return { rows, total: total.rows[0]?.n ?? 0 };
    },

    /** One conversation of its owner's, or null (another's id answers like a made-up one). */
    async detail(owner: { sellerId: string } | { buyerId: string }, id: string, q: Queryable = db) {
      const where =
        'sellerId' in owner
          ? sql`c.id = ${id} and c.seller_id = ${owner.sellerId}`
          : sql`c.id = ${id} and c.buyer_id = ${owner.buyerId}`;
      const [row] = await details(where, 1, 0, q);
      return row ?? null;
    },

    /** The one conversation of a seller and a buyer, made on first contact. */
    async findOrCreate(q: Queryable, sellerId: string, buyerId: string, buyerName: string, at: Date) {
      const [row] = await q
        .insert(conversations)
        .values({ sellerId, buyerId, buyerName, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [conversations.sellerId, conversations.buyerId],
          set: { buyerName: sql`excluded.buyer_name` },
        })
        .returning({ id: conversations.id });
      if (!row) throw new Error('conversation not stored');
      return row.id;
    },

    async buyer(buyerId: string) {
      const [row] = await db
        .select({ id: buyers.id, name: buyers.name, email: buyers.email })
        .from(buyers)
        .where(eq(buyers.id, buyerId));
      return row ?? null;
    },

    async sellerOfStream(streamId: string) {
      const [row] = await db
        .select({ sellerId: streams.sellerId })
        .from(streams)
        .where(eq(streams.id, streamId));
      return row?.sellerId ?? null;
    },
    async sellerOfBlip(blipId: string) {
      const [row] = await db.select({ sellerId: blips.sellerId }).from(blips).where(eq(blips.id, blipId));
      return row?.sellerId ?? null;
    },
    async sellerExists(sellerId: string) {
      const [row] = await db
        .select({ id: sellers.id })
        .from(sellers)
        .where(and(eq(sellers.id, sellerId), eq(sellers.isBlocked, false)));
      return Boolean(row);
    },

    /** An order of the seller's (or, with `buyerId`, of that buyer's too). */
    async order(owner: { sellerId: string } | { buyerId: string }, orderId: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            'sellerId' in owner ? eq(orders.sellerId, owner.sellerId) : eq(orders.buyerId, owner.buyerId),
          ),
        );
      return row ?? null;
    },

    /** A customer is a buyer who ordered from the seller. */
    async isCustomer(sellerId: string, buyerId: string) {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.sellerId, sellerId), eq(orders.buyerId, buyerId)))
        .limit(1);
      return Boolean(row);
    },

    async product(sellerId: string, productId: string) {
      const [row] = await db
        .select({
          id: products.id,
          name: products.name,
          priceKobo: products.priceKobo,
          images: products.images,
          status: products.status,
        })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)));
      return row ?? null;
    },

    /** Newest first, `limit + 1` rows so the caller knows whether older ones remain. */
    async messages(conversationId: string, before: { at: Date; id: string } | null, limit: number) {
      const older = before
        ? sql`and (m.created_at, m.id) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
        : sql``;
      const { rows } = await db.execute<{ id: string }>(sql`
        select m.id from ${conversationMessages} m
        where m.conversation_id = ${conversationId} ${older}
        order by m.created_at desc, m.id desc
        limit ${limit + 1}`);
      if (rows.length === 0) return [];
      const found = await db
        .select()
        .from(conversationMessages)
        .where(
          inArray(
            conversationMessages.id,
            rows.map((r) => r.id),
          ),
        );
      const byId = new Map(found.map((m) => [m.id, m]));
      return rows.map((r) => byId.get(r.id)).filter((m): m is MessageRow => m !== undefined);
    },

    /** Stores a message once per `clientId`: a retried send answers with the first one. */
    async insertMessage(
      q: Queryable,
      values: typeof conversationMessages.$inferInsert,
    ): Promise<{ row: MessageRow; created: boolean }> {
      // Sends in one conversation queue on its row, and each message is stamped after the one
      // before it, so two sent in the same millisecond still read in the order they were sent.
      const { rows: locked } = await q.execute<{ last: string | Date | null }>(sql`
        select (select max(m.created_at) from ${conversationMessages} m where m.conversation_id = c.id) as last
        from ${conversations} c where c.id = ${values.conversationId} for update`);
      const last = locked[0]?.last ? date(locked[0].last) : null;
      const now = values.createdAt ?? new Date();
      const createdAt = last && last.getTime() >= now.getTime() ? new Date(last.getTime() + 1) : now;
      const [row] = await q
        .insert(conversationMessages)
        .values({ ...values, createdAt })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await q
          .update(conversations)
          .set({ updatedAt: createdAt })
          .where(eq(conversations.id, values.conversationId));
        return { row, created: true };
      }
      const [first] = await q
        .select()
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.conversationId, values.conversationId),
            eq(conversationMessages.sender, values.sender),
            eq(conversationMessages.clientId, values.clientId ?? ''),
          ),
        );
      if (!first) throw new Error('message neither stored nor found');
      return { row: first, created: false };
    },

    /** Marks what the other side sent as read by `reader`. */
    async markRead(conversationId: string, reader: Side, at: Date) {
      const rows = await db
        .update(conversationMessages)
        .set({ readAt: at })
        .where(
          and(
            eq(conversationMessages.conversationId, conversationId),
            ne(conversationMessages.sender, reader),
            isNull(conversationMessages.readAt),
          ),
        )
        .returning({ id: conversationMessages.id });
      return rows.length;
    },

    /** The seller's badge: unread buyer messages over all their conversations. */
    async sellerUnread(sellerId: string, q: Queryable = db) {
      const { rows } = await q.execute<{ n: number }>(sql`
        select count(*)::int as n from ${conversationMessages} m
        join ${conversations} c on c.id = m.conversation_id
        where c.seller_id = ${sellerId} and m.sender = 'buyer' and m.read_at is null`);
      return rows[0]?.n ?? 0;
    },

    async buyerUnread(buyerId: string, q: Queryable = db) {
      const { rows } = await q.execute<{ n: number }>(sql`
        select count(*)::int as n from ${conversationMessages} m
        join ${conversations} c on c.id = m.conversation_id
        where c.buyer_id = ${buyerId} and m.sender = 'seller' and m.read_at is null`);
      return rows[0]?.n ?? 0;
    },

    async sellerEmail(sellerId: string, q: Queryable = db) {
      const [row] = await q
        .select({ email: sellers.email, storeName: sellers.storeName })
        .from(sellers)
        .where(eq(sellers.id, sellerId));
      return row ?? null;
    },

    /** Locks and reads when the seller was last mailed about unread messages. */
    async lastMailed(q: Queryable, sellerId: string) {
      const { rows } = await q.execute<{ last_sent_at: string | Date }>(sql`
        select last_sent_at from ${messageMailState} where seller_id = ${sellerId} for update`);
      const row = rows[0];
      return row ? date(row.last_sent_at) : null;
    },
    async setMailed(q: Queryable, sellerId: string, at: Date) {
      await q
        .insert(messageMailState)
        .values({ sellerId, lastSentAt: at })
        .onConflictDoUpdate({ target: messageMailState.sellerId, set: { lastSentAt: at } });
    },

    /** Which conversation a socket may signal typing in: its seller's or its buyer's. */
    async parties(conversationId: string) {
      const [row] = await db
        .select({ sellerId: conversations.sellerId, buyerId: conversations.buyerId })
        .from(conversations)
        .where(eq(conversations.id, conversationId));
      return row ?? null;
    },

    quickReplies: {
      list: (sellerId: string) =>
        db
          .select()
          .from(quickReplies)
          .where(eq(quickReplies.sellerId, sellerId))
          .orderBy(asc(quickReplies.createdAt), asc(quickReplies.id)),
      async count(sellerId: string) {
        const { rows } = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from ${quickReplies} where seller_id = ${sellerId}`,
        );
        return rows[0]?.n ?? 0;
      },
      async insert(sellerId: string, title: string, body: string, at: Date) {
        const [row] = await db
          .insert(quickReplies)
          .values({ sellerId, title, body, createdAt: at })
          .returning();
        if (!row) throw new Error('quick reply not stored');
        return row;
      },
      async update(sellerId: string, id: string, title: string, body: string) {
        const [row] = await db
          .update(quickReplies)
          .set({ title, body })
          .where(and(eq(quickReplies.id, id), eq(quickReplies.sellerId, sellerId)))
          .returning();
        return row ?? null;
      },
      async remove(sellerId: string, id: string) {
        const rows = await db
          .delete(quickReplies)
          .where(and(eq(quickReplies.id, id), eq(quickReplies.sellerId, sellerId)))
          .returning({ id: quickReplies.id });
        return rows.length > 0;
      },
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
export type { MessageAttachment };
