import { z } from 'zod';
import { featureGateCode } from './feature-gate-response.ts';
import { auctionOutcome, auctionStatus, bidderSchema, streamStatus } from './live.ts';
import { variantChoiceSchema } from './orders.ts';
import { multilineText } from './text.ts';

/**
 * The live socket channel (SPEC section 7 "Socket channel"): socket.io at /socket.io, authenticated
 * with the token in the handshake (`auth: { token }`). Event names are the spec's; the payloads keep
 * its field names. Socket timestamps are milliseconds since the epoch (cheap to send every second,
 * and what latency measurements need). The client's options: socket-options.ts.
 */

export const streamSocketEvents = {
  // Client → server.
  /** Payload: the seller id (a bare string). */
  join: 'join',
  /** Payload `{ streamId }`: start receiving the stream's events. */
  subscribe: 'stream_notification_subscribe',
  /** Payload `{ streamId }`. */
  unsubscribe: 'stream_notification_unsubscribe',
  /** Payload `{ streamId, content }`; a viewer's or the seller's comment. */
  comment: 'stream_comment',
  /** Payload `{ streamId, content }`; the seller's announcement. */
  announcement: 'stream_announcement',
  // Server → client.
  /** Bids, winners, comments and announcements: `StreamNotification`. */
  notification: 'stream_notification',
  viewerJoined: 'viewer_joined_stream',
  viewerLeft: 'viewer_left_stream',
  bidTimerUpdate: 'bid_timer_update',
  /** Not in the spec's list: the product rail's active/ongoing/ended signals. */
  productAuctionStatus: 'product_auction_status',
  /** Not in the spec's list: the show went live or ended, so watch pages need not poll. */
  streamStatus: 'stream_status',
} as const;
export type StreamSocketEvent = (typeof streamSocketEvents)[keyof typeof streamSocketEvents];

export const MAX_STREAM_COMMENT_LENGTH = 500;

// ---- Client → server ----

/** `join`: the seller id. The server takes the room from the token, never from this id. */
export const joinPayload = z.string();

/**
 * `stream_notification_subscribe` / `_unsubscribe`. The spec gives only "(streamId)"; a bare id is
 * accepted too and read as `{ streamId }`.
 */
export const streamSubscriptionPayload = z
  .union([z.string(), z.object({ streamId: z.string() })])
  .transform((p) => (typeof p === 'string' ? { streamId: p } : p))
  .pipe(z.object({ streamId: z.uuid('Stream not found') }));
export type StreamSubscriptionPayload = z.input<typeof streamSubscriptionPayload>;

/**
 * `stream_comment` / `stream_announcement` (SPEC section 5: sent only with a stream id and
 * non-empty trimmed text, trimmed before sending; the server trims and checks again).
 */
export const streamMessagePayload = z.object({
  streamId: z.uuid('Stream not found'),
  content: multilineText()
    .trim()
    .min(1, 'Write a message first')
    .max(MAX_STREAM_COMMENT_LENGTH, `At most ${MAX_STREAM_COMMENT_LENGTH} characters`),
});
export type StreamMessagePayload = z.infer<typeof streamMessagePayload>;

/** What the server acknowledges a client event with, when the client asks for an acknowledgement. */
export const socketAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  // `code` when a seller is refused a show's seller side by the SPEC section 5 gate. `retryAfterMs`
  // when the server could not do it now (overloaded, its database away): the client may send the
  // same event again after that long (issue 18; like HTTP's 503 with Retry-After). Without it the
  // refusal stands and sending again would get the same answer.
  z.object({
    ok: z.literal(false),
    message: z.string(),
    code: featureGateCode.optional(),
    retryAfterMs: z.number().int().positive().optional(),
  }),
]);
export type SocketAck = z.infer<typeof socketAck>;

/** The longest a client waits between tries of a subscription the server could not take. */
export const SUBSCRIBE_RETRY_MAX_MS = 30_000;

/**
 * How long a client waits before subscribing again after the server answered "not now" (an ack with
 * `retryAfterMs`; issue 18: a crowd joining at once): the server's figure doubling with each refusal
 * up to 30 s, spread by ±50% so a crowd refused together does not come back together.
 */
export function subscribeRetryDelay(retryAfterMs: number, refusals: number, random = Math.random): number {
  const base = retryAfterMs * 2 ** Math.max(0, Math.min(refusals - 1, 10));
  return Math.min(SUBSCRIBE_RETRY_MAX_MS, Math.round(base * (0.5 + random())));
}

// ---- Server → client ----

/**
 * SPEC section 3: `data.product.product.productId`, the stream product's shape; with the row's id
 * and variant when the product is auctioned per variant (issue 14), so a rail tells them apart.
 */
const productRef = z.object({
  product: z.object({
    productId: z.string(),
    streamProductId: z.string().optional(),
    variant: z.array(variantChoiceSchema).optional(),
  }),
});

/** `new_bid` data: the spec's `bidAmount`, `currentBidder`, `product.product.productId`, plus what a rail needs. */
export const newBidData = z.object({
  streamId: z.string(),
  product: productRef,
  /** Naira. */
  bidAmount: z.number(),
  currentBidder: bidderSchema,
  /** The clock after this bid (anti-sniping may have extended it). ISO-8601. */
  endsAt: z.string(),
  /** The smallest next bid the server will accept, naira. */
  minimumNextBid: z.number(),
  bidsCount: z.number().int(),
});
export type NewBidData = z.infer<typeof newBidData>;

/** `auction_winner` data: the spec's `bidWinner { bidAmount, buyer }`. */
export const auctionWinnerData = z.object({
  streamId: z.string(),
  product: productRef,
  bidWinner: z.object({ bidAmount: z.number(), buyer: bidderSchema }),
  /** The winner's order (awaiting payment). */
  orderId: z.string().nullable(),
});
export type AuctionWinnerData = z.infer<typeof auctionWinnerData>;

const author = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.enum(['seller', 'buyer']),
});

export const streamCommentData = z.object({
  streamId: z.string(),
  comment: z.object({ _id: z.string(), author }),
});

export const streamAnnouncementData = z.object({
  streamId: z.string(),
  announcement: z.object({ _id: z.string() }),
});

/**
 * `stream_notification` (SPEC section 3: type, data, timestamp, content). `content` is readable
 * text: the comment or announcement itself, or a sentence about the bid or the winner.
 */
export const streamNotification = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new_bid'), data: newBidData, timestamp: z.number(), content: z.string() }),
  z.object({
    type: z.literal('auction_winner'),
    data: auctionWinnerData,
    timestamp: z.number(),
    content: z.string(),
  }),
  z.object({
    type: z.literal('stream_comment'),
    data: streamCommentData,
    timestamp: z.number(),
    content: z.string(),
  }),
  z.object({
    type: z.literal('stream_announcement'),
    data: streamAnnouncementData,
    timestamp: z.number(),
    content: z.string(),
  }),
]);
export type StreamNotification = z.infer<typeof streamNotification>;
export type StreamNotificationType = StreamNotification['type'];

/** `viewer_joined_stream` / `viewer_left_stream`: the count after the change, so clients never drift. */
export const viewerCountEvent = z.object({
  streamId: z.string(),
  viewerCount: z.number().int(),
  peakViewers: z.number().int(),
  timestamp: z.number(),
});
export type ViewerCountEvent = z.infer<typeof viewerCountEvent>;

/** `bid_timer_update` (SPEC section 7), once a second for the active product; `formattedTime` is mm:ss. */
export const bidTimerUpdateEvent = z.object({
  streamId: z.string(),
  productId: z.string(),
  /** The stream product (one per variant of a product auctioned per variant). */
  streamProductId: z.string().optional(),
  secondsLeft: z.number().int(),
  formattedTime: z.string(),
  timestamp: z.number(),
});
export type BidTimerUpdateEvent = z.infer<typeof bidTimerUpdateEvent>;

/**
 * `product_auction_status`: the signals of SPEC section 4 "Auction bidding status". The server
 * sends `active` on activation and `ended` (with the outcome) when it closes an auction; clients
 * apply them by the section 4 rules (an ended on an ongoing product after 30 s, and so on).
 */
export const productAuctionStatusEvent = z.object({
  streamId: z.string(),
  productId: z.string(),
  /** The stream product (one per variant of a product auctioned per variant). */
  streamProductId: z.string().optional(),
  status: auctionStatus,
  outcome: auctionOutcome.nullable(),
  /** ISO-8601, while active. */
  endsAt: z.string().nullable(),
  timestamp: z.number(),
});
export type ProductAuctionStatusEvent = z.infer<typeof productAuctionStatusEvent>;

/** `stream_status`: the show's status changed (went live, ended). */
export const streamStatusEvent = z.object({
  streamId: z.string(),
  status: streamStatus,
  timestamp: z.number(),
});
export type StreamStatusEvent = z.infer<typeof streamStatusEvent>;

/**
 * Signalling of the local WebRTC video provider (peer-to-peer, one connection per viewer). The
 * server only relays these between the two sockets concerned; it never reads the descriptions.
 *
 * 1. A watch page emits `webrtc_watch { streamId }`.
 * 2. The server relays it to the stream's seller sockets as `webrtc_viewer { streamId, viewerId }`,
 *    where viewerId is the watcher's socket id.
 * 3. The studio creates an RTCPeerConnection for that viewer and both sides exchange
 *    `webrtc_signal { streamId, to, description? , candidate? }`; the server delivers it to the socket
 *    `to` (only between a stream's seller and its viewers) with `from` set to the sender's socket id.
 * 4. `webrtc_viewer_left { streamId, viewerId }` tells the studio to close that connection.
 *
 * Only the studio that holds the show (`studio_claim` below) gets `webrtc_viewer` and
 * `webrtc_viewer_left`, and only it may signal viewers. Once it listens for viewers it emits
 * `webrtc_publish { streamId }` (acknowledged), and the server hands it `webrtc_viewer` for every
 * socket already waiting, so the viewers of a studio that took over, or came back after a reload,
 * get its offer at once instead of at their next retry.
 */
export const webrtcSocketEvents = {
  watch: 'webrtc_watch',
  publish: 'webrtc_publish',
  viewer: 'webrtc_viewer',
  signal: 'webrtc_signal',
  viewerLeft: 'webrtc_viewer_left',
} as const;

export const webrtcWatchPayload = z.object({ streamId: z.string() });
export const webrtcViewerEvent = z.object({ streamId: z.string(), viewerId: z.string() });
export const webrtcSignalPayload = z.object({
  streamId: z.string(),
  to: z.string().min(1),
  /** Filled in by the server on delivery. */
  from: z.string().optional(),
  description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(100_000) }).optional(),
  candidate: z
    .object({
      candidate: z.string().max(2_000),
      sdpMid: z.string().nullable().optional(),
      sdpMLineIndex: z.number().nullable().optional(),
    })
    .optional(),
});
export type WebrtcSignalPayload = z.infer<typeof webrtcSignalPayload>;

/**
 * One studio publishes a show at a time. A seller may open a show's studio in two tabs or on two
 * devices; the server keeps which studio holds the show (across nodes), routes the viewers'
 * signalling to it only, and tells the studio that lost it.
 *
 * 1. The studio, about to publish, emits `studio_claim { streamId, studioId, takeOver }` with an
 *    acknowledgement. `studioId` is a random id the page makes once (the same window after a socket
 *    reconnection is the same studio). `takeOver: true` when the studio opens or the seller asks to
 *    use this window: it takes the show from any other studio. `takeOver: false` when it resumes
 *    after its socket reconnected: refused with `openElsewhere: true` if another studio has the show.
 * 2. The studio that held the show receives `studio_replaced { streamId, timestamp }`: it stops
 *    publishing and releases the camera.
 * 3. A claim ends when its socket disconnects, so a reloaded studio takes the show at once.
 */
export const studioSocketEvents = {
  claim: 'studio_claim',
  replaced: 'studio_replaced',
} as const;

/** The acknowledgement's message when another window of the seller has the show. */
export const STUDIO_OPEN_ELSEWHERE = 'This show is open in another window';

export const studioClaimPayload = z.object({
  streamId: z.uuid('Stream not found'),
  studioId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid studio'),
  takeOver: z.boolean(),
});
export type StudioClaimPayload = z.infer<typeof studioClaimPayload>;

export const studioClaimAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({
    ok: z.literal(false),
    message: z.string(),
    openElsewhere: z.boolean().optional(),
    // When the SPEC section 5 gate refuses the seller, as in `socketAck`.
    code: featureGateCode.optional(),
  }),
]);
export type StudioClaimAnswer = z.infer<typeof studioClaimAnswer>;

export const studioReplacedEvent = z.object({ streamId: z.string(), timestamp: z.number() });
export type StudioReplacedEvent = z.infer<typeof studioReplacedEvent>;
