import {
  type ActivateProductBiddingResponse,
  type BidTimerUpdateEvent,
  type CreateLiveAuctionBody,
  type JoinSellerResponse,
  type OpenLiveShowBody,
  type PlaceBidBody,
  type PlaceBidResponse,
  type ProductAuctionStatusEvent,
  type RenewTokenResponse,
  type RescheduleExpiredBody,
  type SellerStreamsResponse,
  STREAM_MESSAGES,
  type Stream,
  type StreamCommentsResponse,
  type StreamDetailsResponse,
  type StreamNotification,
  type StreamResponse,
  type StreamStatus,
  type StreamStatusEvent,
  type StreamType,
  streamSocketEvents,
} from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { StreamProductRow, StreamRow } from '@/db/schema/live.ts';
import type { SellerRow } from '@/db/schema/sellers.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '@/lib/errors.ts';
import { nairaText, toKobo, toNaira } from '@/lib/naira.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import {
  closeAuction,
  formatTime,
  isDue,
  minimumNextBidKobo,
  placeBid,
  secondsLeft,
  startAuction,
} from '@/modules/live/auction-rules.ts';
import type { LiveRepository, Queryable, StreamRecord } from '@/modules/live/live.repository.ts';
import {
  auctionStateOf,
  effectiveStatus,
  toStreamProductView,
  toStreamView,
} from '@/modules/live/stream-view.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { Realtime } from '@/plugins/realtime.ts';
import { holdSellerUploads } from '@/uploads/uploads-lock.ts';
import { channelNameOf, type VideoProvider } from '@/video/video-provider.ts';

/** How the live module reaches sockets: the realtime plugin's rooms. */
export type LiveEvents = Pick<Realtime, 'toStream' | 'toStreamAndSeller'>;

/** Checks a show's cover image and preview video are this seller's own uploads (stream-media.ts). */
export type AssertStreamMedia = (
  sellerId: string,
  media: { coverImage?: string | undefined; video?: string | undefined },
) => Promise<void>;

type Deps = {
  repo: LiveRepository;
  clock: Clock;
  video: VideoProvider;
  notifications: Pick<NotificationsService, 'create'>;
  events: LiveEvents;
  assertMedia: AssertStreamMedia;
  /** Where the SPA is reached from outside, for the shareable watch link. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
};

/** A start time may lie this far in the past (a slow form, a phone clock a little behind). */
const START_TIME_SLACK_MS = 60_000;

/** A closed auction, with what its announcements need. */
type ClosedAuction = {
  streamId: string;
  sellerId: string;
  productId: string;
  productName: string;
  outcome: 'sold' | 'unsold';
  winner: { buyerId: string; buyerName: string; amountKobo: number } | null;
  orderId: string | null;
  /** Closed by the clock (a final 00:00 is shown) rather than by the seller moving on. */
  byClock: boolean;
};

export type TickResult = { timers: number; closed: number };

/**
 * Live shows and their auctions: scheduling, the show's states, bidding, and closing auctions when
 * their clocks run out. Every state change happens in a transaction holding the rows it changes;
 * what sockets and notifications say about it is sent after the commit.
 */
export function liveService(deps: Deps) {
  const { repo, clock, video, events, log } = deps;

  const publisherToken = (streamId: string, seller: Pick<SellerRow, 'id' | 'storeName'>) =>
    video.publisherToken(
      { streamId, channelName: channelNameOf(streamId) },
      { id: seller.id, name: seller.storeName },
    );

  async function view(row: StreamRecord, token: string | null): Promise<Stream> {
    const [items, totals] = await Promise.all([
      repo.streamProductsOf(repo.db, [row.id]),
      row.status === 'ended' ? repo.totals([row.id]) : Promise.resolve(undefined),
    ]);
    return toStreamView(row, items, {
      now: clock.now(),
      video,
      publicUrl: deps.publicUrl,
      token,
      totals: totals?.get(row.id),
    });
  }

  /** The seller's stream, answered with their publishing token while it has not ended. */
  async function sellerView(seller: SellerRow, id: string): Promise<Stream> {
    const row = await repo.findStream(repo.db, id);
    if (!row || row.sellerId !== seller.id) throw new NotFoundError('Stream');
    return view(row, row.status === 'ended' ? null : await publisherToken(row.id, seller));
  }

  async function lockOwn(q: Queryable, seller: SellerRow, id: string): Promise<StreamRow> {
    const row = await repo.lockSellerStream(q, seller.id, id);
    // Another seller's stream answers exactly like a missing one: ids reveal nothing.
    if (!row) throw new NotFoundError('Stream');
    return row;
  }

  /**
   * Closes one running auction inside the caller's transaction (its row already locked): ended,
   * sold to the highest bid that meets the reserve (an order awaiting payment) or unsold. `early`
   * is the seller moving on before the clock ran out: the auction closes as if it ran out now.
   */
  async function closeLocked(
    q: Queryable,
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
    await repo.updateStreamProduct(q, row.id, {
      bidStatus: 'ended',
      outcome: result.state.outcome,
      closedAt: now,
      endsAt: byClock ? state.endsAt : now,
    });
    let orderId: string | null = null;
    let winner: ClosedAuction['winner'] = null;
    if (result.kind === 'sold') {
      orderId = await repo.insertOrder(q, {
        sellerId,
        buyerId: result.winner.bidderId,
        productId: row.productId,
        productName: row.productName,
        streamId: row.streamId,
        streamProductId: row.id,
        amountKobo: result.winner.amountKobo,
        status: 'awaiting_payment',
        createdAt: now,
        updatedAt: now,
      });
      winner = {
        buyerId: result.winner.bidderId,
        buyerName: (await repo.buyerName(q, result.winner.bidderId)) ?? 'A buyer',
        amountKobo: result.winner.amountKobo,
      };
    }
    return {
      streamId: row.streamId,
      sellerId,
      productId: row.productId ?? row.id,
      productName: row.productName,
      outcome: result.kind,
      winner,
      orderId,
      byClock,
    };
  }

  /** After the commit: the winner and the ended signal to the show, a notification to the seller. */
  async function announceClosed(closed: ClosedAuction): Promise<void> {
    const timestamp = clock.now().getTime();
    const product = { product: { productId: closed.productId } };
    if (closed.byClock) {
      const timer: BidTimerUpdateEvent = {
        streamId: closed.streamId,
        productId: closed.productId,
        secondsLeft: 0,
        formattedTime: formatTime(0),
        timestamp,
      };
      events.toStreamAndSeller(closed.streamId, closed.sellerId, streamSocketEvents.bidTimerUpdate, timer);
    }
    if (closed.winner) {
      const notification: StreamNotification = {
        type: 'auction_winner',
        data: {
          streamId: closed.streamId,
          product,
          bidWinner: {
            bidAmount: toNaira(closed.winner.amountKobo),
            buyer: { _id: closed.winner.buyerId, name: closed.winner.buyerName },
          },
          orderId: closed.orderId,
        },
        timestamp,
        content: `${closed.winner.buyerName} won ${closed.productName} for ${nairaText(closed.winner.amountKobo)}`,
      };
      events.toStreamAndSeller(
        closed.streamId,
        closed.sellerId,
        streamSocketEvents.notification,
        notification,
      );
    }
    const status: ProductAuctionStatusEvent = {
      streamId: closed.streamId,
      productId: closed.productId,
      status: 'ended',
      outcome: closed.outcome,
      endsAt: null,
      timestamp,
    };
    events.toStreamAndSeller(
      closed.streamId,
      closed.sellerId,
      streamSocketEvents.productAuctionStatus,
      status,
    );
    if (closed.winner && closed.orderId) {
      try {
        await deps.notifications.create(closed.sellerId, {
          type: 'new_order',
          title: 'Auction won',
          message: `${closed.winner.buyerName} won ${closed.productName} for ${nairaText(closed.winner.amountKobo)} in your live auction. The order is awaiting payment.`,
          data: { orderId: closed.orderId, productId: closed.productId },
        });
      } catch (err) {
        // The order exists; a lost notification must not undo the sale.
        log.error({ err, orderId: closed.orderId }, 'could not notify the seller of an auction sale');
      }
    }
  }

  const announceStatus = (row: Pick<StreamRow, 'id' | 'sellerId'>, status: StreamStatus) => {
    const event: StreamStatusEvent = { streamId: row.id, status, timestamp: clock.now().getTime() };
    events.toStreamAndSeller(row.id, row.sellerId, streamSocketEvents.streamStatus, event);
  };

  const assertStartTime = (start: Date, now: Date) => {
    if (start.getTime() < now.getTime() - START_TIME_SLACK_MS) {
      throw new BadRequestError('Choose a start time in the future');
    }
  };

  async function create(
    seller: SellerRow,
    type: StreamType,
    body: OpenLiveShowBody | CreateLiveAuctionBody,
  ): Promise<StreamResponse> {
    const now = clock.now();
    const start = body.startImmediately || !body.scheduledStartTime ? now : new Date(body.scheduledStartTime);
    if (!body.startImmediately) assertStartTime(start, now);
    if (!(await repo.categoryPairExists(body.category, body.subCategory))) {
      throw new BadRequestError('Unknown category or sub-category');
    }
    const wanted = body.products.map((p) => p.productId);
    // The cover, the video and the products' first photos (copied into the show) are checked and
    // read while the seller's uploads are held, so none of them is swept before the show is saved.
    const id = await repo.transaction(async (tx) => {
      await holdSellerUploads(tx, seller.id);
      await deps.assertMedia(seller.id, { coverImage: body.coverImage, video: body.video });
      const found = new Map((await repo.sellerProducts(tx, seller.id, wanted)).map((p) => [p.id, p]));
      const items = body.products.map((input, position) => {
        const product = found.get(input.productId);
        if (!product) throw new BadRequestError('products: a product was not found in your store');
        if (product.status !== 'active') {
          throw new BadRequestError(
            `products: ${product.name} is not active; only active products can be shown`,
          );
        }
        const auction = 'auctionSettings' in input ? input.auctionSettings : null;
        return {
          productId: product.id,
          position,
          productName: product.name,
          productPriceKobo: product.priceKobo,
          productImage: product.images[0] ?? null,
          startingBidKobo: auction ? toKobo(auction.startingBid) : null,
          durationSeconds: auction?.durationSeconds ?? null,
          counterBidSeconds: auction?.counterBidSeconds ?? null,
          suddenDeath: auction?.suddenDeath ?? null,
          reservePriceKobo: auction?.reservePrice !== undefined ? toKobo(auction.reservePrice) : null,
        };
      });
      return repo.insertStream(
        tx,
        {
          sellerId: seller.id,
          type,
          status: 'scheduled',
          title: body.title,
          description: body.description,
          categoryId: body.category,
          subCategoryId: body.subCategory ?? null,
          tags: body.tags,
          coverImage: body.coverImage ?? null,
          video: body.video ?? null,
          scheduledStartTime: start,
          createdAt: now,
          updatedAt: now,
        },
        items,
      );
    });
    return { message: 'Livestream scheduled successfully', stream: await sellerView(seller, id) };
  }

  return {
    createOpenLiveShow: (seller: SellerRow, body: OpenLiveShowBody) => create(seller, 'live_show', body),
    createLiveAuction: (seller: SellerRow, body: CreateLiveAuctionBody) =>
      create(seller, 'live_auction', body),

    async listSellerStreams(
      seller: SellerRow,
      sellerId: string,
      query: { status?: StreamStatus[] | undefined; page: number; limit: number },
    ): Promise<SellerStreamsResponse> {
      // Only the seller lists their own shows; anyone else's id reads as unknown.
      if (sellerId !== seller.id) throw new NotFoundError('Seller');
      const now = clock.now();
      const { rows, total } = await repo.pageSellerStreams(seller.id, {
        statuses: query.status,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        now,
      });
      const ids = rows.map((r) => r.id);
      const [items, totals] = await Promise.all([repo.streamProductsOf(repo.db, ids), repo.totals(ids)]);
      const streams = await Promise.all(
        rows.map(async (row) => {
          const status = effectiveStatus(row, now);
          const token =
            status === 'scheduled' || status === 'live' ? await publisherToken(row.id, seller) : null;
          return toStreamView(
            row,
            items.filter((i) => i.streamId === row.id),
            { now, video, publicUrl: deps.publicUrl, token, totals: totals.get(row.id) },
          );
        }),
      );
      const totalPages = Math.max(1, Math.ceil(total / query.limit));
      return {
        streams,
        pagination: { currentPage: query.page, totalPages, total, hasMore: query.page < totalPages },
      };
    },

    /** The public view of a show (no token needed); a viewer token while it is live. */
    async details(id: string, viewer: { id: string; name: string } | null): Promise<StreamDetailsResponse> {
      const row = await repo.findStream(repo.db, id);
      if (!row) throw new NotFoundError('Stream');
      const token =
        row.status === 'live'
          ? await video.viewerToken({ streamId: row.id, channelName: channelNameOf(row.id) }, viewer)
          : null;
      return { stream: await view(row, token) };
    },

    /** A show's recent comments and announcements (public), for a studio or watch page (re)joining. */
    async comments(id: string, limit: number): Promise<StreamCommentsResponse> {
      const row = await repo.findStream(repo.db, id);
      if (!row) throw new NotFoundError('Stream');
      const rows = await repo.recentComments(id, limit);
      return {
        comments: rows.map((c) => ({
          _id: c.id,
          kind: c.kind,
          author: { _id: c.authorId, name: c.authorName, role: c.authorKind },
          content: c.content,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },

    async start(seller: SellerRow, id: string): Promise<StreamResponse> {
      const now = clock.now();
      const row = await repo.transaction(async (tx) => {
        const row = await lockOwn(tx, seller, id);
        const status = effectiveStatus(row, now);
        if (status === 'live') throw new ConflictError('This show is already live');
        if (status === 'ended') throw new ConflictError('This show has ended');
        if (status === 'expired') {
          throw new ConflictError('This show has expired. Reschedule it to go live.');
        }
        // Viewers waiting before the start count toward the peak from the first second.
        await repo.updateStream(tx, row.id, {
          status: 'live',
          actualStartTime: now,
          peakViewers: row.viewerCount,
        });
        return row;
      });
      announceStatus(row, 'live');
      return { message: STREAM_MESSAGES.started, stream: await sellerView(seller, id) };
    },

    async end(seller: SellerRow, id: string): Promise<StreamResponse> {
      const now = clock.now();
      const { row, closed } = await repo.transaction(async (tx) => {
        const row = await lockOwn(tx, seller, id);
        if (row.status === 'ended') throw new ConflictError('This show has already ended');
        if (row.status !== 'live') throw new ConflictError('This show is not live');
        const closed: ClosedAuction[] = [];
        for (const item of await repo.lockActiveOfStream(tx, row.id)) {
          const c = await closeLocked(tx, item, row.sellerId, now, true);
          if (c) closed.push(c);
        }
        await repo.updateStream(tx, row.id, { status: 'ended', endedAt: now });
        return { row, closed };
      });
      for (const c of closed) await announceClosed(c);
      announceStatus(row, 'ended');
      return { message: STREAM_MESSAGES.ended, stream: await sellerView(seller, id) };
    },

    async joinSeller(seller: SellerRow, id: string): Promise<JoinSellerResponse> {
      return { message: 'Joined the show', data: { stream: await sellerView(seller, id) } };
    },

    async renewToken(seller: SellerRow, id: string): Promise<RenewTokenResponse> {
      const row = await repo.findStream(repo.db, id);
      if (!row || row.sellerId !== seller.id) throw new NotFoundError('Stream');
      if (row.status === 'ended') throw new ConflictError('This show has ended');
      return { success: true, token: await publisherToken(row.id, seller) };
    },

    async reschedule(seller: SellerRow, body: RescheduleExpiredBody): Promise<StreamResponse> {
      const now = clock.now();
      const start = new Date(body.newScheduledStartTime);
      await repo.transaction(async (tx) => {
        const row = await lockOwn(tx, seller, body.streamId);
        if (effectiveStatus(row, now) !== 'expired') {
          throw new ConflictError('Only an expired show can be rescheduled');
        }
        if (start.getTime() <= now.getTime()) throw new BadRequestError('Choose a start time in the future');
        await repo.updateStream(tx, row.id, { scheduledStartTime: start });
      });
      return { message: STREAM_MESSAGES.rescheduled, stream: await sellerView(seller, body.streamId) };
    },

    /**
     * Opens bidding on one product of a live auction. Any other running auction of the show ends
     * first, as SPEC section 4 has it: it closes as if its clock ran out now, so the highest bid
     * standing wins (the auctioneer moved on).
     */
    async activate(
      seller: SellerRow,
      id: string,
      productId: string,
    ): Promise<ActivateProductBiddingResponse> {
      const now = clock.now();
      const { row, item, closed } = await repo.transaction(async (tx) => {
        const row = await lockOwn(tx, seller, id);
        if (row.type !== 'live_auction') throw new ConflictError('Bidding is only for live auctions');
        if (row.status === 'ended') throw new ConflictError('This show has ended');
        if (row.status !== 'live') throw new ConflictError('Start the show before activating bidding');
        const target = await repo.lockStreamProduct(tx, row.id, productId);
        if (!target) throw new NotFoundError('Product');
        const state = auctionStateOf(target);
        if (!state) throw new ConflictError('Bidding is only for live auctions');
        const started = startAuction(state, now);
        if (!started.ok) throw new ConflictError(started.message);
        const closed: ClosedAuction[] = [];
        for (const other of await repo.lockActiveOfStream(tx, row.id)) {
          if (other.id === target.id) continue;
          const c = await closeLocked(tx, other, row.sellerId, now, true);
          if (c) closed.push(c);
        }
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
        // The answer is this activation's state, whatever bids arrive right after the commit.
        return { row, item: { ...target, ...changes, currentBidderName: null }, closed };
      });
      for (const c of closed) await announceClosed(c);
      const timestamp = clock.now().getTime();
      const endsAt = item.endsAt ?? now;
      const status: ProductAuctionStatusEvent = {
        streamId: row.id,
        productId,
        status: 'active',
        outcome: null,
        endsAt: endsAt.toISOString(),
        timestamp,
      };
      events.toStreamAndSeller(row.id, row.sellerId, streamSocketEvents.productAuctionStatus, status);
      const seconds = secondsLeft(endsAt, now);
      const timer: BidTimerUpdateEvent = {
        streamId: row.id,
        productId,
        secondsLeft: seconds,
        formattedTime: formatTime(seconds),
        timestamp,
      };
      events.toStream(row.id, streamSocketEvents.bidTimerUpdate, timer);
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
          const item = await repo.lockStreamProduct(tx, streamId, body.productId);
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
          const result = placeBid(state, { bidderId: buyer.id, amountKobo }, now);
          if (!result.ok) {
            const status =
              result.reason === 'invalid_amount' || result.reason === 'above_maximum' ? 400 : 409;
            throw new HttpError(status, result.message, {
              minimumNextBid: toNaira(result.minimumNextBidKobo),
            });
          }
          await repo.insertBid(tx, {
            streamId,
            streamProductId: item.id,
            buyerId: buyer.id,
            amountKobo,
            round: item.round,
            createdAt: now,
          });
          const changes = {
            currentBidKobo: result.state.currentBidKobo,
            currentBidderId: buyer.id,
            bidsCount: result.state.bidsCount,
            endsAt: result.state.endsAt,
          };
          await repo.updateStreamProduct(tx, item.id, changes);
          // The answer is the auction as this bid left it, whatever bids follow right after the commit.
          return {
            item: { ...item, ...changes, currentBidderName: buyer.name },
            state: result.state,
            extended: result.extended,
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

      const { item, state, now } = outcome;
      const endsAt = state.endsAt ?? now;
      const timestamp = clock.now().getTime();
      const notification: StreamNotification = {
        type: 'new_bid',
        data: {
          streamId,
          product: { product: { productId: body.productId } },
          bidAmount: toNaira(amountKobo),
          currentBidder: { _id: buyer.id, name: buyer.name },
          endsAt: endsAt.toISOString(),
          minimumNextBid: toNaira(minimumNextBidKobo(state)),
          bidsCount: state.bidsCount,
        },
        timestamp,
        content: `${buyer.name} bid ${nairaText(amountKobo)}`,
      };
      events.toStreamAndSeller(streamId, item.sellerId, streamSocketEvents.notification, notification);
      if (outcome.extended) {
        const seconds = secondsLeft(endsAt, now);
        const timer: BidTimerUpdateEvent = {
          streamId,
          productId: body.productId,
          secondsLeft: seconds,
          formattedTime: formatTime(seconds),
          timestamp,
        };
        events.toStream(streamId, streamSocketEvents.bidTimerUpdate, timer);
      }
      return { message: 'Bid placed', product: toStreamProductView(item) };
    },

    /**
     * One pass of the auction clock: closes every running auction whose end has come, and tells
     * each show the seconds left of the others. The ticker (one owner in the cluster) calls it
     * every second; tests call it with a fake clock.
     */
    async tick(): Promise<TickResult> {
      const now = clock.now();
      const result: TickResult = { timers: 0, closed: 0 };
      for (const item of await repo.activeAuctions()) {
        const state = auctionStateOf(item);
        if (!state || state.endsAt === null) continue;
        if (isDue(state, now)) {
          const closed = await repo.transaction(async (tx) => {
            // A bid may have extended the clock since the read above; the locked row decides.
            const locked = await repo.lockActiveStreamProduct(tx, item.id);
            return locked ? closeLocked(tx, locked, item.sellerId, now, false) : null;
          });
          if (closed) {
            result.closed += 1;
            await announceClosed(closed);
          }
          continue;
        }
        const seconds = secondsLeft(state.endsAt, now);
        const timer: BidTimerUpdateEvent = {
          streamId: item.streamId,
          productId: item.productId ?? item.id,
          secondsLeft: seconds,
          formattedTime: formatTime(seconds),
          timestamp: now.getTime(),
        };
        events.toStream(item.streamId, streamSocketEvents.bidTimerUpdate, timer);
        result.timers += 1;
      }
      return result;
    },

    /** For the products module: a product offered in a scheduled or live show must not be deleted. */
    productInUpcomingOrLiveShow: (sellerId: string, productId: string) =>
      repo.productInUpcomingOrLiveShow(sellerId, productId, clock.now()),
  };
}
export type LiveService = ReturnType<typeof liveService>;
