import {
  type CreateLiveAuctionBody,
  type JoinSellerResponse,
  type OpenLiveShowBody,
  type RenewTokenResponse,
  type RescheduleExpiredBody,
  type SellerStreamsResponse,
  STREAM_MESSAGES,
  type Stream,
  type StreamDetailsResponse,
  type StreamResponse,
  type StreamStatus,
  type StreamType,
  type VariantChoice,
} from '@kasuwa/contracts';
import type { VariantRecord } from '@/db/schema/products.ts';
import type { SellerRow } from '@/db/schema/sellers.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import { toKobo } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { AuctionsService } from '@/modules/live/auctions.service.ts';
import type { LiveRepository, StreamRecord } from '@/modules/live/live.repository.ts';
import type { LiveAnnouncer } from '@/modules/live/live-announcer.ts';
import { lockOwnStream } from '@/modules/live/own-stream.ts';
import { effectiveStatus, toStreamView } from '@/modules/live/stream-view.ts';
import { type Combination, findCombination, variantKeyOf } from '@/modules/products/stock.variants.ts';
import { holdSellerUploads } from '@/uploads/uploads-lock.ts';
import { channelNameOf, type VideoProvider } from '@/video/video-provider.ts';

/** Checks a show's cover image and preview video are this seller's own uploads (stream-media.ts). */
export type AssertStreamMedia = (
  sellerId: string,
  media: { coverImage?: string | undefined; video?: string | undefined },
) => Promise<void>;

/**
 * The variant combination a live auction puts under the hammer (issue 14): a product with variants
 * is auctioned per variant, so one must be named, every level of it; null for one without.
 */
function auctionedCombination(
  product: { name: string; priceKobo: number; images: string[]; variants: VariantRecord[] },
  variant: VariantChoice[],
): Combination | null {
  if (product.variants.length === 0) {
    if (variant.length > 0) throw new BadRequestError(`products: ${product.name} has no variants`);
    return null;
  }
  if (variant.length === 0) {
    throw new BadRequestError(`products: choose which variant of ${product.name} to auction`);
  }
  const found = findCombination(product, variant);
  if (found.ok) return found.combination;
  throw new BadRequestError(
    found.reason === 'incomplete'
      ? `products: choose a ${found.level} for ${product.name}`
      : `products: that variant of ${product.name} is not in your store`,
  );
}

/** A start time may lie this far in the past (a slow form, a phone clock a little behind). */
const START_TIME_SLACK_MS = 60_000;

/**
 * Live shows themselves: scheduling, the seller's list, the public view, and the show's states
 * (scheduled → live → ended; expired is read, never stored). Every state change happens in a
 * transaction holding the stream's row; ending a show closes its running auctions in that same
 * transaction (auctions.service.ts), and the announcer tells the show after the commit.
 */
export function streamsService(deps: {
  repo: LiveRepository;
  clock: Clock;
  video: VideoProvider;
  auctions: Pick<AuctionsService, 'closeRunning'>;
  announce: Pick<LiveAnnouncer, 'auctionClosed' | 'streamStatus'>;
  assertMedia: AssertStreamMedia;
  /** Where the SPA is reached from outside, for the shareable watch link. */
  publicUrl: string;
  /** issue 16: followers are told of a scheduled or started show (a job added in this transaction). */
  onShow?: (tx: Queryable, e: { streamId: string; kind: 'scheduled' | 'started' }) => Promise<void>;
  /** issue 21: after a show went live or ended (replays: a recording video service follows it). */
  onStatus?: (e: { streamId: string; sellerId: string; status: 'live' | 'ended' }) => Promise<void>;
}) {
  const { repo, clock, video, announce } = deps;

  const publisherToken = (streamId: string, seller: Pick<SellerRow, 'id' | 'storeName'>) =>
    video.publisherToken(
      { streamId, channelName: channelNameOf(streamId) },
      { id: seller.id, name: seller.storeName },
    );

  async function view(row: StreamRecord, token: string | null): Promise<Stream> {
    const [items, totals] = await Promise.all([
      repo.streamProductsOf(repo.db, [row.id]),
      row.status === 'ended' ? repo.totals(repo.db, [row.id]) : Promise.resolve(undefined),
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

  async function create(
    seller: SellerRow,
    type: StreamType,
    body: OpenLiveShowBody | CreateLiveAuctionBody,
  ): Promise<StreamResponse> {
    const now = clock.now();
    const start = body.startImmediately || !body.scheduledStartTime ? now : new Date(body.scheduledStartTime);
    if (!body.startImmediately && start.getTime() < now.getTime() - START_TIME_SLACK_MS) {
      throw new BadRequestError('Choose a start time in the future');
    }
    if (!(await repo.categoryPairExists(repo.db, body.category, body.subCategory))) {
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
        const combination =
          'auctionSettings' in input ? auctionedCombination(product, input.variant ?? []) : null;
        return {
          productId: product.id,
          position,
          productName: product.name,
          productPriceKobo: combination?.priceKobo ?? product.priceKobo,
          productImage: combination?.image ?? product.images[0] ?? null,
          variant: combination?.variant ?? [],
          variantKey: combination ? variantKeyOf(combination.variant) : '',
          startingBidKobo: auction ? toKobo(auction.startingBid) : null,
          durationSeconds: auction?.durationSeconds ?? null,
          counterBidSeconds: auction?.counterBidSeconds ?? null,
          suddenDeath: auction?.suddenDeath ?? null,
          reservePriceKobo: auction?.reservePrice !== undefined ? toKobo(auction.reservePrice) : null,
        };
      });
      const streamId = await repo.insertStream(
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
      if (!body.startImmediately) await deps.onShow?.(tx, { streamId, kind: 'scheduled' });
      return streamId;
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
      const { rows, total } = await repo.pageSellerStreams(repo.db, seller.id, {
        statuses: query.status,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        now,
      });
      const ids = rows.map((r) => r.id);
      const [items, totals] = await Promise.all([
        repo.streamProductsOf(repo.db, ids),
        repo.totals(repo.db, ids),
      ]);
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

    /** For the live socket: who a show's seller is and its stored status; null for an unknown show. */
    async audience(id: string): Promise<{ sellerId: string; status: StreamRecord['status'] } | null> {
      const row = await repo.findStream(repo.db, id);
      return row ? { sellerId: row.sellerId, status: row.status } : null;
    },

    /** Stores a show's latest viewer count (the peak only while live) and answers the peak. */
    recordViewers: (id: string, viewerCount: number) => repo.recordViewers(repo.db, id, viewerCount),

    async start(seller: SellerRow, id: string): Promise<StreamResponse> {
      const now = clock.now();
      const row = await repo.transaction(async (tx) => {
        const row = await lockOwnStream(repo, tx, seller.id, id);
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
        await deps.onShow?.(tx, { streamId: row.id, kind: 'started' });
        return row;
      });
      announce.streamStatus(row, 'live');
      await deps.onStatus?.({ streamId: row.id, sellerId: row.sellerId, status: 'live' });
      return { message: STREAM_MESSAGES.started, stream: await sellerView(seller, id) };
    },

    /** Ends a live show; its running auctions close as if their clocks ran out now. */
    async end(seller: SellerRow, id: string): Promise<StreamResponse> {
      const now = clock.now();
      const { row, closed } = await repo.transaction(async (tx) => {
        const row = await lockOwnStream(repo, tx, seller.id, id);
        if (row.status === 'ended') throw new ConflictError('This show has already ended');
        if (row.status !== 'live') throw new ConflictError('This show is not live');
        const closed = await deps.auctions.closeRunning(tx, row, now);
        await repo.updateStream(tx, row.id, { status: 'ended', endedAt: now });
        return { row, closed };
      });
      for (const c of closed) await announce.auctionClosed(c);
      announce.streamStatus(row, 'ended');
      await deps.onStatus?.({ streamId: row.id, sellerId: row.sellerId, status: 'ended' });
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
        const row = await lockOwnStream(repo, tx, seller.id, body.streamId);
        if (effectiveStatus(row, now) !== 'expired') {
          throw new ConflictError('Only an expired show can be rescheduled');
        }
        if (start.getTime() <= now.getTime()) throw new BadRequestError('Choose a start time in the future');
        await repo.updateStream(tx, row.id, { scheduledStartTime: start });
      });
      return { message: STREAM_MESSAGES.rescheduled, stream: await sellerView(seller, body.streamId) };
    },

    /** For the products module: a product offered in a scheduled or live show must not be deleted. */
    productInUpcomingOrLiveShow: (sellerId: string, productId: string) =>
      repo.productInUpcomingOrLiveShow(repo.db, sellerId, productId, clock.now()),
  };
}
export type StreamsService = ReturnType<typeof streamsService>;
