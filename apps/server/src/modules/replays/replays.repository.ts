import { and, count, countDistinct, eq, gte, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { storeFollows } from '@/db/schema/audience.ts';
import { bids, streamProducts, streams } from '@/db/schema/live.ts';
import { orders } from '@/db/schema/orders.ts';
import { type StreamReplayRow, streamReplays } from '@/db/schema/replays.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

export type ReplayStream = Pick<
  typeof streams.$inferSelect,
  'id' | 'sellerId' | 'status' | 'actualStartTime' | 'endedAt' | 'peakViewers' | 'viewerCount'
>;

const streamFields = {
  id: streams.id,
  sellerId: streams.sellerId,
  status: streams.status,
  actualStartTime: streams.actualStartTime,
  endedAt: streams.endedAt,
  peakViewers: streams.peakViewers,
  viewerCount: streams.viewerCount,
};

/** Queries of replays and of what a past show's summary counts. */
export function replaysRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    async findStream(q: Queryable, id: string): Promise<ReplayStream | null> {
      const [row] = await q.select(streamFields).from(streams).where(eq(streams.id, id)).limit(1);
      return row ?? null;
    },

    /** The seller's own stream, its row locked for the caller's transaction; null when not theirs. */
    async lockSellerStream(q: Queryable, sellerId: string, id: string): Promise<ReplayStream | null> {
      const [row] = await q
        .select(streamFields)
        .from(streams)
        .where(and(eq(streams.id, id), eq(streams.sellerId, sellerId)))
        .for('update');
      return row ?? null;
    },

    async findReplay(q: Queryable, streamId: string): Promise<StreamReplayRow | null> {
      const [row] = await q.select().from(streamReplays).where(eq(streamReplays.streamId, streamId)).limit(1);
      return row ?? null;
    },

    async lockReplay(q: Queryable, streamId: string): Promise<StreamReplayRow | null> {
      const [row] = await q
        .select()
        .from(streamReplays)
        .where(eq(streamReplays.streamId, streamId))
        .for('update');
      return row ?? null;
    },

    async insertReplay(q: Queryable, values: typeof streamReplays.$inferInsert): Promise<StreamReplayRow> {
      const [row] = await q.insert(streamReplays).values(values).returning();
      if (!row) throw new Error('insert returned no replay');
      return row;
    },

    async updateReplay(
      q: Queryable,
      streamId: string,
      values: Partial<typeof streamReplays.$inferInsert>,
    ): Promise<StreamReplayRow | null> {
      const [row] = await q
        .update(streamReplays)
        .set(values)
        .where(eq(streamReplays.streamId, streamId))
        .returning();
      return row ?? null;
    },

    /** The show's sold auctions with when each closed. */
    soldMoments(q: Queryable, streamId: string) {
      return q
        .select({
          id: streamProducts.id,
          productName: streamProducts.productName,
          image: streamProducts.productImage,
          amountKobo: streamProducts.currentBidKobo,
          closedAt: streamProducts.closedAt,
          endsAt: streamProducts.endsAt,
        })
        .from(streamProducts)
        .where(
          and(
            eq(streamProducts.streamId, streamId),
            eq(streamProducts.outcome, 'sold'),
            isNotNull(streamProducts.closedAt),
          ),
        )
        .orderBy(streamProducts.closedAt);
    },

    /** Orders of the show (auction wins and Buy Now), cancelled ones left out. */
    async orderFigures(q: Queryable, streamId: string) {
      const [row] = await q
        .select({
          orders: count(),
          buyers: countDistinct(orders.buyerId),
          salesKobo: sql<string>`coalesce(sum(${orders.subtotalKobo}), 0)`,
        })
        .from(orders)
        .where(and(eq(orders.streamId, streamId), ne(orders.fulfilmentStatus, 'cancelled')));
      return {
        orders: row?.orders ?? 0,
        buyers: row?.buyers ?? 0,
        salesKobo: Number(row?.salesKobo ?? 0),
      };
    },

    async bidCount(q: Queryable, streamId: string): Promise<number> {
      const [row] = await q.select({ n: count() }).from(bids).where(eq(bids.streamId, streamId));
      return row?.n ?? 0;
    },

    /** Buyers who followed the store between `from` and `to`. */
    async followersBetween(q: Queryable, sellerId: string, from: Date, to: Date): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(storeFollows)
        .where(
          and(
            eq(storeFollows.sellerId, sellerId),
            gte(storeFollows.createdAt, from),
            lte(storeFollows.createdAt, to),
          ),
        );
      return row?.n ?? 0;
    },

    /** Giveaways run to their end in the show, won or with nobody entered (issue 21). */
    async giveawayCount(q: Queryable, streamId: string): Promise<number | null> {
      const counted = await q.execute<{ n: number }>(
        sql`select count(*)::int as n from giveaways where stream_id = ${streamId} and status in ('drawn', 'no_entrants')`,
      );
      return counted.rows[0]?.n ?? 0;
    },
  };
}
export type ReplaysRepository = ReturnType<typeof replaysRepository>;
