import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { streamProducts } from '@/db/schema/live.ts';
import { maxBids } from '@/db/schema/proxy-bids.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';
import type { MaxBid } from '@/modules/live/proxy-rules.ts';

/** Queries of buyers' max bids (proxy bidding). The caller holds the auction's row lock. */
export function proxyBidsRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    /**
     * What the rules need of a run's book: its best three maxes (the best challenger and its best
     * opponent, with the leader possibly among them) and the leader's own, read by the index.
     */
    async book(q: Queryable, streamProductId: string, round: number, also: string[]): Promise<MaxBid[]> {
      const top = await q
        .select({ bidderId: maxBids.buyerId, maxKobo: maxBids.maxKobo, seq: maxBids.seq })
        .from(maxBids)
        .where(and(eq(maxBids.streamProductId, streamProductId), eq(maxBids.round, round)))
        .orderBy(desc(maxBids.maxKobo), asc(maxBids.seq))
        .limit(3);
      const found = new Map(top.map((m) => [m.bidderId, m]));
      // Fewer than three: that is the whole book (most auctions have no max at all).
      if (top.length < 3) return top;
      for (const buyerId of also) {
        if (found.has(buyerId)) continue;
        const [own] = await q
          .select({ bidderId: maxBids.buyerId, maxKobo: maxBids.maxKobo, seq: maxBids.seq })
          .from(maxBids)
          .where(
            and(
              eq(maxBids.streamProductId, streamProductId),
              eq(maxBids.round, round),
              eq(maxBids.buyerId, buyerId),
            ),
          );
        if (own) found.set(buyerId, own);
      }
      return [...found.values()];
    },

    /** Sets or raises the buyer's max of a run; a raise takes a new `seq` (it is a later offer). */
    async upsert(
      q: Queryable,
      values: {
        streamId: string;
        streamProductId: string;
        round: number;
        buyerId: string;
        maxKobo: number;
        now: Date;
      },
    ): Promise<{ seq: number; updatedAt: Date }> {
      const [row] = await q
        .insert(maxBids)
        .values({
          streamId: values.streamId,
          streamProductId: values.streamProductId,
          round: values.round,
          buyerId: values.buyerId,
          maxKobo: values.maxKobo,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .onConflictDoUpdate({
          target: [maxBids.streamProductId, maxBids.round, maxBids.buyerId],
          set: {
            maxKobo: values.maxKobo,
            updatedAt: values.now,
            seq: sql`nextval(pg_get_serial_sequence('max_bids', 'seq'))`,
          },
        })
        .returning({ seq: maxBids.seq, updatedAt: maxBids.updatedAt });
      if (!row) throw new Error('upsert returned no max bid');
      return row;
    },

    /** The buyer's maxes on a show for each product's current run (a pre-bid waits for the next). */
    async mine(q: Queryable, buyerId: string, streamId: string) {
      return q
        .select({
          streamProductId: maxBids.streamProductId,
          productId: streamProducts.productId,
          maxKobo: maxBids.maxKobo,
          round: maxBids.round,
          updatedAt: maxBids.updatedAt,
          itemRound: streamProducts.round,
          bidStatus: streamProducts.bidStatus,
          currentBidderId: streamProducts.currentBidderId,
        })
        .from(maxBids)
        .innerJoin(streamProducts, eq(streamProducts.id, maxBids.streamProductId))
        .where(
          and(
            eq(maxBids.buyerId, buyerId),
            eq(maxBids.streamId, streamId),
            sql`${maxBids.round} >= ${streamProducts.round}`,
          ),
        )
        .orderBy(asc(streamProducts.position));
    },
  };
}
export type ProxyBidsRepository = ReturnType<typeof proxyBidsRepository>;
