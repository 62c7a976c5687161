import type {
  AuctionOutcome,
  Bidder,
  BidTimerUpdateEvent,
  ProductAuctionStatusEvent,
  ProductBidStatus,
  Stream,
  StreamComment,
  StreamNotification,
  StreamProduct,
  StreamStatus,
  StreamStatusEvent,
  VariantChoice,
  ViewerCountEvent,
} from '@kasuwa/contracts';
import { variantLabel } from '@kasuwa/contracts';

/**
 * What a show looks like from the studio or a watch page, as a pure reducer of the fetched stream
 * and the live socket's events (SPEC section 3 "Stream notification", "Bid update", "Bid timer",
 * "Product auction status"). The auction status rules of SPEC section 4 (the 100 ms and 30 s
 * delays) are not here: features/live/auction-status.ts applies them to the same events.
 */

export type FeedItem =
  | {
      kind: 'comment';
      id: string;
      /** `_id`: the buyer or seller (issue 21: a moderator mutes the author by it). */
      author: { _id?: string; name: string; role: 'seller' | 'buyer' };
      content: string;
      timestamp: number;
    }
  | { kind: 'announcement'; id: string; content: string; timestamp: number }
  | {
      kind: 'bid';
      id: string;
      productId: string;
      /** The row bid on (see LiveProduct.key). */
      key: string;
      amount: number;
      bidder: Bidder;
      content: string;
      timestamp: number;
    }
  | {
      kind: 'winner';
      id: string;
      productId: string;
      /** The row won (see LiveProduct.key). */
      key: string;
      amount: number;
      buyer: Bidder;
      content: string;
      timestamp: number;
    };

export interface LiveProduct {
  /**
   * The row of the show: its `streamProductId`, else the product id. A product auctioned per
   * variant (issue 14) has one row per combination, each with its own status, clock, bids and
   * winner, so everything here is keyed by this, never by the product id alone.
   */
  key: string;
  productId: string;
  streamProductId: string | null;
  /** The combination under the hammer; empty for a product without variants. */
  variant: VariantChoice[];
  /** The server's name, which reads with the variant ('Ankara dress — Red / M'). */
  name: string;
  image: string | null;
  /** The listed price (naira); an Open Live Show sells at it. */
  price: number;
  startingBid: number | null;
  /** The server's last word on the product. */
  bidStatus: ProductBidStatus;
  currentBid: number | null;
  currentBidder: Bidder | null;
  minimumNextBid: number | null;
  bidsCount: number;
  /** ISO-8601: when the running auction's clock reaches zero. */
  endsAt: string | null;
  /** The last `bid_timer_update`. */
  timer: { secondsLeft: number; formattedTime: string; timestamp: number } | null;
  winner: { bidAmount: number; buyer: Bidder; orderId: string | null } | null;
  outcome: AuctionOutcome | null;
}

export interface LiveRoomState {
  status: StreamStatus | null;
  viewerCount: number;
  peakViewers: number;
  products: LiveProduct[];
  /** Comments, announcements, bids and winners, oldest first, the newest FEED_LIMIT kept. */
  feed: FeedItem[];
}

export type LiveRoomAction =
  | { type: 'hydrate'; stream: Stream }
  /** The stored comments and announcements (GET /streams/{id}/comments), merged with the live ones. */
  | { type: 'comments'; comments: readonly StreamComment[] }
  /** One product as an HTTP answer gave it (activation, a bid placed). */
  | { type: 'product'; product: StreamProduct }
  | { type: 'notification'; notification: StreamNotification }
  | { type: 'viewers'; event: ViewerCountEvent }
  | { type: 'timer'; event: BidTimerUpdateEvent }
  | { type: 'auctionStatus'; event: ProductAuctionStatusEvent }
  | { type: 'streamStatus'; event: StreamStatusEvent };

export const FEED_LIMIT = 200;

export const emptyLiveRoom: LiveRoomState = {
  status: null,
  viewerCount: 0,
  peakViewers: 0,
  products: [],
  feed: [],
};

/** A row's key: the stream product, else (older answers, a show without per-variant rows) the product. */
export const rowKey = (ref: { productId: string; streamProductId?: string | null | undefined }) =>
  ref.streamProductId || ref.productId;

/**
 * Which row an event means. Events name the stream product; one that does not (an older server)
 * means its product's row, the running one if the product has several.
 */
export function resolveRowKey(
  products: readonly LiveProduct[],
  ref: { productId: string; streamProductId?: string | null | undefined },
): string {
  const named = ref.streamProductId;
  if (named && products.some((p) => p.key === named)) return named;
  const candidates = products.filter(
    (p) => p.productId === ref.productId && (!named || p.streamProductId === null),
  );
  const row = candidates.find((p) => p.bidStatus === 'active') ?? candidates[0];
  return row?.key ?? rowKey(ref);
}

/** 'Red / M', or null for a product without variants. */
export const variantText = (product: Pick<LiveProduct, 'variant'>) =>
  product.variant.length > 0 ? variantLabel(product.variant) : null;

function fromStream(p: StreamProduct): LiveProduct {
  return {
    key: rowKey({ productId: p.product.productId, streamProductId: p.streamProductId }),
    productId: p.product.productId,
    streamProductId: p.streamProductId ?? null,
    variant: p.variant ?? [],
    name: p.product.name,
    image: p.product.image,
    price: p.product.price,
    startingBid: p.auctionSettings?.startingBid ?? null,
    bidStatus: p.bidStatus,
    currentBid: p.currentBid,
    currentBidder: p.currentBidder,
    minimumNextBid: p.minimumNextBid,
    bidsCount: p.bidsCount,
    endsAt: p.endsAt,
    timer: null,
    winner:
      p.outcome === 'sold' && p.currentBid !== null && p.currentBidder
        ? { bidAmount: p.currentBid, buyer: p.currentBidder, orderId: null }
        : null,
    outcome: p.outcome,
  };
}

/**
 * The fetched product wins, except where the socket already told us more: a bid that arrived while
 * the fetch was under way (more bids in the same running auction), the running clock, and the
 * winner's order id.
 */
function merge(local: LiveProduct | undefined, fetched: LiveProduct): LiveProduct {
  if (!local) return fetched;
  const sameRun = local.bidStatus === 'active' && fetched.bidStatus === 'active';
  const bids =
    sameRun && local.bidsCount > fetched.bidsCount
      ? {
          currentBid: local.currentBid,
          currentBidder: local.currentBidder,
          minimumNextBid: local.minimumNextBid,
          bidsCount: local.bidsCount,
          endsAt: local.endsAt,
        }
      : {};
  const winner =
    fetched.winner && local.winner ? { ...fetched.winner, orderId: local.winner.orderId } : fetched.winner;
  return { ...fetched, ...bids, timer: sameRun ? local.timer : null, winner };
}

function updateProduct(
  s: LiveRoomState,
  key: string,
  change: (p: LiveProduct) => LiveProduct,
): LiveRoomState {
  if (!s.products.some((p) => p.key === key)) return s;
  return { ...s, products: s.products.map((p) => (p.key === key ? change(p) : p)) };
}

function addToFeed(s: LiveRoomState, item: FeedItem): LiveRoomState {
  if (s.feed.some((f) => f.id === item.id)) return s;
  const feed = [...s.feed, item];
  return { ...s, feed: feed.length > FEED_LIMIT ? feed.slice(feed.length - FEED_LIMIT) : feed };
}

function fromComment(c: StreamComment): FeedItem {
  const timestamp = Date.parse(c.createdAt);
  return c.kind === 'announcement'
    ? { kind: 'announcement', id: c._id, content: c.content, timestamp }
    : {
        kind: 'comment',
        id: c._id,
        author: { _id: c.author._id, name: c.author.name, role: c.author.role },
        content: c.content,
        timestamp,
      };
}

function mergeComments(s: LiveRoomState, comments: readonly StreamComment[]): LiveRoomState {
  const known = new Set(s.feed.map((f) => f.id));
  const fresh = comments.filter((c) => !known.has(c._id)).map(fromComment);
  if (fresh.length === 0) return s;
  // Stable sort: what arrived live keeps its order among items of the same instant.
  const feed = [...s.feed, ...fresh].sort((a, b) => a.timestamp - b.timestamp);
  return { ...s, feed: feed.length > FEED_LIMIT ? feed.slice(feed.length - FEED_LIMIT) : feed };
}

function notification(s: LiveRoomState, n: StreamNotification): LiveRoomState {
  switch (n.type) {
    case 'stream_comment': {
      const { comment } = n.data;
      return addToFeed(s, {
        kind: 'comment',
        id: comment._id,
        author: { _id: comment.author._id, name: comment.author.name, role: comment.author.role },
        content: n.content,
        timestamp: n.timestamp,
      });
    }
    case 'stream_announcement':
      return addToFeed(s, {
        kind: 'announcement',
        id: n.data.announcement._id,
        content: n.content,
        timestamp: n.timestamp,
      });
    case 'new_bid': {
      const d = n.data;
      const { productId } = d.product.product;
      const key = resolveRowKey(s.products, d.product.product);
      const next = updateProduct(s, key, (p) =>
        d.bidsCount < p.bidsCount && p.bidStatus === 'active'
          ? p
          : {
              ...p,
              currentBid: d.bidAmount,
              currentBidder: d.currentBidder,
              minimumNextBid: d.minimumNextBid,
              bidsCount: d.bidsCount,
              endsAt: d.endsAt,
            },
      );
      return addToFeed(next, {
        kind: 'bid',
        id: `bid:${key}:${d.bidsCount}:${d.currentBidder._id}:${d.bidAmount}`,
        productId,
        key,
        amount: d.bidAmount,
        bidder: d.currentBidder,
        content: n.content,
        timestamp: n.timestamp,
      });
    }
    case 'auction_winner': {
      const d = n.data;
      const { productId } = d.product.product;
      const key = resolveRowKey(s.products, d.product.product);
      const next = updateProduct(s, key, (p) => ({
        ...p,
        outcome: 'sold',
        currentBid: d.bidWinner.bidAmount,
        currentBidder: d.bidWinner.buyer,
        winner: { bidAmount: d.bidWinner.bidAmount, buyer: d.bidWinner.buyer, orderId: d.orderId },
      }));
      return addToFeed(next, {
        kind: 'winner',
        id: `winner:${key}:${d.bidWinner.buyer._id}:${d.bidWinner.bidAmount}`,
        productId,
        key,
        amount: d.bidWinner.bidAmount,
        buyer: d.bidWinner.buyer,
        content: n.content,
        timestamp: n.timestamp,
      });
    }
  }
}

export function liveRoomReducer(s: LiveRoomState, action: LiveRoomAction): LiveRoomState {
  switch (action.type) {
    case 'hydrate': {
      const { stream } = action;
      const local = new Map(s.products.map((p) => [p.key, p]));
      const products = stream.products.map(fromStream);
      return {
        ...s,
        status: stream.status,
        viewerCount: stream.viewerCount,
        peakViewers: Math.max(stream.peakViewers, stream.viewerCount),
        products: products.map((p) => merge(local.get(p.key), p)),
      };
    }
    case 'comments':
      return mergeComments(s, action.comments);
    case 'product': {
      const fetched = fromStream(action.product);
      // The row keeps its key, so the statuses kept under it still find it.
      return updateProduct(s, resolveRowKey(s.products, fetched), (p) => ({
        ...merge(p, fetched),
        key: p.key,
      }));
    }
    case 'notification':
      return notification(s, action.notification);
    case 'viewers':
      return {
        ...s,
        viewerCount: action.event.viewerCount,
        peakViewers: Math.max(s.peakViewers, action.event.peakViewers, action.event.viewerCount),
      };
    case 'timer': {
      const { secondsLeft, formattedTime, timestamp } = action.event;
      return updateProduct(s, resolveRowKey(s.products, action.event), (p) =>
        p.timer && p.timer.timestamp > timestamp
          ? p
          : { ...p, timer: { secondsLeft, formattedTime, timestamp } },
      );
    }
    case 'auctionStatus': {
      const { status, outcome, endsAt } = action.event;
      return updateProduct(s, resolveRowKey(s.products, action.event), (p) =>
        status === 'active'
          ? // A new run (an unsold product auctioned again) starts without the last run's result.
            { ...p, bidStatus: 'active', endsAt, outcome: null, winner: null, timer: null }
          : { ...p, bidStatus: status, outcome: outcome ?? p.outcome },
      );
    }
    case 'streamStatus':
      return { ...s, status: action.event.status };
  }
}

/** mm:ss, as the server's `formattedTime`, for a clock derived from `endsAt` before the first tick. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The countdown to show: the last tick, or else what the stored end time says. */
export function countdownOf(product: LiveProduct, now: number): string | null {
  if (product.timer) return product.timer.formattedTime;
  if (product.bidStatus !== 'active' || !product.endsAt) return null;
  return formatSeconds((new Date(product.endsAt).getTime() - now) / 1000);
}
