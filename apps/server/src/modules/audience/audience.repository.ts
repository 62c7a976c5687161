// size: every query of followers, the Updates inbox and campaigns, with the audience SQL they share
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  buyerStorePreferences,
  buyers,
  type CampaignAudienceRecord,
  type CampaignRow,
  campaigns,
  type InboxItemRow,
  inboxItems,
  products,
  sellers,
  storeFollows,
  streams,
} from '@/db/schema/index.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

export type NewInboxItem = Omit<typeof inboxItems.$inferInsert, 'id' | 'buyerId'>;
export type NewCampaign = Omit<typeof campaigns.$inferInsert, 'id'>;

/** An order that was really placed: paid, or pay on delivery, and not cancelled. */
const bought = (alias: string) =>
  sql.raw(`${alias}.payment_status <> 'awaiting_payment' and ${alias}.fulfilment_status <> 'cancelled'`);

/** The buyer ids an audience names before anyone is left out (a statement selecting `buyer_id`). */
function candidates(sellerId: string, audience: CampaignAudienceRecord): SQL {
  switch (audience.kind) {
    case 'followers':
      return sql`select buyer_id from store_follows where seller_id = ${sellerId}`;
    case 'past_buyers':
      return sql`select o.buyer_id from orders o where o.seller_id = ${sellerId} and ${bought('o')}`;
    case 'product_buyers':
      return sql`select o.buyer_id from orders o join order_lines l on l.order_id = o.id
        where o.seller_id = ${sellerId} and ${bought('o')}
          and l.product_id in (${sql.join(
            audience.productIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
    case 'show_attendees':
      // Who took part: bid, commented or ordered in the show. The stream is checked to be the seller's.
      return sql`select b.buyer_id from bids b join streams s on s.id = b.stream_id
          where b.stream_id = ${audience.streamId} and s.seller_id = ${sellerId}
        union select c.author_id from stream_comments c join streams s on s.id = c.stream_id
          where c.stream_id = ${audience.streamId} and c.author_kind = 'buyer' and s.seller_id = ${sellerId}
        union select o.buyer_id from orders o
          where o.stream_id = ${audience.streamId} and o.seller_id = ${sellerId}`;
    case 'states':
      return sql`select o.buyer_id from orders o where o.seller_id = ${sellerId} and ${bought('o')}
        and o.buyer_state in (${sql.join(
          audience.states.map((s) => sql`${s}`),
          sql`, `,
        )})`;
  }
}

/**
 * The audience less every buyer who unsubscribed from or blocked the store; with `after`, only ids
 * past that cursor, filtered before the de-duplication so a batch reads its own slice of the
 * audience (an index range for followers), not the whole audience again.
 */
function reachable(sellerId: string, audience: CampaignAudienceRecord, after: string | null = null): SQL {
  return sql`select distinct cand.buyer_id from (${candidates(sellerId, audience)}) as cand(buyer_id)
    where ${after ? sql`cand.buyer_id > ${after}::uuid and ` : sql``}not exists (
      select 1 from buyer_store_preferences p
      where p.seller_id = ${sellerId} and p.buyer_id = cand.buyer_id and (p.unsubscribed or p.blocked)
    )`;
}

/** Queries only, each taking the service's transaction or `db` first. */
export function audienceRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async storeName(q: Queryable, sellerId: string): Promise<string | null> {
      const [row] = await q
        .select({ storeName: sellers.storeName })
        .from(sellers)
        .where(eq(sellers.id, sellerId));
      return row?.storeName ?? null;
    },

    /** Holds the seller's row: campaigns of one seller are counted against the daily limit one at a time. */
    async lockSeller(q: Queryable, sellerId: string) {
      await q.execute(sql`select id from sellers where id = ${sellerId} for update`);
    },

    // ---- follows and preferences ----

    async follow(q: Queryable, buyerId: string, sellerId: string, at: Date): Promise<boolean> {
      const rows = await q
        .insert(storeFollows)
        .values({ buyerId, sellerId, createdAt: at })
        .onConflictDoNothing()
        .returning({ buyerId: storeFollows.buyerId });
      return rows.length > 0;
    },

    async unfollow(q: Queryable, buyerId: string, sellerId: string) {
      await q
        .delete(storeFollows)
        .where(and(eq(storeFollows.buyerId, buyerId), eq(storeFollows.sellerId, sellerId)));
    },

    async isFollowing(q: Queryable, buyerId: string, sellerId: string) {
      const [row] = await q
        .select({ one: sql<number>`1` })
        .from(storeFollows)
        .where(and(eq(storeFollows.buyerId, buyerId), eq(storeFollows.sellerId, sellerId)));
      return Boolean(row);
    },

    async followerCount(q: Queryable, sellerId: string, since?: Date): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(storeFollows)
        .where(
          since
            ? and(eq(storeFollows.sellerId, sellerId), gte(storeFollows.createdAt, since))
            : eq(storeFollows.sellerId, sellerId),
        );
      return row?.n ?? 0;
    },

    async preferences(q: Queryable, buyerId: string, sellerId: string) {
      const [row] = await q
        .select({ unsubscribed: buyerStorePreferences.unsubscribed, blocked: buyerStorePreferences.blocked })
        .from(buyerStorePreferences)
        .where(and(eq(buyerStorePreferences.buyerId, buyerId), eq(buyerStorePreferences.sellerId, sellerId)));
      return row ?? { unsubscribed: false, blocked: false };
    },

    async setPreferences(
      q: Queryable,
      buyerId: string,
      sellerId: string,
      prefs: { unsubscribed: boolean; blocked: boolean },
      at: Date,
    ) {
      await q
        .insert(buyerStorePreferences)
        .values({ buyerId, sellerId, ...prefs, updatedAt: at })
        .onConflictDoUpdate({
          target: [buyerStorePreferences.sellerId, buyerStorePreferences.buyerId],
          set: { ...prefs, updatedAt: at },
        });
    },

    // ---- the inbox ----

    /** Inserts items for these buyers, skipping any they already have; answers the buyers reached. */
    async deliver(q: Queryable, buyerIds: string[], item: NewInboxItem): Promise<string[]> {
      if (buyerIds.length === 0) return [];
      const rows = await q
        .insert(inboxItems)
        .values(buyerIds.map((buyerId) => ({ ...item, buyerId })))
        .onConflictDoNothing()
        .returning({ buyerId: inboxItems.buyerId });
      return rows.map((r) => r.buyerId);
    },

    /**
     * Puts one item in the inbox of every follower of the seller who has not blocked the store, in
     * one statement however many followers there are.
     */
    async deliverToFollowers(q: Queryable, sellerId: string, item: NewInboxItem): Promise<number> {
      const result = await q.execute(sql`
        insert into inbox_items (buyer_id, seller_id, kind, dedupe_key, title, message, image, link, link_label, created_at)
        select f.buyer_id, ${sellerId}, ${item.kind}, ${item.dedupeKey}, ${item.title}, ${item.message},
          ${item.image ?? null}, ${item.link ?? null}, ${item.linkLabel ?? null}, ${(item.createdAt ?? new Date()).toISOString()}
        from store_follows f
        where f.seller_id = ${sellerId}
          and not exists (select 1 from buyer_store_preferences p
            where p.seller_id = f.seller_id and p.buyer_id = f.buyer_id and p.blocked)
        on conflict do nothing`);
      return result.rowCount ?? 0;
    },

    async inboxPage(q: Queryable, buyerId: string, offset: number, limit: number) {
      return q
        .select({ item: inboxItems, storeName: sellers.storeName })
        .from(inboxItems)
        .innerJoin(sellers, eq(sellers.id, inboxItems.sellerId))
        .where(eq(inboxItems.buyerId, buyerId))
        .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
        .offset(offset)
        .limit(limit);
    },

    async unreadCount(q: Queryable, buyerId: string): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(inboxItems)
        .where(and(eq(inboxItems.buyerId, buyerId), isNull(inboxItems.openedAt)));
      return row?.n ?? 0;
    },

    /** Marks the buyer's own item opened (and clicked); another buyer's id finds nothing. */
    async markItem(
      q: Queryable,
      buyerId: string,
      id: string,
      what: 'open' | 'click',
      at: Date,
    ): Promise<{ item: InboxItemRow; storeName: string } | null> {
      const set =
        what === 'open'
          ? { openedAt: sql`coalesce(${inboxItems.openedAt}, ${at.toISOString()}::timestamptz)` }
          : {
              openedAt: sql`coalesce(${inboxItems.openedAt}, ${at.toISOString()}::timestamptz)`,
              clickedAt: sql`coalesce(${inboxItems.clickedAt}, ${at.toISOString()}::timestamptz)`,
            };
      const [row] = await q
        .update(inboxItems)
        .set(set)
        .where(and(eq(inboxItems.id, id), eq(inboxItems.buyerId, buyerId)))
        .returning();
      if (!row) return null;
      return { item: row, storeName: (await this.storeName(q, row.sellerId)) ?? '' };
    },

    /** The campaign's items whose e-mail copy has not gone yet, for these buyers, with their addresses. */
    async unmailed(q: Queryable, campaignId: string, buyerIds: string[]) {
      if (buyerIds.length === 0) return [];
      return q
        .select({ id: inboxItems.id, email: buyers.email, name: buyers.name })
        .from(inboxItems)
        .innerJoin(buyers, eq(buyers.id, inboxItems.buyerId))
        .where(
          and(
            eq(inboxItems.campaignId, campaignId),
            inArray(inboxItems.buyerId, buyerIds),
            isNull(inboxItems.emailedAt),
          ),
        );
    },

    async markEmailed(q: Queryable, itemIds: string[], at: Date) {
      if (itemIds.length === 0) return;
      await q.update(inboxItems).set({ emailedAt: at }).where(inArray(inboxItems.id, itemIds));
    },

    // ---- campaigns ----

    async countAudience(q: Queryable, sellerId: string, audience: CampaignAudienceRecord): Promise<number> {
      const { rows } = await q.execute<{ n: string }>(
        sql`select count(*) as n from (${reachable(sellerId, audience)}) as a`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * Delivers the campaign to the next `limit` reachable buyers after `after` in one statement (the
     * rows are made by PostgreSQL, not sent from here): answers how many buyers the batch held, the
     * last one (the next cursor) and the buyers who got it now (not already holding it).
     */
    async deliverBatch(
      q: Queryable,
      row: CampaignRow,
      after: string | null,
      limit: number,
      item: { link: string | null; linkLabel: string | null; couponCode: string | null; at: Date },
    ): Promise<{ size: number; last: string | null; reached: string[] }> {
      const { rows } = await q.execute<{ size: number; last: string | null; reached: string[] }>(sql`
        with batch as (
          select a.buyer_id from (${reachable(row.sellerId, row.audience, after)}) as a
          order by a.buyer_id limit ${limit}
        ), delivered as (
          insert into inbox_items (buyer_id, seller_id, kind, campaign_id, dedupe_key, title, message, image,
            link, link_label, coupon_code, created_at)
          select b.buyer_id, ${row.sellerId}, 'campaign', ${row.id}, ${`campaign:${row.id}`}, ${row.title},
            ${row.message}, ${row.image}, ${item.link}, ${item.linkLabel}, ${item.couponCode},
            ${item.at.toISOString()}::timestamptz
          from batch b
          on conflict do nothing
          returning buyer_id
        )
        select (select count(*)::int from batch) as size,
          (select buyer_id::text from batch order by buyer_id desc limit 1) as last,
          coalesce((select array_agg(buyer_id::text) from delivered), '{}') as reached`);
      const [answer] = rows;
      return { size: answer?.size ?? 0, last: answer?.last ?? null, reached: answer?.reached ?? [] };
    },

    async insertCampaign(q: Queryable, row: NewCampaign): Promise<CampaignRow> {
      const [inserted] = await q.insert(campaigns).values(row).returning();
      if (!inserted) throw new Error('The campaign was not stored');
      return inserted;
    },

    async findCampaign(q: Queryable, sellerId: string, id: string): Promise<CampaignRow | null> {
      const [row] = await q
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.sellerId, sellerId)));
      return row ?? null;
    },

    async campaignById(q: Queryable, id: string): Promise<CampaignRow | null> {
      const [row] = await q.select().from(campaigns).where(eq(campaigns.id, id));
      return row ?? null;
    },

    async lockCampaign(q: Queryable, id: string): Promise<CampaignRow | null> {
      const [row] = await q.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
      return row ?? null;
    },

    async updateCampaign(q: Queryable, id: string, set: Partial<NewCampaign>) {
      await q.update(campaigns).set(set).where(eq(campaigns.id, id));
    },

    async addDelivered(q: Queryable, id: string, n: number) {
      await q
        .update(campaigns)
        .set({ delivered: sql`${campaigns.delivered} + ${n}` })
        .where(eq(campaigns.id, id));
    },

    /** Campaigns of the seller (not cancelled) due within [from, to): the daily limit's count. */
    async countInDay(q: Queryable, sellerId: string, from: Date, to: Date): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.sellerId, sellerId),
            ne(campaigns.status, 'cancelled'),
            gte(campaigns.scheduledAt, from),
            lt(campaigns.scheduledAt, to),
          ),
        );
      return row?.n ?? 0;
    },

    async pageCampaigns(
      q: Queryable,
      sellerId: string,
      status: CampaignRow['status'] | undefined,
      offset: number,
      limit: number,
    ) {
      const where = status
        ? and(eq(campaigns.sellerId, sellerId), eq(campaigns.status, status))
        : eq(campaigns.sellerId, sellerId);
      const [rows, [total]] = await Promise.all([
        q
          .select()
          .from(campaigns)
          .where(where)
          .orderBy(desc(campaigns.scheduledAt), desc(campaigns.id))
          .offset(offset)
          .limit(limit),
        q.select({ n: count() }).from(campaigns).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async statusCounts(q: Queryable, sellerId: string) {
      const rows = await q
        .select({ status: campaigns.status, n: count() })
        .from(campaigns)
        .where(eq(campaigns.sellerId, sellerId))
        .groupBy(campaigns.status);
      return new Map(rows.map((r) => [r.status, r.n]));
    },

    async latestSent(q: Queryable, sellerId: string): Promise<CampaignRow | null> {
      const [row] = await q
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.sellerId, sellerId), isNotNull(campaigns.sentAt)))
        .orderBy(desc(campaigns.sentAt))
        .limit(1);
      return row ?? null;
    },

    /** Opened and clicked per campaign, and the orders attributed to a click within `days`. */
    async results(q: Queryable, sellerId: string, ids: string[], days: number) {
      const empty = new Map<
        string,
        { opened: number; clicked: number; orders: number; revenueKobo: number }
      >();
      if (ids.length === 0) return empty;
      const idList = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const [engagement, attributed] = await Promise.all([
        q.execute<{ campaign_id: string; opened: string; clicked: string }>(sql`
          select campaign_id, count(opened_at) as opened, count(clicked_at) as clicked
          from inbox_items where campaign_id in (${idList}) group by campaign_id`),
        q.execute<{ campaign_id: string; orders: string; revenue: string }>(sql`
          select i.campaign_id, count(o.id) as orders, coalesce(sum(o.total_kobo), 0) as revenue
          from inbox_items i
          join orders o on o.buyer_id = i.buyer_id and o.seller_id = ${sellerId}
            and o.created_at >= i.clicked_at
            and o.created_at < i.clicked_at + make_interval(days => ${days})
            and ${bought('o')}
          where i.campaign_id in (${idList}) and i.clicked_at is not null
          group by i.campaign_id`),
      ]);
      for (const id of ids) empty.set(id, { opened: 0, clicked: 0, orders: 0, revenueKobo: 0 });
      for (const r of engagement.rows) {
        const e = empty.get(r.campaign_id);
        if (e) Object.assign(e, { opened: Number(r.opened), clicked: Number(r.clicked) });
      }
      for (const r of attributed.rows) {
        const e = empty.get(r.campaign_id);
        if (e) Object.assign(e, { orders: Number(r.orders), revenueKobo: Number(r.revenue) });
      }
      return empty;
    },

    async sellerProduct(q: Queryable, sellerId: string, productId: string) {
      const [row] = await q
        .select({ id: products.id, name: products.name, status: products.status })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)));
      return row ?? null;
    },

    async sellerProductCount(q: Queryable, sellerId: string, productIds: string[]): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), inArray(products.id, productIds)));
      return row?.n ?? 0;
    },

    async stream(q: Queryable, streamId: string) {
      const [row] = await q
        .select({
          id: streams.id,
          sellerId: streams.sellerId,
          title: streams.title,
          status: streams.status,
          scheduledStartTime: streams.scheduledStartTime,
        })
        .from(streams)
        .where(eq(streams.id, streamId));
      return row ?? null;
    },
  };
}
export type AudienceRepository = ReturnType<typeof audienceRepository>;
