import { z } from 'zod';
import { variantChoiceSchema } from './orders.ts';

/**
 * Live Giveaways (issue 21): the seller gives a product away during a show. Buyers enter while it
 * runs (one entry per buyer account); when its time is up the server draws the winner with a
 * cryptographically random seed and keeps the record (entrants' hash, seed, result) so anyone can
 * check the draw: winner index = HMAC-SHA256(key = seed, message = entrants hash) mod entrants.
 */

/** Durations the studio offers, in seconds; 5 minutes unless the seller picks another. */
export const GIVEAWAY_DURATIONS_SECONDS = [30, 60, 120, 300, 600] as const;
export const DEFAULT_GIVEAWAY_DURATION_SECONDS = 300;
export const MIN_GIVEAWAY_DURATION_SECONDS = 30;
export const MAX_GIVEAWAY_DURATION_SECONDS = 3_600;
export const MAX_GIVEAWAY_QUANTITY = 100;

/** Who may enter. `buyers`: buyers who bought in this show (an order of the show, not cancelled). */
export const giveawayAudience = z.enum(['everyone', 'followers', 'buyers']);
export type GiveawayAudience = z.infer<typeof giveawayAudience>;
export const GIVEAWAY_AUDIENCE_LABELS: Record<GiveawayAudience, string> = {
  everyone: 'Everyone',
  followers: 'Followers only',
  buyers: 'Buyers in this show',
};

/** The winner's delivery: free (the seller pays it) or the buyer pays the usual delivery fee. */
export const giveawayDelivery = z.enum(['free', 'buyer_pays']);
export type GiveawayDelivery = z.infer<typeof giveawayDelivery>;
export const GIVEAWAY_DELIVERY_LABELS: Record<GiveawayDelivery, string> = {
  free: 'Free delivery',
  buyer_pays: 'Winner pays delivery',
};

/**
 * `scheduled`: added to a show, not run yet. `running`: open for entries until `endsAt`.
 * `drawn`: a winner was drawn (and has an order). `no_entrants`: time ran out with nobody in.
 */
export const giveawayStatus = z.enum(['scheduled', 'running', 'drawn', 'no_entrants']);
export type GiveawayStatus = z.infer<typeof giveawayStatus>;

/** The draw's record: enough for anyone to recompute the winner. Present once drawn. */
export const giveawayDrawRecord = z.object({
  /** SHA-256 of the seed, published when the giveaway starts (the seed cannot be chosen later). */
  seedHash: z.string(),
  /** Hex, 32 random bytes (node:crypto); revealed at the draw, null while running. */
  seed: z.string().nullable(),
  /** SHA-256 (hex) of the entrants' buyer ids, sorted, joined by "\n". */
  entrantsHash: z.string().nullable(),
  entrantsCount: z.number().int(),
  /** HMAC-SHA256(seed, entrantsHash) read as a big-endian integer, mod entrantsCount. */
  winnerIndex: z.number().int().nullable(),
  drawnAt: z.string().nullable(),
});
export type GiveawayDrawRecord = z.infer<typeof giveawayDrawRecord>;

const winnerSchema = z.object({ _id: z.string(), name: z.string() });

/** A giveaway as viewers and the studio see it. */
export const giveawaySchema = z.object({
  id: z.string(),
  streamId: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  productImage: z.string().nullable(),
  variant: z.array(variantChoiceSchema),
  quantity: z.number().int(),
  audience: giveawayAudience,
  delivery: giveawayDelivery,
  durationSeconds: z.number().int(),
  status: giveawayStatus,
  /** ISO-8601 while running and after. */
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  entrantsCount: z.number().int(),
  winner: winnerSchema.nullable(),
  /** The draw's record; `seed`/`winnerIndex` are null until drawn. Null before the start. */
  record: giveawayDrawRecord.nullable(),
});
export type Giveaway = z.infer<typeof giveawaySchema>;

/** The seller's list: each giveaway with its show and, once drawn, the winner's order. */
export const sellerGiveawaySchema = giveawaySchema.extend({
  streamTitle: z.string(),
  streamStatus: z.enum(['scheduled', 'live', 'ended']),
  streamScheduledAt: z.string(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type SellerGiveaway = z.infer<typeof sellerGiveawaySchema>;

export const giveawayIdParams = z.object({ id: z.uuid('Giveaway not found') });

/** POST /api/streams/{id}/giveaways (the show's seller): a giveaway item for the show. */
export const createGiveawayBody = z.strictObject({
  productId: z.uuid('Choose a product'),
  variant: z.array(variantChoiceSchema).max(3).default([]),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Give away at least 1')
    .max(MAX_GIVEAWAY_QUANTITY, `At most ${MAX_GIVEAWAY_QUANTITY}`)
    .default(1),
  audience: giveawayAudience.default('everyone'),
  delivery: giveawayDelivery.default('buyer_pays'),
  durationSeconds: z
    .number()
    .int()
    .min(MIN_GIVEAWAY_DURATION_SECONDS, 'At least 30 seconds')
    .max(MAX_GIVEAWAY_DURATION_SECONDS, 'At most an hour')
    .default(DEFAULT_GIVEAWAY_DURATION_SECONDS),
});
export type CreateGiveawayBody = z.input<typeof createGiveawayBody>;

/** POST /api/giveaways/{id}/start: may change who enters and for how long, at the last moment. */
export const startGiveawayBody = z.strictObject({
  audience: giveawayAudience.optional(),
  durationSeconds: z
    .number()
    .int()
    .min(MIN_GIVEAWAY_DURATION_SECONDS, 'At least 30 seconds')
    .max(MAX_GIVEAWAY_DURATION_SECONDS, 'At most an hour')
    .optional(),
});
export type StartGiveawayBody = z.infer<typeof startGiveawayBody>;

export const giveawayResponse = z.object({ message: z.string(), giveaway: giveawaySchema });
export type GiveawayResponse = z.infer<typeof giveawayResponse>;
/** GET /api/streams/{id}/giveaways (public): the show's giveaways, the running one first. */
export const showGiveawaysResponse = z.object({ giveaways: z.array(giveawaySchema) });
export type ShowGiveawaysResponse = z.infer<typeof showGiveawaysResponse>;
/** GET /api/giveaways (seller): every giveaway of the store, newest show first. */
export const sellerGiveawaysResponse = z.object({ giveaways: z.array(sellerGiveawaySchema) });
export type SellerGiveawaysResponse = z.infer<typeof sellerGiveawaysResponse>;

/** GET /api/giveaways/{id}/entry (buyer): whether the buyer is in, and their order if they won. */
export const giveawayEntryResponse = z.object({
  entered: z.boolean(),
  won: z.boolean(),
  orderId: z.string().nullable(),
  entrantsCount: z.number().int(),
});
export type GiveawayEntryResponse = z.infer<typeof giveawayEntryResponse>;
/** POST /api/giveaways/{id}/entries (buyer): entered. */
export const enterGiveawayResponse = giveawayEntryResponse.extend({ message: z.string() });
export type EnterGiveawayResponse = z.infer<typeof enterGiveawayResponse>;

// ---- Socket events (to the show's room and the seller), in the style of socket-events.ts ----

export const giveawaySocketEvents = {
  /** A giveaway opened for entries: `GiveawayStartedEvent`. */
  started: 'giveaway_started',
  /** The entrant count grew (sent at most every `GIVEAWAY_COUNT_INTERVAL_MS` per giveaway). */
  entries: 'giveaway_entries',
  /** The draw: the winner (or nobody) and the record. */
  drawn: 'giveaway_drawn',
} as const;
export const GIVEAWAY_COUNT_INTERVAL_MS = 500;

export const giveawayStartedEvent = z.object({
  streamId: z.string(),
  giveaway: giveawaySchema,
  timestamp: z.number(),
});
export type GiveawayStartedEvent = z.infer<typeof giveawayStartedEvent>;

export const giveawayEntriesEvent = z.object({
  streamId: z.string(),
  giveawayId: z.string(),
  entrantsCount: z.number().int(),
  timestamp: z.number(),
});
export type GiveawayEntriesEvent = z.infer<typeof giveawayEntriesEvent>;

export const giveawayDrawnEvent = z.object({
  streamId: z.string(),
  giveaway: giveawaySchema,
  timestamp: z.number(),
});
export type GiveawayDrawnEvent = z.infer<typeof giveawayDrawnEvent>;

/** The entrants' hash of the record: SHA-256 over the sorted ids joined by "\n" (hex). */
export const GIVEAWAY_ENTRANTS_JOINER = '\n';
