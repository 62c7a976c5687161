import {
  BIDS_PAUSED_MESSAGE,
  MAX_BID_MESSAGES,
  type MyMaxBid,
  type MyMaxBidsResponse,
  type SetMaxBidBody,
  type SetMaxBidResponse,
} from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '@/lib/errors.ts';
import { toKobo, toNaira } from '@/lib/naira.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';
import type { LiveAnnouncer } from '@/modules/live/live-announcer.ts';
import type { ProxyBidsRepository } from '@/modules/live/proxy-bids.repository.ts';
import { announceBids, type ProxyBook } from '@/modules/live/proxy-book.ts';
import { setMaxBid } from '@/modules/live/proxy-rules.ts';
import { auctionStateOf, toStreamProductView } from '@/modules/live/stream-view.ts';

/**
 * Buyers' max bids and pre-bids (issue 21). Setting one takes the auction's row lock, like a bid:
 * the rules (proxy-rules.ts) decide with the server's clock, the max is stored, and the bids it
 * places at once (none for a pre-bid) are stored and announced as `new_bid` after the commit.
 * A buyer reads only their own maxes; nothing else ever shows one.
 */
export function proxyBidsService({
  live,
  proxy,
  book,
  clock,
  announce,
}: {
  live: LiveRepository;
  proxy: ProxyBidsRepository;
  book: ProxyBook;
  clock: Clock;
  announce: Pick<LiveAnnouncer, 'bidPlaced'>;
}) {
  return {
    async setMax(
      buyer: { id: string; name: string },
      streamId: string,
      body: SetMaxBidBody,
    ): Promise<SetMaxBidResponse> {
      const maxKobo = toKobo(body.maxBid);
      const outcome = await live.transaction(async (tx) => {
        const rows = await live.lockStreamProductRows(tx, streamId, body.productId);
        const item =
          body.streamProductId !== undefined
            ? rows.find((r) => r.id === body.streamProductId)
            : rows.length > 1
              ? rows.find((r) => r.bidStatus === 'active')
              : rows[0];
        if (!item) {
          if (rows.length > 1 && body.streamProductId === undefined) {
            throw new BadRequestError('Choose which variant of this product to bid on');
          }
          throw new NotFoundError('Product');
        }
        const state = auctionStateOf(item);
        if (!state) throw new ConflictError('Bidding is only for live auctions');
        if (item.streamStatus === 'ended') throw new ConflictError('This show has ended');
        const running = state.status === 'active';
        if (running && item.sellerAwaySince) {
          throw new HttpError(409, BIDS_PAUSED_MESSAGE, { minimumMaxBid: body.maxBid });
        }
        if (item.streamStatus === 'scheduled' && state.status !== 'pending') {
          throw new ConflictError('Bidding is not open for this product');
        }
        const now = clock.now();
        // A pre-bid waits for the product's next run; a max bid is for the run under way.
        const round = running ? item.round : item.round + 1;
        const maxes = await book.read(tx, item, round, [item.currentBidderId, buyer.id]);
        const result = setMaxBid(
          state,
          maxes,
          { bidderId: buyer.id, maxKobo, seq: Number.MAX_SAFE_INTEGER },
          now,
        );
        if (!result.ok) {
          const status = result.reason === 'above_maximum' ? 400 : 409;
          throw new HttpError(status, result.message, { minimumMaxBid: toNaira(result.minimumKobo) });
        }
        const saved = await proxy.upsert(tx, {
          streamId,
          streamProductId: item.id,
          round,
          buyerId: buyer.id,
          maxKobo,
          now,
        });
        const stored = await book.store(tx, item, result.bids, result.state, now, buyer);
        const after = { ...item, ...stored.changes };
        const view: MyMaxBid = {
          streamProductId: item.id,
          productId: item.productId ?? item.id,
          maxBid: toNaira(maxKobo),
          status: running ? 'active' : 'pre_bid',
          winning: running && after.currentBidderId === buyer.id,
          updatedAt: saved.updatedAt.toISOString(),
        };
        const currentBidderName =
          stored.currentBidderName ??
          (after.currentBidderId ? await live.buyerName(tx, after.currentBidderId) : null);
        return { item: { ...after, currentBidderName }, stored: stored.stored, view, running, now };
      });
      announceBids(announce, outcome.item, outcome.stored, outcome.now);
      return {
        message: outcome.running ? MAX_BID_MESSAGES.maxBidSet : MAX_BID_MESSAGES.preBidSet,
        maxBid: outcome.view,
        product: toStreamProductView(outcome.item),
      };
    },

    /** The buyer's own max bids on a show: pre-bids waiting, the running one, and closed runs'. */
    async mine(buyerId: string, streamId: string): Promise<MyMaxBidsResponse> {
      const rows = await proxy.mine(proxy.db, buyerId, streamId);
      return {
        maxBids: rows.map((r) => {
          const status: MyMaxBid['status'] =
            r.round > r.itemRound ? 'pre_bid' : r.bidStatus === 'active' ? 'active' : 'ended';
          return {
            streamProductId: r.streamProductId,
            productId: r.productId ?? r.streamProductId,
            maxBid: toNaira(r.maxKobo),
            status,
            winning: status !== 'pre_bid' && r.currentBidderId === buyerId,
            updatedAt: r.updatedAt.toISOString(),
          };
        }),
      };
    },
  };
}
export type ProxyBidsService = ReturnType<typeof proxyBidsService>;
