import type { StreamProductRow } from '@/db/schema/live.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { AuctionState } from '@/modules/live/auction-rules.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';
import type { LiveAnnouncer } from '@/modules/live/live-announcer.ts';
import type { ProxyBidsRepository } from '@/modules/live/proxy-bids.repository.ts';
import type { AcceptedBid } from '@/modules/live/proxy-rules.ts';

/** One stored bid, with what its `new_bid` needs. */
export type StoredBid = AcceptedBid & { buyerName: string };

type Item = Pick<StreamProductRow, 'id' | 'streamId' | 'productId' | 'variant' | 'round'> & {
  sellerId: string;
};

/**
 * The bids of one change to an auction, stored inside the caller's transaction (which holds the
 * auction's row): every accepted bid (the buyer's own, then the proxies') in order, then the
 * auction row as the last left it. Announced after the commit with `announceBids`.
 */
export function proxyBook({ live, proxy }: { live: LiveRepository; proxy: ProxyBidsRepository }) {
  return {
    /** The run's book for the rules: its best maxes and those of `also` (the leader, the buyer acting). */
    read: (tx: Queryable, item: Pick<StreamProductRow, 'id'>, round: number, also: (string | null)[]) =>
      proxy.book(
        tx,
        item.id,
        round,
        also.filter((id): id is string => id !== null),
      ),

    async store(
      tx: Queryable,
      item: Item,
      bids: readonly AcceptedBid[],
      final: AuctionState,
      now: Date,
      /** The buyer acting, whose name needs no query. */
      known?: { id: string; name: string },
    ): Promise<{
      stored: StoredBid[];
      changes: Partial<StreamProductRow>;
      currentBidderName: string | null;
    }> {
      const names = new Map<string, string>(known ? [[known.id, known.name]] : []);
      const stored: StoredBid[] = [];
      for (const bid of bids) {
        await live.insertBid(tx, {
          streamId: item.streamId,
          streamProductId: item.id,
          buyerId: bid.bidderId,
          amountKobo: bid.amountKobo,
          round: item.round,
          createdAt: now,
        });
        if (!names.has(bid.bidderId)) {
          names.set(bid.bidderId, (await live.buyerName(tx, bid.bidderId)) ?? 'A buyer');
        }
        stored.push({ ...bid, buyerName: names.get(bid.bidderId) ?? 'A buyer' });
      }
      const changes = {
        currentBidKobo: final.currentBidKobo,
        currentBidderId: final.currentBidderId,
        bidsCount: final.bidsCount,
        endsAt: final.endsAt,
      };
      if (bids.length) await live.updateStreamProduct(tx, item.id, changes);
      const last = stored.at(-1);
      return { stored, changes, currentBidderName: last ? last.buyerName : null };
    },
  };
}
export type ProxyBook = ReturnType<typeof proxyBook>;

/** Each stored bid as `new_bid`, in order, after the commit. */
export function announceBids(
  announce: Pick<LiveAnnouncer, 'bidPlaced'>,
  item: Item,
  stored: readonly StoredBid[],
  now: Date,
): void {
  for (const bid of stored) {
    announce.bidPlaced({
      streamId: item.streamId,
      sellerId: item.sellerId,
      productId: item.productId ?? item.id,
      streamProductId: item.id,
      variant: item.variant,
      buyer: { id: bid.bidderId, name: bid.buyerName },
      amountKobo: bid.amountKobo,
      state: bid.state,
      extended: bid.extended,
      placedAt: now,
    });
  }
}
