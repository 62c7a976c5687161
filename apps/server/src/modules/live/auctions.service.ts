import {
  type ActivateProductBiddingResponse,
  type PlaceBidBody,
  type PlaceBidResponse,
  STREAM_MESSAGES,
} from '@kasuwa/contracts';
import type { StreamProductRow } from '@/db/schema/live.ts';
import type { SellerRow } from '@/db/schema/sellers.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '@/lib/errors.ts';
import { toKobo, toNaira } from '@/lib/naira.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import {
  closeAuction,
  isDue,
  minimumNextBidKobo,
  secondsLeft,
  startAuction,
} from '@/modules/live/auction-rules.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';
import type { ClosedAuction, LiveAnnouncer } from '@/modules/live/live-announcer.ts';
import { lockOwnStream } from '@/modules/live/own-stream.ts';
import { announceBids, type ProxyBook } from '@/modules/live/proxy-book.ts';
import { placeManualBid, settleProxies } from '@/modules/live/proxy-rules.ts';
import { refuseWhileSellerAway } from '@/modules/live/seller-away-rules.ts';
import { auctionStateOf, toStreamProductView } from '@/modules/live/stream-view.ts';
import type { RecordAuctionWin } from '@/modules/orders/order-ports.ts';

export type TickResult = { timers: number; closed: number };

/**
 * The row a request means among a product's rows in a show: the one named, the only one, or
 * 'ambiguous' when the product is auctioned per variant and none was named.
 */
function pickRow<T extends { id: string }>(
  rows: T[],
  streamProductId: string | undefined,
): T | null | 'ambiguous' {
  if (streamProductId !== undefined) return rows.find((r) => r.id === streamProductId) ?? null;
  if (rows.length > 1) return 'ambiguous';
  return rows[0] ?? null;
}

/**
 * The auctions of live shows, settled: activating bidding on a product, bids, and closing auctions
 * (by their clock, by the seller moving on, by the show ending) with an order for each sale. Each
 * change happens in one transaction holding the auction's row, with the time read by
 * auction-rules; the announcer tells the show after the commit.
 */
export function auctionsService({
  repo,
  clock,
  announce,
  recordAuctionWin,
  book,
}: {
  repo: LiveRepository;
  clock: Clock;
  announce: Pick<LiveAnnouncer, 'auctionActivated' | 'auctionClosed' | 'bidPlaced' | 'timer'>;
  /** The orders module: the sale becomes (or joins) the winner's order of the show, in this transaction. */
  recordAuctionWin: RecordAuctionWin;
  /** Buyers' max bids (issue 21): pre-bids enter at activation, maxes answer manual bids. */
  book: ProxyBook;
}) {
  /**
   * Closes one running auction inside the caller's transaction (its row already locked): ended,
   * sold to the highest bid that meets the reserve (an order awaiting payment) or unsold. `early`
   * is the seller moving on before the clock ran out: the auction closes as if it ran out now.
   */
  async function closeLocked(
    tx: Queryable,
    row: StreamProductRow,
    sellerId: string,
    now: Date,
    early: boolean,
  ): Promise<ClosedAuction | null> {
    const state = auctionStateOf(row);
    if (!state || state.endsAt === null) return null;
    const byClock = now.getTime() >= state.endsAt.getTime();
    if (!byClock && !early) return null;
    const result = closeAuction(state, byClock ? now : state.endsAt);
    if (!result.ok) return null;
    await repo.updateStreamProduct(tx, row.id, {
      bidStatus: 'ended',
      outcome: result.state.outcome,
      closedAt: now,
      endsAt: byClock ? state.endsAt : now,
    });
    let orderId: string | null = null;
    let winner: ClosedAuction['winner'] = null;
    if (result.kind === 'sold') {
      ({ orderId } = await recordAuctionWin(tx, {
        sellerId,
        buyerId: result.winner.bidderId,
        streamId: row.streamId,
        streamProductId: row.id,
        productId: row.productId,
        productName: row.productName,
        productImage: row.productImage,
        variant: row.variant,
        amountKobo: result.winner.amountKobo,
        now,
      }));
      winner = {
        buyerId: result.winner.bidderId,
        buyerName: (await repo.buyerName(tx, result.winner.bidderId)) ?? 'A buyer',
        amountKobo: result.winner.amountKobo,
      };
    }
    return {
      streamId: row.streamId,
      sellerId,
      productId: row.productId ?? row.id,
      streamProductId: row.id,
      productName: row.productName,
      variant: row.variant,
      outcome: result.kind,
      winner,
      orderId,
      byClock,
    };
  }

  /**
   * Inside the caller's transaction, which holds the show's row: closes every running auction of
   * the show but `keep` as if its clock ran out at `now` (the bid standing wins: the auctioneer
   * moved on). The caller announces what it answers after the commit.
   */
  async function closeRunning(
    tx: Queryable,
    show: { id: string; sellerId: string },
    now: Date,
    keep?: string,
  ): Promise<ClosedAuction[]> {
    const closed: ClosedAuction[] = [];
    for (const item of await repo.lockActiveOfStream(tx, show.id)) {
      if (item.id === keep) continue;
      const c = await closeLocked(tx, item, show.sellerId, now, true);
      if (c) closed.push(c);
    }
    return closed;
  }

  return {
    closeRunning,

    /**
     * Opens bidding on one product of a live auction. Any other running auction of the show ends
     * first, as SPEC section 4 has it: it closes as if its clock ran out now, so the highest bid
     * standing wins (the auctioneer moved on).
     */
    async activate(
      seller: SellerRow,
      id: string,
      productId: string,
      streamProductId?: string,
    ): Promise<ActivateProductBiddingResponse> {
      const now = clock.now();
      const { row, item, closed, preBids } = await repo.transaction(async (tx) => {
        const row = await lockOwnStream(repo, tx, seller.id, id);
        if (row.type !== 'live_auction') throw new ConflictError('Bidding is only for live auctions');
        if (row.status === 'ended') throw new ConflictError('This show has ended');
        if (row.status !== 'live') throw new ConflictError('Start the show before activating bidding');
        const rows = await repo.lockStreamProductRows(tx, row.id, productId);
        const target = pickRow(rows, streamProductId);
        if (target === 'ambiguous') {
          throw new BadRequestError('Choose which variant of this product to auction');
        }
        if (!target) throw new NotFoundError('Product');
        const state = auctionStateOf(target);
        if (!state) throw new ConflictError('Bidding is only for live auctions');
        const started = startAuction(state, now);
        if (!started.ok) throw new ConflictError(started.message);
        const closed = await closeRunning(tx, row, now, target.id);
        const changes = {
          bidStatus: 'active' as const,
          endsAt: started.state.endsAt,
          currentBidKobo: null,
          currentBidderId: null,
          bidsCount: 0,
          outcome: null,
          closedAt: null,
          round: target.round + 1,
        };
        await repo.updateStreamProduct(tx, target.id, changes);
        // Pre-bids enter as max bids (issue 21): the best of them leads at once.
        const started2 = { ...target, ...changes, sellerId: row.sellerId };
        const preBids = await book.read(tx, target, changes.round, []);
        const entered = settleProxies(started.state, preBids, now);
        const saved = await book.store(tx, started2, entered.bids, entered.state, now);
        // The answer is this activation's state, whatever bids arrive right after the commit.
        return {
          row,
          item: { ...started2, ...saved.changes, currentBidderName: saved.currentBidderName },
          closed,
          preBids: saved.stored,
        };
      });
      for (const c of closed) await announce.auctionClosed(c);
      announce.auctionActivated(row, { productId, streamProductId: item.id }, item.endsAt ?? now, now);
      announceBids(announce, item, preBids, now);
      return { message: STREAM_MESSAGES.activated, product: toStreamProductView(item) };
    },

    /**
     * A buyer's bid, in one transaction holding the auction's row: checked by auction-rules with
     * the server's clock, stored, and the auction updated; then broadcast as `new_bid`. Concurrent
     * bids queue on the row lock, so exactly one wins each level.
     */
    async placeBid(
      buyer: { id: string; name: string },
      streamId: string,
      body: PlaceBidBody,
    ): Promise<PlaceBidResponse> {
      const amountKobo = toKobo(body.amount);
      const outcome = await repo
        .transaction(async (tx) => {
          const rows = await repo.lockStreamProductRows(tx, streamId, body.productId);
          // Per-variant rows of one product: the bid is for the one running (only one runs at a time).
          const found = pickRow(rows, body.streamProductId);
          const item =
            found === 'ambiguous' ? (rows.find((r) => r.bidStatus === 'active') ?? rows[0]) : found;
          if (!item) throw new NotFoundError('Product');
          // The bid is judged, and stored, at the moment it holds the row, not when it arrived:
          // under contention it may have queued behind many others, and bids stored in the order
          // of their times must be the order they were accepted in (each above the one before).
          const now = clock.now();
          const state = auctionStateOf(item);
          if (!state) throw new ConflictError('Bidding is only for live auctions');
          if (item.streamStatus !== 'live') {
            throw new HttpError(409, 'This show is not live', {
              minimumNextBid: toNaira(minimumNextBidKobo(state)),
            });
          }
          refuseWhileSellerAway(item, minimumNextBidKobo(state));
          const maxes = await book.read(tx, item, item.round, [item.currentBidderId, buyer.id]);
          const result = placeManualBid(state, maxes, { bidderId: buyer.id, amountKobo }, now);
          if (!result.ok && result.bids.length === 0) {
            const status =
              result.reason === 'invalid_amount' || result.reason === 'above_maximum' ? 400 : 409;
            throw new HttpError(status, result.message, {
              minimumNextBid: toNaira(result.minimumNextBidKobo),
            });
          }
          const saved = await book.store(tx, item, result.bids, result.state, now, buyer);
          // The answer is the auction as this bid left it, whatever bids follow right after the commit.
          return {
            item: { ...item, ...saved.changes, currentBidderName: saved.currentBidderName },
            stored: saved.stored,
            // A bid equal to an earlier max loses to it: the max's bid stands, this one is refused.
            refusal: result.ok
              ? null
              : { message: result.message, minimumNextBid: toNaira(result.minimumNextBidKobo) },
            now,
          };
        })
        .catch((err: unknown) => {
          // The unique (product, round, amount) index is the last guard; the row lock should make it unreachable.
          if (uniqueViolation(err) === 'bids_product_round_amount_key') {
            throw new ConflictError('Someone else just placed that bid');
          }
          throw err;
        });

      announceBids(announce, outcome.item, outcome.stored, outcome.now);
      if (outcome.refusal) {
        throw new HttpError(409, outcome.refusal.message, { minimumNextBid: outcome.refusal.minimumNextBid });
      }
      return { message: 'Bid placed', product: toStreamProductView(outcome.item) };
    },

    /**
     * One pass of the auction clock: closes every running auction whose end has come, and tells
     * each show the seconds left of the others. The ticker (one owner in the cluster) calls it
     * every second; tests call it with a fake clock.
     */
    async tick(): Promise<TickResult> {
      const now = clock.now();
      const result: TickResult = { timers: 0, closed: 0 };
      for (const item of await repo.activeAuctions(repo.db)) {
        const state = auctionStateOf(item);
        if (!state || state.endsAt === null) continue;
        // The seller's studio dropped (issue 20): the clock stands still at what was left then.
        if (item.sellerAwaySince) {
          announce.timer(
            item.streamId,
            { productId: item.productId ?? item.id, streamProductId: item.id },
            secondsLeft(state.endsAt, item.sellerAwaySince),
            now.getTime(),
          );
          result.timers += 1;
          continue;
        }
        if (isDue(state, now)) {
          const closed = await repo.transaction(async (tx) => {
            // A bid may have extended the clock since the read above; the locked row decides.
            const locked = await repo.lockActiveStreamProduct(tx, item.id);
            return locked ? closeLocked(tx, locked, item.sellerId, now, false) : null;
          });
          if (closed) {
            result.closed += 1;
            await announce.auctionClosed(closed);
          }
          continue;
        }
        announce.timer(
          item.streamId,
          { productId: item.productId ?? item.id, streamProductId: item.id },
          secondsLeft(state.endsAt, now),
          now.getTime(),
        );
        result.timers += 1;
      }
      return result;
    },
  };
}
export type AuctionsService = ReturnType<typeof auctionsService>;
