import { z } from 'zod';
import { pageInfoSchema, variantChoiceSchema } from './orders.ts';

/**
 * Returns (issue 15): a buyer asks to send items back within the seller's return window; the seller
 * answers; the item comes back; the buyer is refunded in full or in part. The server's return
 * machine decides what each step may do (`allowedActions`), as the order machine does for orders.
 */

const naira = z.number();
const isoDate = z.string();

/** Why the buyer returns it. `changed_mind` only where the seller's custom policy accepts it. */
export const returnReasonSchema = z.enum(['damaged', 'wrong_item', 'not_as_described', 'changed_mind']);
export type ReturnReason = z.infer<typeof returnReasonSchema>;
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Arrived damaged',
  wrong_item: 'Wrong item',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
};

/**
 * requested → (info_needed ↔ requested) → approved | rejected; approved → in_transit (the buyer sent
 * it) → received → refunded. `approved` with `keep_item` goes straight to refunding. `closed`: the
 * buyer withdrew it or did not send the item back in time.
 */
export const returnStatusSchema = z.enum([
  'requested',
  'info_needed',
  'approved',
  'in_transit',
  'received',
  'refunded',
  'rejected',
  'closed',
]);
export type ReturnStatus = z.infer<typeof returnStatusSchema>;
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  info_needed: 'Waiting for the buyer',
  approved: 'Approved',
  in_transit: 'On its way back',
  received: 'Received',
  refunded: 'Refunded',
  rejected: 'Rejected',
  closed: 'Closed',
};

/** The Returns Center's tabs. */
export const returnTabSchema = z.enum(['requested', 'in_progress', 'refunded', 'rejected', 'all']);
export type ReturnTab = z.infer<typeof returnTabSchema>;
export const RETURN_TAB_LABELS: Record<ReturnTab, string> = {
  requested: 'Requested',
  in_progress: 'In progress',
  refunded: 'Refunded',
  rejected: 'Rejected',
  all: 'All',
};

/** How the item comes back. `keep_item`: the buyer keeps it and is refunded (not worth shipping back). */
export const returnMethodSchema = z.enum(['pickup', 'label', 'drop_off', 'keep_item']);
export type ReturnMethod = z.infer<typeof returnMethodSchema>;
export const RETURN_METHOD_LABELS: Record<ReturnMethod, string> = {
  pickup: 'Courier pickup',
  label: 'Prepaid return label',
  drop_off: 'Buyer sends it back',
  keep_item: 'Refund without return',
};

export const sellerReturnActionSchema = z.enum([
  'request_info',
  'approve',
  'reject',
  'mark_received',
  'refund',
]);
export type SellerReturnAction = z.infer<typeof sellerReturnActionSchema>;

export const returnPhotoSchema = z.object({ _id: z.string(), url: z.string() });
export type ReturnPhoto = z.infer<typeof returnPhotoSchema>;

export const returnLineSchema = z.object({
  orderLineId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  variant: z.array(variantChoiceSchema),
  quantity: z.number().int(),
  unitPrice: naira,
});

/** One entry of a return's thread and timeline: a message, a photo, a step. */
export const returnEventSchema = z.object({
  _id: z.string(),
  /** e.g. `requested`, `message`, `info_requested`, `approved`, `shipped_back`, `received`, `refunded`. */
  type: z.string(),
  actor: z.enum(['seller', 'buyer', 'system']),
  message: z.string(),
  photos: z.array(returnPhotoSchema),
  createdAt: isoDate,
});
export type ReturnEvent = z.infer<typeof returnEventSchema>;

/** What the screen counts down to: who must act by when, and what happens if they do not. */
export const returnDeadlineSchema = z.object({
  at: isoDate,
  /** e.g. "Answer by Fri 28 Nov, or the return is approved automatically". */
  label: z.string(),
});

export const returnSummarySchema = z.object({
  _id: z.string(),
  /** `RTN-100012`. */
  number: z.string(),
  order: z.object({ _id: z.string(), number: z.string() }),
  buyer: z.object({ _id: z.string(), name: z.string() }),
  status: returnStatusSchema,
  reason: returnReasonSchema,
  itemCount: z.number().int(),
  firstItem: z.object({ name: z.string(), image: z.string().nullable() }),
  /** What the returned items cost the buyer. */
  amount: naira,
  refunded: naira,
  createdAt: isoDate,
  deadline: returnDeadlineSchema.nullable(),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

export const returnDetailSchema = returnSummarySchema.extend({
  note: z.string(),
  photos: z.array(returnPhotoSchema),
  lines: z.array(returnLineSchema),
  method: returnMethodSchema.nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  labelUrl: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The most that can still be refunded (what the order was paid, less refunds so far). */
  refundable: naira,
  timeline: z.array(returnEventSchema),
  allowedActions: z.array(sellerReturnActionSchema),
});
export type ReturnDetail = z.infer<typeof returnDetailSchema>;

export const RETURN_NUMBER_PREFIX = 'RTN-';
export const formatReturnNumber = (n: number) => `${RETURN_NUMBER_PREFIX}${n}`;

// ---- Seller routes ----

/** GET /api/returns */
export const sellerReturnsQuery = z.strictObject({
  tab: returnTabSchema.default('requested'),
  /** A return or order number, a buyer's name or a product's name. */
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type SellerReturnsQuery = z.input<typeof sellerReturnsQuery>;
export const returnTabCountsSchema = z.object({
  requested: z.number().int(),
  in_progress: z.number().int(),
  refunded: z.number().int(),
  rejected: z.number().int(),
  all: z.number().int(),
});
export const sellerReturnsResponse = z.object({
  returns: z.array(returnSummarySchema),
  counts: returnTabCountsSchema,
  pagination: pageInfoSchema,
});
export type SellerReturnsResponse = z.infer<typeof sellerReturnsResponse>;
export const returnIdParams = z.object({ id: z.uuid('Return not found') });
export const returnResponse = z.object({ return: returnDetailSchema });
export type ReturnResponse = z.infer<typeof returnResponse>;

const messageText = z
  .string()
  .trim()
  .min(1, 'Write a message')
  .max(1000, 'Message must be at most 1000 characters');

/** POST /api/returns/:id/actions */
export const sellerReturnActionBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('request_info'), message: messageText }),
  z.strictObject({
    action: z.literal('approve'),
    method: returnMethodSchema,
    /** For a pickup or a label: the courier and, if known, the tracking number or label link. */
    carrier: z.string().trim().max(80).optional(),
    trackingNumber: z.string().trim().max(80).optional(),
    labelUrl: z.url('Enter a valid link').max(500).optional(),
    message: z.string().trim().max(1000).optional(),
  }),
  z.strictObject({ action: z.literal('reject'), reason: messageText }),
  z.strictObject({ action: z.literal('mark_received') }),
  z.strictObject({
    action: z.literal('refund'),
    /** Naira; the full refundable amount for a full refund, less for a partial one. */
    amount: z.number().positive('Enter an amount above zero'),
    message: z.string().trim().max(1000).optional(),
  }),
]);
export type SellerReturnActionBody = z.infer<typeof sellerReturnActionBody>;
export const returnActionResponse = z.object({ message: z.string(), return: returnDetailSchema });
export type ReturnActionResponse = z.infer<typeof returnActionResponse>;

/** POST /api/returns/:id/messages (seller) and /api/buyer/returns/:id/messages (buyer). */
export const returnMessageBody = z.strictObject({
  message: messageText,
  photoIds: z.array(z.uuid()).max(5, 'At most 5 photos').default([]),
});
export type ReturnMessageBody = z.input<typeof returnMessageBody>;

/** POST /api/orders/:id/returns — the seller opens a return on the buyer's behalf (`return_created`). */
export const sellerOpenReturnBody = z.strictObject({
  lines: z
    .array(z.strictObject({ orderLineId: z.uuid(), quantity: z.number().int().min(1) }))
    .min(1, 'Choose an item'),
  reason: returnReasonSchema,
  note: z.string().trim().max(1000).default(''),
});

// ---- Buyer routes ----

/** GET /api/buyer/orders/:id/return-options — can this order still be returned, and how. */
export const buyerReturnOptionsResponse = z.object({
  eligible: z.boolean(),
  /** Why not, in words for the buyer, when not eligible. */
  reason: z.string().nullable(),
  windowEndsAt: isoDate.nullable(),
  reasons: z.array(returnReasonSchema),
  policy: z.string(),
  lines: z.array(returnLineSchema.extend({ returnableQuantity: z.number().int() })),
  /** A return already open on this order. */
  openReturnId: z.string().nullable(),
});
export type BuyerReturnOptionsResponse = z.infer<typeof buyerReturnOptionsResponse>;

/** POST /api/buyer/returns */
export const buyerReturnBody = z.strictObject({
  orderId: z.uuid('Order not found'),
  lines: z
    .array(z.strictObject({ orderLineId: z.uuid(), quantity: z.number().int().min(1) }))
    .min(1, 'Choose an item'),
  reason: returnReasonSchema,
  note: z.string().trim().max(1000, 'Note must be at most 1000 characters').default(''),
  photoIds: z.array(z.uuid()).max(5, 'At most 5 photos').default([]),
});
export type BuyerReturnBody = z.input<typeof buyerReturnBody>;

/** What the buyer sees of a return. */
export const buyerReturnSchema = returnDetailSchema.omit({ allowedActions: true, buyer: true }).extend({
  store: z.object({ _id: z.string(), name: z.string() }),
  canShipBack: z.boolean(),
  canReply: z.boolean(),
  canWithdraw: z.boolean(),
});
export type BuyerReturn = z.infer<typeof buyerReturnSchema>;
export const buyerReturnResponse = z.object({ return: buyerReturnSchema });
export type BuyerReturnResponse = z.infer<typeof buyerReturnResponse>;

/** POST /api/buyer/returns/:id/shipped — the buyer sent it back. */
export const buyerShippedBackBody = z.strictObject({
  carrier: z.string().trim().max(80).optional(),
  trackingNumber: z.string().trim().max(80).optional(),
});

/** POST /api/buyer/returns/photos (multipart, one image) */
export const returnPhotoResponse = z.object({ photo: returnPhotoSchema });

/** Deadlines (TikTok Shop's): in Nigerian business days for the seller's answer, calendar days otherwise. */
export const RETURN_SELLER_ANSWER_BUSINESS_DAYS = 2;
export const RETURN_BUYER_SHIP_DAYS = 5;
export const RETURN_SELLER_RECEIPT_DAYS = 8;
