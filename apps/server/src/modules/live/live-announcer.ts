import {
  type AuctionOutcome,
  type BidTimerUpdateEvent,
  type ProductAuctionStatusEvent,
  type StreamNotification,
  type StreamStatus,
  type StreamStatusEvent,
  streamSocketEvents,
  type VariantChoice,
  variantLabel,
} from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { nairaText, toNaira } from '@/lib/naira.ts';
import {
  type AuctionState,
  formatTime,
  minimumNextBidKobo,
  secondsLeft,
} from '@/modules/live/auction-rules.ts';
import type { Realtime } from '@/plugins/realtime.ts';

/** A product of a show as events name it: the product, and its row (one per variant when auctioned per variant). */
export type ItemRef = { productId: string; streamProductId: string };

/** A show product's name as viewers read it: with its variant, e.g. "Ankara dress — Red / M". */
export const itemName = (name: string, variant: readonly VariantChoice[]) =>
  variant.length === 0 ? name : `${name} — ${variantLabel(variant)}`;

/** How the live module reaches sockets: the realtime plugin's rooms. */
export type LiveEvents = Pick<Realtime, 'toStream' | 'toStreamAndSeller'>;

/** A closed auction, with what its announcements need. */
export type ClosedAuction = {
  streamId: string;
  sellerId: string;
  productId: string;
  /** The stream product: one per variant of a product auctioned per variant. */
  streamProductId: string;
  productName: string;
  /** The variant combination sold ([] for a product without variants). */
  variant: VariantChoice[];
  outcome: AuctionOutcome;
  winner: { buyerId: string; buyerName: string; amountKobo: number } | null;
  orderId: string | null;
  /** Closed by the clock (a final 00:00 is shown) rather than by the seller moving on. */
  byClock: boolean;
};

/**
 * What a show's room and the seller's sockets hear of a change in a show or its auctions (the
 * seller's notification of a sale is the orders module's, written with the order). The services call it after the transaction that made the change commits,
 * so nobody hears of a change that was rolled back.
 */
export function liveAnnouncer({ events, clock }: { events: LiveEvents; clock: Clock }) {
  const timer = (streamId: string, item: ItemRef, seconds: number, timestamp: number) => {
    const event: BidTimerUpdateEvent = {
      streamId,
      productId: item.productId,
      streamProductId: item.streamProductId,
      secondsLeft: seconds,
      formattedTime: formatTime(seconds),
      timestamp,
    };
    events.toStream(streamId, streamSocketEvents.bidTimerUpdate, event);
  };

  return {
    /** The seconds left of a running auction, to the show's room. */
    timer,

    streamStatus(row: { id: string; sellerId: string }, status: StreamStatus) {
      const event: StreamStatusEvent = { streamId: row.id, status, timestamp: clock.now().getTime() };
      events.toStreamAndSeller(row.id, row.sellerId, streamSocketEvents.streamStatus, event);
    },

    /** Bidding opened on one product: its status, then its clock. */
    auctionActivated(show: { id: string; sellerId: string }, item: ItemRef, endsAt: Date, activatedAt: Date) {
      const timestamp = clock.now().getTime();
      const status: ProductAuctionStatusEvent = {
        streamId: show.id,
        productId: item.productId,
        streamProductId: item.streamProductId,
        status: 'active',
        outcome: null,
        endsAt: endsAt.toISOString(),
        timestamp,
      };
      events.toStreamAndSeller(show.id, show.sellerId, streamSocketEvents.productAuctionStatus, status);
      timer(show.id, item, secondsLeft(endsAt, activatedAt), timestamp);
    },

    /** An accepted bid as `new_bid`; the clock too when anti-sniping moved it. */
    bidPlaced(bid: {
      streamId: string;
      sellerId: string;
      productId: string;
      streamProductId: string;
      variant: VariantChoice[];
      buyer: { id: string; name: string };
      amountKobo: number;
      state: AuctionState;
      extended: boolean;
      placedAt: Date;
    }) {
      const endsAt = bid.state.endsAt ?? bid.placedAt;
      const timestamp = clock.now().getTime();
      const notification: StreamNotification = {
        type: 'new_bid',
        data: {
          streamId: bid.streamId,
          product: {
            product: { productId: bid.productId, streamProductId: bid.streamProductId, variant: bid.variant },
          },
          bidAmount: toNaira(bid.amountKobo),
          currentBidder: { _id: bid.buyer.id, name: bid.buyer.name },
          endsAt: endsAt.toISOString(),
          minimumNextBid: toNaira(minimumNextBidKobo(bid.state)),
          bidsCount: bid.state.bidsCount,
        },
        timestamp,
        content: `${bid.buyer.name} bid ${nairaText(bid.amountKobo)}`,
      };
      events.toStreamAndSeller(bid.streamId, bid.sellerId, streamSocketEvents.notification, notification);
      if (bid.extended) {
        const item = { productId: bid.productId, streamProductId: bid.streamProductId };
        timer(bid.streamId, item, secondsLeft(endsAt, bid.placedAt), timestamp);
      }
    },

    /**
     * The final 00:00 (when the clock ran out), the winner (sold) and the ended signal to the
     * show — the order SPEC section 4's client rules expect.
     */
    async auctionClosed(closed: ClosedAuction): Promise<void> {
      const timestamp = clock.now().getTime();
      const product = {
        product: {
          productId: closed.productId,
          streamProductId: closed.streamProductId,
          variant: closed.variant,
        },
      };
      // "Ankara dress — Red / M": which size and colour was sold.
      const name = itemName(closed.productName, closed.variant);
      if (closed.byClock) {
        const final: BidTimerUpdateEvent = {
          streamId: closed.streamId,
          productId: closed.productId,
          streamProductId: closed.streamProductId,
          secondsLeft: 0,
          formattedTime: formatTime(0),
          timestamp,
        };
        events.toStreamAndSeller(closed.streamId, closed.sellerId, streamSocketEvents.bidTimerUpdate, final);
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
          content: `${closed.winner.buyerName} won ${name} for ${nairaText(closed.winner.amountKobo)}`,
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
        streamProductId: closed.streamProductId,
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
    },
  };
}
export type LiveAnnouncer = ReturnType<typeof liveAnnouncer>;
