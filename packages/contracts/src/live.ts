// size: one area's contract: shows and their auctions share the statuses, settings and product shapes, and the socket events carry them
import { z } from 'zod';
import { variantChoiceSchema } from './orders.ts';
import { nairaPrice } from './products.ts';

/**
 * Live shows and live auctions (SPEC sections 3 "Livestream draft" and "Stream", 4 "Stream" and
 * "Auction bidding status", 7 "Streams", 8 "Streams"). Money is naira here, as everywhere in the
 * API; the server keeps kobo.
 */

/** SPEC section 3: `live_show` (Open Live Show) and the auction kind, `live_auction`. */
export const streamType = z.enum(['live_show', 'live_auction']);
export type StreamType = z.infer<typeof streamType>;

/**
 * SPEC section 4: scheduled → live (start) → ended (end). A scheduled show nobody started in time
 * becomes expired; rescheduling it makes it scheduled again with the new start time.
 */
export const streamStatus = z.enum(['scheduled', 'live', 'ended', 'expired']);
export type StreamStatus = z.infer<typeof streamStatus>;

/**
 * A product's auction status as clients show it (SPEC section 3 "Product auction status"):
 * `active` while bids are taken, `ongoing` once the clock has run out and the result is shown,
 * `ended` when it is over.
 */
export const auctionStatus = z.enum(['active', 'ongoing', 'ended']);
export type AuctionStatus = z.infer<typeof auctionStatus>;

/** A stream product's `bidStatus`: the statuses above, plus `pending` before its bidding is first activated. */
export const productBidStatus = z.enum(['pending', 'active', 'ongoing', 'ended']);
export type ProductBidStatus = z.infer<typeof productBidStatus>;

/** How a closed auction went: sold to the highest bidder, or unsold (no bids, or the reserve not met). */
export const auctionOutcome = z.enum(['sold', 'unsold']);
export type AuctionOutcome = z.infer<typeof auctionOutcome>;

export const DEFAULT_AUCTION_DURATION_SECONDS = 30;
export const DEFAULT_COUNTER_BID_SECONDS = 10;
export const MIN_AUCTION_DURATION_SECONDS = 10;
export const MAX_AUCTION_DURATION_SECONDS = 900;
export const MIN_COUNTER_BID_SECONDS = 5;
export const MAX_COUNTER_BID_SECONDS = 60;

/** SPEC section 9: an ended signal on an ongoing product is applied after 30 s (the winner stays on screen). */
export const AUCTION_ENDED_DELAY_MS = 30_000;
/** SPEC section 9: a timer reaching 0 while active switches the product to ongoing after 100 ms. */
export const TIMER_ZERO_ONGOING_DELAY_MS = 100;
/** The server sends `bid_timer_update` for the active product once a second. */
export const BID_TIMER_INTERVAL_MS = 1_000;

export const MAX_STREAM_PRODUCTS = 50;
export const MAX_STREAM_TAGS = 20;

/**
 * Per-product auction settings. `durationSeconds` is the clock at activation; a bid with less than
 * `counterBidSeconds` left resets the clock to `counterBidSeconds` (anti-sniping), except in
 * `suddenDeath`, where the clock is never extended and the last bid standing wins. Below an optional
 * `reservePrice` the product stays unsold.
 */
export const streamAuctionSettingsSchema = z
  .strictObject({
    startingBid: nairaPrice,
    durationSeconds: z
      .number()
      .int('Duration must be whole seconds')
      .min(MIN_AUCTION_DURATION_SECONDS, `Duration must be at least ${MIN_AUCTION_DURATION_SECONDS} seconds`)
      .max(MAX_AUCTION_DURATION_SECONDS, `Duration must be at most ${MAX_AUCTION_DURATION_SECONDS} seconds`)
      .default(DEFAULT_AUCTION_DURATION_SECONDS),
    counterBidSeconds: z
      .number()
      .int('Counter-bid time must be whole seconds')
      .min(MIN_COUNTER_BID_SECONDS, `Counter-bid time must be at least ${MIN_COUNTER_BID_SECONDS} seconds`)
      .max(MAX_COUNTER_BID_SECONDS, `Counter-bid time must be at most ${MAX_COUNTER_BID_SECONDS} seconds`)
      .default(DEFAULT_COUNTER_BID_SECONDS),
    suddenDeath: z.boolean().default(false),
    reservePrice: nairaPrice.optional(),
  })
  .refine((a) => a.reservePrice === undefined || a.reservePrice >= a.startingBid, {
    message: 'Reserve price cannot be below the starting bid',
    path: ['reservePrice'],
  })
  // Otherwise the very first bid would lengthen the auction instead of the last seconds.
  .refine((a) => a.counterBidSeconds <= a.durationSeconds, {
    message: 'Counter-bid time cannot be longer than the duration',
    path: ['counterBidSeconds'],
  });
export type StreamAuctionSettings = z.infer<typeof streamAuctionSettingsSchema>;
export type StreamAuctionSettingsInput = z.input<typeof streamAuctionSettingsSchema>;

const productId = z.uuid('Unknown product');

/** A product of an Open Live Show: shown and sold at its price, no auction. */
export const liveShowProductInput = z.strictObject({ productId });
/**
 * A product of a live auction, with its own auction settings. A product with variants is auctioned
 * per variant (issue 14): `variant` names the combination under the hammer, every level of it
 * (e.g. Colour Red, Size M), and the same product may come once per combination. A product
 * without variants leaves it empty.
 */
export const liveAuctionProductInput = z.strictObject({
  productId,
  variant: z.array(variantChoiceSchema).max(3).optional(),
  auctionSettings: streamAuctionSettingsSchema,
});
export type LiveAuctionProductInput = z.input<typeof liveAuctionProductInput>;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Enter a valid date and time' });

/** One show offers a product (or one variant combination of it) once. */
export const streamItemKey = (p: {
  productId: string;
  variant?: readonly { name: string; value: string }[];
}) =>
  [
    p.productId,
    ...(p.variant ?? []).map((v) => `${v.name.trim().toLowerCase()}=${v.value.trim().toLowerCase()}`),
  ].join('|');

const noDuplicateProducts = (
  products: readonly { productId: string; variant?: readonly { name: string; value: string }[] }[],
) => new Set(products.map(streamItemKey)).size === products.length;

// Fields shared by both create bodies. `coverImage` and `video` are URLs from
// POST /streams/media, which checks and stores the files first (like product photos).
const streamFields = {
  title: z.string().trim().min(1, 'Title is required').max(100, 'Title must be at most 100 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
  category: z.uuid('Choose a category'),
  subCategory: z.uuid('Choose a sub-category').optional(),
  tags: z
    .array(z.string().trim().min(1).max(30, 'Tags must be at most 30 characters'))
    .max(MAX_STREAM_TAGS, `At most ${MAX_STREAM_TAGS} tags`)
    .default([]),
  /** ISO-8601; required unless `startImmediately`. Whether it lies in the future is the server's check. */
  scheduledStartTime: isoDateTime.optional(),
  startImmediately: z.boolean().default(false),
  coverImage: z.string().trim().min(1).max(2048).optional(),
  video: z.string().trim().min(1).max(2048).optional(),
};

const startIsChosen = (b: { scheduledStartTime?: string; startImmediately: boolean }) =>
  b.startImmediately || b.scheduledStartTime !== undefined;
const startRule = { message: 'Choose a start time or start immediately', path: ['scheduledStartTime'] };
const duplicateRule = {
  message: 'Each product (or variant of one) can be added once',
  path: ['products'],
};

/**
 * POST /streams/open-live-show. With `startImmediately` the show is scheduled for now and any
 * `scheduledStartTime` is ignored.
 */
export const openLiveShowBody = z
  .strictObject({
    ...streamFields,
    products: z
      .array(liveShowProductInput)
      .max(MAX_STREAM_PRODUCTS, `At most ${MAX_STREAM_PRODUCTS} products`)
      .default([]),
  })
  .refine(startIsChosen, startRule)
  .refine((b) => noDuplicateProducts(b.products), duplicateRule);
export type OpenLiveShowBody = z.infer<typeof openLiveShowBody>;
export type OpenLiveShowInput = z.input<typeof openLiveShowBody>;

/** POST /streams/create: a live auction; every product carries its auction settings. */
export const createLiveAuctionBody = z
  .strictObject({
    ...streamFields,
    products: z
      .array(liveAuctionProductInput)
      .min(1, 'Add at least one product to auction')
      .max(MAX_STREAM_PRODUCTS, `At most ${MAX_STREAM_PRODUCTS} products`),
  })
  .refine(startIsChosen, startRule)
  .refine((b) => noDuplicateProducts(b.products), duplicateRule);
export type CreateLiveAuctionBody = z.infer<typeof createLiveAuctionBody>;
export type CreateLiveAuctionInput = z.input<typeof createLiveAuctionBody>;

/** What a show's product list displays of a product. Price in naira. */
export const streamProductSummary = z.object({
  productId: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string().nullable(),
});
export type StreamProductSummary = z.infer<typeof streamProductSummary>;

/**
 * The create wizards' draft, kept across steps (SPEC section 3 "Livestream draft"); every field may
 * still be empty. `coverPhoto` and `video` are the uploaded URLs (sent as `coverImage`/`video`),
 * `products` what is submitted, `selectedProducts` what the wizard shows of them.
 */
export const livestreamDraftSchema = z.object({
  title: z.string().default(''),
  description: z.string().default(''),
  category: z.string().default(''),
  subCategory: z.string().default(''),
  coverPhoto: z.string().nullable().default(null),
  video: z.string().nullable().default(null),
  tags: z.array(z.string()).default([]),
  products: z
    .array(
      z.object({
        productId: z.string(),
        /** The combination under the hammer, for a product auctioned per variant (issue 14). */
        variant: z.array(variantChoiceSchema).optional(),
        auctionSettings: z
          .object({
            startingBid: z.number(),
            durationSeconds: z.number(),
            counterBidSeconds: z.number(),
            suddenDeath: z.boolean(),
            reservePrice: z.number(),
          })
          .partial()
          .optional(),
      }),
    )
    .default([]),
  /** `variant` ties a summary to its product's row when one product comes once per combination. */
  selectedProducts: z
    .array(streamProductSummary.extend({ variant: z.array(variantChoiceSchema).optional() }))
    .default([]),
  scheduledStartTime: z.string().nullable().default(null),
  startImmediately: z.boolean().default(false),
});
export type LivestreamDraft = z.infer<typeof livestreamDraftSchema>;

/** A bidder as viewers see them: the buyer's id and display name. */
export const bidderSchema = z.object({ _id: z.string(), name: z.string() });
export type Bidder = z.infer<typeof bidderSchema>;

/** Auction settings as answered (defaults filled in). */
export const streamAuctionSettingsAnswer = z.object({
  startingBid: z.number(),
  durationSeconds: z.number().int(),
  counterBidSeconds: z.number().int(),
  suddenDeath: z.boolean(),
  reservePrice: z.number().nullable(),
});

/**
 * One product of a stream (SPEC section 3: `product.productId` and `bidStatus`). For a live show
 * the auction fields are null. `endsAt` is when the running auction's clock reaches zero; clients
 * derive the countdown from it and `bid_timer_update`. `minimumNextBid` is the smallest bid the
 * server will accept now (the starting bid, or the current bid plus the increment).
 */
export const streamProductSchema = z.object({
  /**
   * This row of the show: a product auctioned per variant has one per variant, so clients tell
   * them apart by it (issue 14). Optional only so older fixtures parse; the server always sends it.
   */
  streamProductId: z.string().optional(),
  /** The variant combination under the hammer; empty for a product without variants. */
  variant: z.array(variantChoiceSchema).optional(),
  /** `product.name` reads with the variant, e.g. "Ankara dress — Red / M". */
  product: streamProductSummary,
  bidStatus: productBidStatus,
  auctionSettings: streamAuctionSettingsAnswer.nullable(),
  currentBid: z.number().nullable(),
  currentBidder: bidderSchema.nullable(),
  minimumNextBid: z.number().nullable(),
  bidsCount: z.number().int(),
  endsAt: z.string().nullable(),
  outcome: auctionOutcome.nullable(),
});
export type StreamProduct = z.infer<typeof streamProductSchema>;

/**
 * What a past show achieved. `durationMinutes` is the rounded time from actual start to end
 * (SPEC section 4); sales are the show's orders (auctions won, awaiting payment or paid, and what
 * buyers bought at once while watching; cancelled ones left out), as its past show page counts them,
 * `salesTotal` their goods in naira, without delivery.
 */
export const pastShowSummarySchema = z.object({
  durationMinutes: z.number().int(),
  peakViewers: z.number().int(),
  bidsCount: z.number().int(),
  salesCount: z.number().int(),
  salesTotal: z.number(),
});
export type PastShowSummary = z.infer<typeof pastShowSummarySchema>;

/** Which video service carries the show; the client loads the matching adapter. */
export const videoProvider = z.enum(['local', 'livekit', 'agora']);
export type VideoProvider = z.infer<typeof videoProvider>;

/** A STUN or TURN server, as the browser's RTCPeerConnection takes it. */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * A stream as the API answers it. `channelName` and `agoraToken` keep the spec's names whatever
 * the provider: the room/channel and the provider token for whoever asked (the seller's publishing
 * token on seller calls; a viewer token or null on the public GET /streams/{id}).
 * `videoServerUrl` is where the provider's client connects (LiveKit's URL; null for local and Agora).
 */
export const streamSchema = z.object({
  _id: z.string(),
  sellerId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.object({ _id: z.string(), name: z.string() }),
  subCategory: z.object({ _id: z.string(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  coverImage: z.string().nullable(),
  video: z.string().nullable(),
  products: z.array(streamProductSchema),
  channelName: z.string(),
  agoraToken: z.string().nullable(),
  videoProvider,
  videoServerUrl: z.string().nullable(),
  /**
   * STUN/TURN servers for the local provider's peer connections (RTCConfiguration.iceServers);
   * empty when none are configured (one machine or one network needs none).
   */
  iceServers: z.array(iceServerSchema).optional(),
  /** ISO-8601. */
  scheduledStartTime: z.string(),
  actualStartTime: z.string().nullable(),
  endedAt: z.string().nullable(),
  status: streamStatus,
  type: streamType,
  viewerCount: z.number().int(),
  peakViewers: z.number().int(),
  /** The public watch page, absolute, ready to share (WhatsApp, QR code). */
  watchUrl: z.string(),
  /** Set once the show has ended. */
  summary: pastShowSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stream = z.infer<typeof streamSchema>;

export const streamIdParams = z.object({ id: z.uuid('Stream not found') });

/** POST /streams/open-live-show and /streams/create (201), /streams/{id}/start, /streams/reschedule-expired. */
export const streamResponse = z.object({ message: z.string(), stream: streamSchema });
export type StreamResponse = z.infer<typeof streamResponse>;

/** GET /streams/{id} (no auth). */
export const streamDetailsResponse = z.object({ stream: streamSchema });
export type StreamDetailsResponse = z.infer<typeof streamDetailsResponse>;

/** POST /streams/{id}/end: the ended stream, with its summary. */
export const endStreamResponse = streamResponse;
export type EndStreamResponse = StreamResponse;

/** POST /streams/{id}/join-seller: "data with stream" (SPEC section 7). */
export const joinSellerResponse = z.object({
  message: z.string(),
  data: z.object({ stream: streamSchema }),
});
export type JoinSellerResponse = z.infer<typeof joinSellerResponse>;

/** GET /streams/seller/{sellerId}: newest scheduled time first; `status` narrows (scheduled shows, past shows). */
export const sellerStreamsQuery = z.strictObject({
  status: z
    .union([streamStatus, z.array(streamStatus)])
    .transform((s) => (Array.isArray(s) ? s : [s]))
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type SellerStreamsQuery = z.input<typeof sellerStreamsQuery>;

export const sellerStreamsResponse = z.object({
  streams: z.array(streamSchema),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
  }),
});
export type SellerStreamsResponse = z.infer<typeof sellerStreamsResponse>;

/** POST /streams/reschedule-expired. */
export const rescheduleExpiredBody = z.strictObject({
  streamId: z.uuid('Stream not found'),
  newScheduledStartTime: isoDateTime,
});
export type RescheduleExpiredBody = z.infer<typeof rescheduleExpiredBody>;

/**
 * POST /streams/{id}/activate-product-bidding. `streamProductId` picks one variant's row when the
 * show auctions the product per variant (required then); `productId` alone does otherwise.
 */
export const activateProductBiddingBody = z.strictObject({
  productId,
  streamProductId: z.uuid('Product not found').optional(),
});
export type ActivateProductBiddingBody = z.infer<typeof activateProductBiddingBody>;

/** Its answer: "200; product" (SPEC section 7), the activated stream product. */
export const activateProductBiddingResponse = z.object({
  message: z.string(),
  product: streamProductSchema,
});
export type ActivateProductBiddingResponse = z.infer<typeof activateProductBiddingResponse>;

/**
 * A buyer's bid on the active product, in naira (whole kobo). With a product auctioned per
 * variant, the bid goes to its running auction; `streamProductId` may name that row exactly.
 */
export const placeBidBody = z.strictObject({
  productId,
  streamProductId: z.uuid('Product not found').optional(),
  amount: nairaPrice,
});
export type PlaceBidBody = z.infer<typeof placeBidBody>;

export const placeBidResponse = z.object({ message: z.string(), product: streamProductSchema });
export type PlaceBidResponse = z.infer<typeof placeBidResponse>;

/**
 * A refused bid (400: not a valid amount; 409: too low, not open, ended, already the highest):
 * the message to show, and the smallest bid the server would accept now, so the client can offer it.
 */
export const placeBidErrorResponse = z.object({
  message: z.string(),
  minimumNextBid: z.number().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type PlaceBidErrorResponse = z.infer<typeof placeBidErrorResponse>;

/** GET /streams/{id}/comments answers this many when no `limit` is given, and at most the maximum. */
export const DEFAULT_STREAM_COMMENTS_LIMIT = 50;
export const MAX_STREAM_COMMENTS_LIMIT = 100;

/** GET /streams/{id}/comments (public): how many of the newest comments and announcements. */
export const streamCommentsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_STREAM_COMMENTS_LIMIT).default(DEFAULT_STREAM_COMMENTS_LIMIT),
});
export type StreamCommentsQuery = z.input<typeof streamCommentsQuery>;

/**
 * A stored comment or seller announcement of a show. `_id` is the id the socket's
 * `stream_notification` carried (`comment._id` / `announcement._id`), so a studio or watch page
 * that re-joins merges the two without showing anything twice. An announcement's author is the
 * show's seller.
 */
export const streamCommentSchema = z.object({
  _id: z.string(),
  kind: z.enum(['comment', 'announcement']),
  author: z.object({ _id: z.string(), name: z.string(), role: z.enum(['seller', 'buyer']) }),
  content: z.string(),
  /** ISO-8601. */
  createdAt: z.string(),
});
export type StreamComment = z.infer<typeof streamCommentSchema>;

/** The newest `limit` comments and announcements, oldest first (the order a chat shows them). */
export const streamCommentsResponse = z.object({ comments: z.array(streamCommentSchema) });
export type StreamCommentsResponse = z.infer<typeof streamCommentsResponse>;

/**
 * GET /streams/{id}/renew-token. SPEC section 5: anything but `success: true` with a token is
 * 'Invalid token response from server', so the schema accepts nothing else.
 */
export const renewTokenResponse = z.object({ success: z.literal(true), token: z.string().min(1) });
export type RenewTokenResponse = z.infer<typeof renewTokenResponse>;

/** Multipart fields of POST /streams/media: one cover image or one preview video per request. */
export const STREAM_COVER_IMAGE_FIELD = 'coverImage';
export const STREAM_VIDEO_FIELD = 'video';
/** Upload caps of POST /streams/media (413 above them). */
export const MAX_STREAM_COVER_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_STREAM_VIDEO_BYTES = 50 * 1024 * 1024;

export const streamMediaUploadResponse = z.object({
  message: z.string(),
  media: z.object({
    url: z.string(),
    kind: z.enum(['image', 'video']),
    /** Seconds, for videos. */
    durationSeconds: z.number().nullable(),
  }),
});
export type StreamMediaUploadResponse = z.infer<typeof streamMediaUploadResponse>;

/** The exact words of SPEC sections 5 and 8 for streams. */
export const STREAM_MESSAGES = {
  scheduleError: 'Error scheduling livestream',
  scheduleErrorDefault: 'Failed to schedule livestream',
  startError: 'Error starting livestream',
  endError: 'Error ending livestream',
  activateError: 'Error activating product bidding',
  rescheduleError: 'Error rescheduling stream',
  /** The default description of the four errors above when the server gave no message. */
  somethingWentWrong: 'Something went wrong',
  refreshConnectionError: 'Failed to refresh stream connection',
  invalidTokenResponse: 'Invalid token response from server',
  noAuthToken: 'No authentication token found',
  started: 'Livestream started successfully',
  ended: 'Livestream ended successfully',
  activated: 'Product bidding activated successfully',
  rescheduled: 'Stream rescheduled successfully',
} as const;

/**
 * Minutes from `start` to `end`, rounded (SPEC section 4: actual start to now while live, to the
 * end for a past show); never negative, so a device clock a little behind reads 0.
 */
export function streamDurationMinutes(start: Date | string, end: Date | string): number {
  const ms = new Date(end).getTime() - new Date(start).getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms / 60_000)) : 0;
}
