import { z } from 'zod';
import { streamProductSchema } from './live.ts';
import { nairaPrice } from './products.ts';

/**
 * Pre-bids and max bids (issue 21, docs/proxy-bidding.md). A buyer's max bid is the most they
 * will pay for one product of a show; the server bids for them by the smallest step that keeps
 * them ahead, up to it. Set before the product's auction runs, it is a pre-bid and enters when
 * bidding opens. Only its buyer ever reads it: everyone else sees the bids it places, as
 * `new_bid` like any other. Money in naira, as everywhere in the API.
 */

/** PUT /streams/{id}/max-bids (buyer token): set or raise one's max bid on one product of the show. */
export const setMaxBidBody = z.strictObject({
  productId: z.uuid('Unknown product'),
  /** The row, for a product auctioned per variant (the running one, or the variant pre-bid on). */
  streamProductId: z.uuid('Product not found').optional(),
  maxBid: nairaPrice,
});
export type SetMaxBidBody = z.infer<typeof setMaxBidBody>;

/** `pre_bid`: waiting for the auction to start; `active`: the auction runs; `ended`: it closed. */
export const maxBidStatus = z.enum(['pre_bid', 'active', 'ended']);
export type MaxBidStatus = z.infer<typeof maxBidStatus>;

/** One of the buyer's own max bids. `winning`: they hold the current bid of that run. */
export const myMaxBidSchema = z.object({
  streamProductId: z.string(),
  productId: z.string(),
  /** Naira. */
  maxBid: z.number(),
  status: maxBidStatus,
  winning: z.boolean(),
  /** ISO-8601: when it was set or last raised (ties go to the earlier). */
  updatedAt: z.string(),
});
export type MyMaxBid = z.infer<typeof myMaxBidSchema>;

export const setMaxBidResponse = z.object({
  message: z.string(),
  maxBid: myMaxBidSchema,
  /** The product after the bids the max placed at once (none for a pre-bid). */
  product: streamProductSchema,
});
export type SetMaxBidResponse = z.infer<typeof setMaxBidResponse>;

/** A refused max bid: why, and the smallest max the server would take now. */
export const setMaxBidErrorResponse = z.object({
  message: z.string(),
  minimumMaxBid: z.number().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type SetMaxBidErrorResponse = z.infer<typeof setMaxBidErrorResponse>;

/** GET /streams/{id}/max-bids/mine (buyer token): the buyer's max bids on this show's current runs. */
export const myMaxBidsResponse = z.object({ maxBids: z.array(myMaxBidSchema) });
export type MyMaxBidsResponse = z.infer<typeof myMaxBidsResponse>;

export const MAX_BID_MESSAGES = {
  preBidSet: 'Pre-bid placed',
  maxBidSet: 'Max bid set',
} as const;

/**
 * A show whose seller's studio dropped mid-show (issue 20, "a live show that survives a dropped
 * connection"): `stream_seller_presence` to the show's room when the studio goes and when it is
 * back. While away, bids are refused and the running auction's clock is paused; when the seller is
 * back, it is extended by the time lost. Past `graceEndsAt` the show ends with what was sold.
 */
export const sellerPresenceEvents = { presence: 'stream_seller_presence' } as const;

export const sellerPresenceEvent = z.object({
  streamId: z.string(),
  away: z.boolean(),
  /** ISO-8601, while away. */
  since: z.string().nullable(),
  /** ISO-8601, while away: when the show ends unless the seller is back. */
  graceEndsAt: z.string().nullable(),
  timestamp: z.number(),
});
export type SellerPresenceEvent = z.infer<typeof sellerPresenceEvent>;

/** GET /streams/{id}/seller-presence (public): the same, for a page that opens while the seller is away. */
export const sellerPresenceResponse = sellerPresenceEvent.omit({ timestamp: true });
export type SellerPresenceResponse = z.infer<typeof sellerPresenceResponse>;

/** What viewers read while the seller is away, and a bid's refusal then. */
export const SELLER_RECONNECTING = 'The seller is reconnecting';
export const BIDS_PAUSED_MESSAGE =
  'The seller is reconnecting. Bidding is paused and the clock is stopped until they are back.';
