// size: the one repository of live shows: streams, their products and auctions, bids, comments and auction orders
import type { StreamStatus } from '@kasuwa/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { buyers } from '@/db/schema/buyers.ts';
import {
  bids,
  type NewStreamProductRow,
  type NewStreamRow,
  type StreamProductRow,
  type StreamRow,
  streamComments,
  streamProducts,
  streams,
} from '@/db/schema/live.ts';
import { categories, subCategories } from '@/db/schema/onboarding.ts';
import { orders } from '@/db/schema/orders.ts';
import { products } from '@/db/schema/products.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

/** A scheduled show nobody started within this long after its start time reads as expired. */
export const EXPIRY_GRACE_MS = 30 * 60 * 1000;

export type StreamRecord = StreamRow & {
  categoryName: string;
  subCategoryName: string | null;
};

export type StreamProductRecord = StreamProductRow & { currentBidderName: string | null };

/** What a past show achieved, counted from its bids and its orders. */
export type StreamTotals = { bidsCount: number; salesCount: number; salesTotalKobo: number };

const expiredBefore = (now: Date) => new Date(now.getTime() - EXPIRY_GRACE_MS);

/** The SQL of "reads as this status" at `now` (expired is a scheduled show past its grace). */
function statusCondition(status: StreamStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'expired':
      return and(eq(streams.status, 'scheduled'), lt(streams.scheduledStartTime, expiredBefore(now)));
    case 'scheduled':
      return and(eq(streams.status, 'scheduled'), gte(streams.scheduledStartTime, expiredBefore(now)));
    default:
      return eq(streams.status, status);
  }
}

const streamColumns = {
  stream: streams,
  categoryName: categories.name,
  subCategoryName: subCategories.name,
};

const toRecord = (r: {
  stream: StreamRow;
  categoryName: string;
  subCategoryName: string | null;
}): StreamRecord => ({ ...r.stream, categoryName: r.categoryName, subCategoryName: r.subCategoryName });

/**
 * Queries of live shows: streams, their products and auctions, bids, comments and orders. Each
 * takes the queryable first: the service's transaction, or `db` outside one.
 */
export function liveRepository(db: Database) {
  const selectStreams = (q: Queryable) =>
    q
      .select(streamColumns)
      .from(streams)
      .innerJoin(categories, eq(categories.id, streams.categoryId))
      .leftJoin(subCategories, eq(subCategories.id, streams.subCategoryId));

  return {
    db,

    transaction: transactionsOf(db),

    async categoryPairExists(
      q: Queryable,
      categoryId: string,
      subCategoryId: string | undefined,
    ): Promise<boolean> {
      if (subCategoryId === undefined) {
        const [row] = await q
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, categoryId))
          .limit(1);
        return row !== undefined;
      }
      const [row] = await q
        .select({ id: subCategories.id })
        .from(subCategories)
        .where(and(eq(subCategories.id, subCategoryId), eq(subCategories.categoryId, categoryId)))
        .limit(1);
      return row !== undefined;
    },

    /** The seller's products among `ids`, with what a show copies of them. */
    async sellerProducts(q: Queryable, sellerId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return q
        .select({
          id: products.id,
          name: products.name,
          priceKobo: products.priceKobo,
          images: products.images,
          status: products.status,
          variants: products.variants,
        })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), inArray(products.id, [...ids])));
    },

    async insertStream(
      q: Queryable,
      values: NewStreamRow,
      items: Omit<NewStreamProductRow, 'streamId'>[],
    ): Promise<string> {
      const [row] = await q.insert(streams).values(values).returning({ id: streams.id });
      if (!row) throw new Error('insert returned no stream');
      if (items.length) {
        await q.insert(streamProducts).values(items.map((item) => ({ ...item, streamId: row.id })));
      }
      return row.id;
    },

    async findStream(q: Queryable, id: string): Promise<StreamRecord | null> {
      const [row] = await selectStreams(q).where(eq(streams.id, id)).limit(1);
      return row ? toRecord(row) : null;
    },

    /** Locks the seller's stream row for a state change; null when it is not theirs. */
    async lockSellerStream(q: Queryable, sellerId: string, id: string): Promise<StreamRow | null> {
      const [row] = await q
        .select()
        .from(streams)
        .where(and(eq(streams.id, id), eq(streams.sellerId, sellerId)))
        .for('update');
      return row ?? null;
    },

    async updateStream(q: Queryable, id: string, values: Partial<NewStreamRow>): Promise<void> {
      await q
        .update(streams)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(streams.id, id));
    },

    async pageSellerStreams(
      q: Queryable,
      sellerId: string,
      filter: { statuses: StreamStatus[] | undefined; offset: number; limit: number; now: Date },
    ): Promise<{ rows: StreamRecord[]; total: number }> {
      const statusFilter = filter.statuses?.length
        ? or(...filter.statuses.map((s) => statusCondition(s, filter.now)))
        : undefined;
      const where = and(eq(streams.sellerId, sellerId), statusFilter);
      const [rows, [totalRow]] = await Promise.all([
        selectStreams(q)
          .where(where)
          .orderBy(desc(streams.scheduledStartTime), desc(streams.id))
          .offset(filter.offset)
          .limit(filter.limit),
        q.select({ n: count() }).from(streams).where(where),
      ]);
      return { rows: rows.map(toRecord), total: totalRow?.n ?? 0 };
    },

    async streamProductsOf(q: Queryable, streamIds: readonly string[]): Promise<StreamProductRecord[]> {
      if (streamIds.length === 0) return [];
      const rows = await q
        .select({ item: streamProducts, currentBidderName: buyers.name })
        .from(streamProducts)
        .leftJoin(buyers, eq(buyers.id, streamProducts.currentBidderId))
        .where(inArray(streamProducts.streamId, [...streamIds]))
        .orderBy(asc(streamProducts.streamId), asc(streamProducts.position));
      return rows.map((r) => ({ ...r.item, currentBidderName: r.currentBidderName }));
    },

    /**
     * Locks the rows of one product in a stream (one per variant when it is auctioned per
     * variant, else one), in id order so two lockers never deadlock, with the stream's status.
     */
    async lockStreamProductRows(
      q: Queryable,
      streamId: string,
      productId: string,
    ): Promise<
      Array<
        StreamProductRow & {
          streamStatus: StreamRow['status'];
          sellerId: string;
          sellerAwaySince: Date | null;
        }
      >
    > {
      const rows = await q
        .select({
          item: streamProducts,
          streamStatus: streams.status,
          sellerId: streams.sellerId,
          sellerAwaySince: streams.sellerAwaySince,
        })
        .from(streamProducts)
        .innerJoin(streams, eq(streams.id, streamProducts.streamId))
        .where(and(eq(streamProducts.streamId, streamId), eq(streamProducts.productId, productId)))
        .orderBy(asc(streamProducts.id))
        .for('update', { of: streamProducts });
      return rows.map((row) => ({
        ...row.item,
        streamStatus: row.streamStatus,
        sellerId: row.sellerId,
        sellerAwaySince: row.sellerAwaySince,
      }));
    },

    /** Locks a stream product by its own id if its auction is still running. */
    async lockActiveStreamProduct(q: Queryable, id: string): Promise<StreamProductRow | null> {
      const [row] = await q
        .select()
        .from(streamProducts)
        .where(and(eq(streamProducts.id, id), eq(streamProducts.bidStatus, 'active')))
        .for('update');
      return row ?? null;
    },

    /** Locks every running auction of a stream, in id order so two lockers never deadlock. */
    async lockActiveOfStream(q: Queryable, streamId: string): Promise<StreamProductRow[]> {
      return q
        .select()
        .from(streamProducts)
        .where(and(eq(streamProducts.streamId, streamId), eq(streamProducts.bidStatus, 'active')))
        .orderBy(asc(streamProducts.id))
        .for('update');
    },

    async updateStreamProduct(q: Queryable, id: string, values: Partial<NewStreamProductRow>): Promise<void> {
      await q.update(streamProducts).set(values).where(eq(streamProducts.id, id));
    },

    async insertBid(
      q: Queryable,
      values: {
        streamId: string;
        streamProductId: string;
        buyerId: string;
        amountKobo: number;
        round: number;
        createdAt: Date;
      },
    ): Promise<void> {
      await q.insert(bids).values(values);
    },

    async buyerName(q: Queryable, buyerId: string): Promise<string | null> {
      const [row] = await q.select({ name: buyers.name }).from(buyers).where(eq(buyers.id, buyerId)).limit(1);
      return row?.name ?? null;
    },

    /** Every running auction of a live show, for the ticker. */
    async activeAuctions(
      q: Queryable,
    ): Promise<Array<StreamProductRow & { sellerId: string; sellerAwaySince: Date | null }>> {
      const rows = await q
        .select({
          item: streamProducts,
          sellerId: streams.sellerId,
          sellerAwaySince: streams.sellerAwaySince,
        })
        .from(streamProducts)
        .innerJoin(streams, eq(streams.id, streamProducts.streamId))
        .where(and(eq(streamProducts.bidStatus, 'active'), isNotNull(streamProducts.endsAt)));
      return rows.map((r) => ({ ...r.item, sellerId: r.sellerId, sellerAwaySince: r.sellerAwaySince }));
    },

    async totals(q: Queryable, streamIds: readonly string[]): Promise<Map<string, StreamTotals>> {
      const result = new Map<string, StreamTotals>();
      if (streamIds.length === 0) return result;
      const ids = [...streamIds];
      const [bidRows, saleRows] = await Promise.all([
        q
          .select({ streamId: bids.streamId, n: count() })
          .from(bids)
          .where(inArray(bids.streamId, ids))
          .groupBy(bids.streamId),
        // The show's sales are its orders, as its past show page counts them (replays.repository
        // orderFigures): auctions won (awaiting payment until the winner pays) and what buyers bought
        // at once while watching, cancelled ones left out. The total is the goods, without delivery.
        q
          .select({
            streamId: orders.streamId,
            n: count(),
            total: sql<string>`coalesce(sum(${orders.subtotalKobo}), 0)`,
          })
          .from(orders)
          .where(and(inArray(orders.streamId, ids), ne(orders.fulfilmentStatus, 'cancelled')))
          .groupBy(orders.streamId),
      ]);
      for (const id of ids) result.set(id, { bidsCount: 0, salesCount: 0, salesTotalKobo: 0 });
      for (const r of bidRows) {
        const t = result.get(r.streamId);
        if (t) t.bidsCount = r.n;
      }
      for (const r of saleRows) {
        const t = r.streamId ? result.get(r.streamId) : undefined;
        if (t) {
          t.salesCount = r.n;
          t.salesTotalKobo = Number(r.total);
        }
      }
      return result;
    },

    async insertComment(q: Queryable, values: typeof streamComments.$inferInsert): Promise<string> {
      const [row] = await q.insert(streamComments).values(values).returning({ id: streamComments.id });
      if (!row) throw new Error('insert returned no comment');
      return row.id;
    },

    /** A show's newest `limit` comments and announcements, oldest first. */
    async recentComments(q: Queryable, streamId: string, limit: number, viewerId: string | null = null) {
      const rows = await q
        .select({
          id: streamComments.id,
          kind: streamComments.kind,
          authorKind: streamComments.authorKind,
          authorId: streamComments.authorId,
          authorName: streamComments.authorName,
          content: streamComments.content,
          createdAt: streamComments.createdAt,
        })
        .from(streamComments)
        .where(
          and(
            eq(streamComments.streamId, streamId),
            // issue 21: removed comments are gone; a muted word's comment is its sender's alone.
            isNull(streamComments.removedAt),
            viewerId
              ? or(eq(streamComments.hidden, false), eq(streamComments.authorId, viewerId))
              : eq(streamComments.hidden, false),
          ),
        )
        // The (stream, created_at) index reads the newest first; the id breaks ties the same way each time.
        .orderBy(desc(streamComments.createdAt), desc(streamComments.id))
        .limit(limit);
      return rows.reverse();
    },

    /** Stores the latest viewer count; the peak only grows, and only while the show is live. */
    async recordViewers(
      q: Queryable,
      streamId: string,
      viewerCount: number,
    ): Promise<{ peakViewers: number } | null> {
      const [row] = await q
        .update(streams)
        .set({
          viewerCount,
          peakViewers: sql`case when ${streams.status} = 'live' then greatest(${streams.peakViewers}, ${viewerCount}) else ${streams.peakViewers} end`,
        })
        .where(eq(streams.id, streamId))
        .returning({ peakViewers: streams.peakViewers });
      return row ?? null;
    },

    /** Whether a product is offered in one of the seller's shows that has not ended (or expired). */
    async productInUpcomingOrLiveShow(
      q: Queryable,
      sellerId: string,
      productId: string,
      now: Date,
    ): Promise<boolean> {
      const [row] = await q
        .select({ id: streams.id })
        .from(streamProducts)
        .innerJoin(streams, eq(streams.id, streamProducts.streamId))
        .where(
          and(
            eq(streamProducts.productId, productId),
            eq(streams.sellerId, sellerId),
            or(statusCondition('scheduled', now), eq(streams.status, 'live')),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
export type LiveRepository = ReturnType<typeof liveRepository>;
