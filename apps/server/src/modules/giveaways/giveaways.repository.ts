import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { storeFollows } from '@/db/schema/audience.ts';
import { buyers } from '@/db/schema/buyers.ts';
import { type GiveawayRow, giveawayEntries, giveaways, type NewGiveawayRow } from '@/db/schema/giveaways.ts';
import { streams } from '@/db/schema/live.ts';
import { orders } from '@/db/schema/orders.ts';
import { products } from '@/db/schema/products.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

/** The queries of Live Giveaways (issue 21). */
export function giveawaysRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async stream(q: Queryable, id: string) {
      const [row] = await q
        .select({ id: streams.id, sellerId: streams.sellerId, status: streams.status })
        .from(streams)
        .where(eq(streams.id, id))
        .limit(1);
      return row ?? null;
    },

    /** The seller's own show, locked; another seller's answers null, like a missing one. */
    async lockSellerStream(q: Queryable, sellerId: string, id: string) {
      const [row] = await q
        .select({ id: streams.id, sellerId: streams.sellerId, status: streams.status })
        .from(streams)
        .where(and(eq(streams.id, id), eq(streams.sellerId, sellerId)))
        .for('update');
      return row ?? null;
    },

    async sellerProduct(q: Queryable, sellerId: string, productId: string) {
      const [row] = await q
        .select({
          id: products.id,
          name: products.name,
          images: products.images,
          priceKobo: products.priceKobo,
          variants: products.variants,
          status: products.status,
        })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)))
        .limit(1);
      return row ?? null;
    },

    async insert(q: Queryable, values: NewGiveawayRow): Promise<GiveawayRow> {
      const [row] = await q.insert(giveaways).values(values).returning();
      if (!row) throw new Error('the giveaway was not inserted');
      return row;
    },

    async update(q: Queryable, id: string, values: Partial<NewGiveawayRow>): Promise<void> {
      await q.update(giveaways).set(values).where(eq(giveaways.id, id));
    },

    async remove(q: Queryable, id: string): Promise<void> {
      await q.delete(giveaways).where(eq(giveaways.id, id));
    },

    async byId(q: Queryable, id: string): Promise<GiveawayRow | null> {
      const [row] = await q.select().from(giveaways).where(eq(giveaways.id, id)).limit(1);
      return row ?? null;
    },

    async byIdForShare(q: Queryable, id: string): Promise<GiveawayRow | null> {
      const [row] = await q.select().from(giveaways).where(eq(giveaways.id, id)).for('key share');
      return row ?? null;
    },

    async lock(q: Queryable, id: string): Promise<GiveawayRow | null> {
      const [row] = await q.select().from(giveaways).where(eq(giveaways.id, id)).for('update');
      return row ?? null;
    },

    /** The seller's own giveaway, locked; another seller's answers null. */
    async lockSellers(q: Queryable, sellerId: string, id: string): Promise<GiveawayRow | null> {
      const [row] = await q
        .select()
        .from(giveaways)
        .where(and(eq(giveaways.id, id), eq(giveaways.sellerId, sellerId)))
        .for('update');
      return row ?? null;
    },

    async running(q: Queryable, streamId: string): Promise<GiveawayRow | null> {
      const [row] = await q
        .select()
        .from(giveaways)
        .where(and(eq(giveaways.streamId, streamId), eq(giveaways.status, 'running')))
        .limit(1);
      return row ?? null;
    },

    async ofStream(q: Queryable, streamId: string): Promise<GiveawayRow[]> {
      return q
        .select()
        .from(giveaways)
        .where(eq(giveaways.streamId, streamId))
        .orderBy(asc(giveaways.createdAt), asc(giveaways.id));
    },

    async ofSeller(q: Queryable, sellerId: string) {
      return q
        .select({
          giveaway: giveaways,
          streamTitle: streams.title,
          streamStatus: streams.status,
          streamScheduledAt: streams.scheduledStartTime,
        })
        .from(giveaways)
        .innerJoin(streams, eq(streams.id, giveaways.streamId))
        .where(eq(giveaways.sellerId, sellerId))
        .orderBy(desc(streams.scheduledStartTime), desc(giveaways.createdAt), desc(giveaways.id))
        .limit(500);
    },

    /** Adds the entry; false when the buyer was already in (the primary key refused a second). */
    async insertEntry(q: Queryable, giveawayId: string, buyerId: string, at: Date): Promise<boolean> {
      const rows = await q
        .insert(giveawayEntries)
        .values({ giveawayId, buyerId, createdAt: at })
        .onConflictDoNothing()
        .returning({ buyerId: giveawayEntries.buyerId });
      return rows.length > 0;
    },

    /** Counts the entry on the giveaway's row and answers the new count. */
    async countEntry(q: Queryable, giveawayId: string): Promise<number> {
      const [row] = await q
        .update(giveaways)
        .set({ entrantsCount: sql`${giveaways.entrantsCount} + 1` })
        .where(eq(giveaways.id, giveawayId))
        .returning({ entrantsCount: giveaways.entrantsCount });
      return row?.entrantsCount ?? 0;
    },

    async hasEntry(q: Queryable, giveawayId: string, buyerId: string): Promise<boolean> {
      const [row] = await q
        .select({ buyerId: giveawayEntries.buyerId })
        .from(giveawayEntries)
        .where(and(eq(giveawayEntries.giveawayId, giveawayId), eq(giveawayEntries.buyerId, buyerId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The entrants as the draw's record hashes them, computed where they are: the count and the
     * SHA-256 (hex) of the buyer ids sorted and joined by "\n" (giveaway-draw.ts `entrantsHashOf`).
     * A uuid sorts by its bytes, which is the order of its lower-case text, so the primary key's
     * index gives the order; the 10,000 ids never cross the wire.
     */
    async entrantsDigest(q: Queryable, giveawayId: string): Promise<{ count: number; hash: string | null }> {
      const { rows } = await q.execute<{ count: number; hash: string | null }>(sql`
        select count(*)::int as count,
          encode(sha256(convert_to(string_agg(buyer_id::text, E'\n' order by buyer_id), 'UTF8')), 'hex') as hash
        from ${giveawayEntries} where giveaway_id = ${giveawayId}`);
      return rows[0] ?? { count: 0, hash: null };
    },

    /** The entrant at `index` (from 0) of the sorted ids. */
    async entrantAt(q: Queryable, giveawayId: string, index: number): Promise<string | null> {
      const [row] = await q
        .select({ buyerId: giveawayEntries.buyerId })
        .from(giveawayEntries)
        .where(eq(giveawayEntries.giveawayId, giveawayId))
        .orderBy(asc(giveawayEntries.buyerId))
        .offset(index)
        .limit(1);
      return row?.buyerId ?? null;
    },

    async isFollower(q: Queryable, sellerId: string, buyerId: string): Promise<boolean> {
      const [row] = await q
        .select({ buyerId: storeFollows.buyerId })
        .from(storeFollows)
        .where(and(eq(storeFollows.sellerId, sellerId), eq(storeFollows.buyerId, buyerId)))
        .limit(1);
      return row !== undefined;
    },

    /** The buyer bought in this show: an order of the show (a win or a Buy now), not a giveaway, not cancelled. */
    async boughtInShow(q: Queryable, streamId: string, buyerId: string): Promise<boolean> {
      const [row] = await q
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.streamId, streamId),
            eq(orders.buyerId, buyerId),
            ne(orders.source, 'giveaway'),
            ne(orders.fulfilmentStatus, 'cancelled'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async buyerName(q: Queryable, buyerId: string): Promise<string | null> {
      const [row] = await q.select({ name: buyers.name }).from(buyers).where(eq(buyers.id, buyerId)).limit(1);
      return row?.name ?? null;
    },
  };
}
export type GiveawaysRepository = ReturnType<typeof giveawaysRepository>;
