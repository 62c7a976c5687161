import { z } from 'zod';

import { MAX_BLIP_CAPTION_LENGTH, MAX_BLIP_COMMENT_LENGTH } from './limits.ts';
import { lineText, multilineText } from './text.ts';

export const blipCaptionSchema = multilineText()
  .trim()
  .max(MAX_BLIP_CAPTION_LENGTH, `caption must be at most ${MAX_BLIP_CAPTION_LENGTH} characters`);

/** A blip as the API answers it; `price` in naira; `posterUrl` is null when no poster was sent. */
export const blipSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  sellerId: z.string(),
  product: z.object({
    _id: z.string(),
    name: z.string(),
    price: z.number(),
    /** The product's first image, or null when it has none. */
    image: z.string().nullable(),
  }),
  videoUrl: z.string(),
  posterUrl: z.string().nullable(),
  caption: z.string(),
  durationSeconds: z.number(),
  likesCount: z.number().int(),
  viewsCount: z.number().int(),
  commentsCount: z.number().int(),
  createdAt: z.string(),
});
export type Blip = z.infer<typeof blipSchema>;

export const blipUploadResponse = z.object({ message: z.string(), blip: blipSchema });
export type BlipUploadResponse = z.infer<typeof blipUploadResponse>;

export const productBlipParams = z.object({ productId: z.uuid('Product not found') });
export const blipParams = z.object({
  productId: z.uuid('Product not found'),
  blipId: z.uuid('Blip not found'),
});
export const blipCommentParams = z.object({
  productId: z.uuid('Product not found'),
  blipId: z.uuid('Blip not found'),
  commentId: z.uuid('Comment not found'),
});

/** GET /products/seller/{sellerId}/blips query. */
export const sellerBlipsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type SellerBlipsQuery = z.infer<typeof sellerBlipsQuery>;

/** SPEC section 7: blips, seller, currentPage, totalPages, totalBlips. */
export const sellerBlipsResponse = z.object({
  blips: z.array(blipSchema),
  seller: z.object({
    _id: z.string(),
    storeName: z.string(),
    storeAvatar: z.object({ url: z.string().nullable() }),
  }),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalBlips: z.number().int(),
});
export type SellerBlipsResponse = z.infer<typeof sellerBlipsResponse>;

export const blipDetailsResponse = z.object({ blip: blipSchema });
export type BlipDetailsResponse = z.infer<typeof blipDetailsResponse>;

export const deleteBlipResponse = z.object({
  message: z.string(),
  deletedBlip: z.object({ id: z.string() }),
});
export type DeleteBlipResponse = z.infer<typeof deleteBlipResponse>;

/** Who wrote a comment; `id` is null for a buyer comment added through the admin channel (demos). */
export const blipCommentAuthorSchema = z.object({
  kind: z.enum(['buyer', 'seller']),
  name: z.string(),
  id: z.string().nullable(),
});
export type BlipCommentAuthor = z.infer<typeof blipCommentAuthorSchema>;

export const blipReplySchema = z.object({
  _id: z.string(),
  /** The top-level comment this reply belongs to. */
  parentCommentId: z.string(),
  text: z.string(),
  author: blipCommentAuthorSchema,
  createdAt: z.string(),
});
export type BlipReply = z.infer<typeof blipReplySchema>;

/** A top-level comment; `replies` oldest first (at most MAX_REPLIES_SHOWN), `repliesCount` all of them. */
export const blipCommentSchema = z.object({
  _id: z.string(),
  text: z.string(),
  author: blipCommentAuthorSchema,
  createdAt: z.string(),
  replies: z.array(blipReplySchema),
  repliesCount: z.number().int(),
});
export type BlipComment = z.infer<typeof blipCommentSchema>;
export const MAX_REPLIES_SHOWN = 50;

/** GET /products/{productId}/blips/{blipId}/comments query: newest top-level comments first. */
export const blipCommentsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type BlipCommentsQuery = z.infer<typeof blipCommentsQuery>;

/** SPEC section 3 "comments pagination {total, pages, currentPage, hasMore}"; total counts top-level comments. */
export const blipCommentsPaginationSchema = z.object({
  total: z.number().int(),
  pages: z.number().int(),
  currentPage: z.number().int(),
  hasMore: z.boolean(),
});
export type BlipCommentsPagination = z.infer<typeof blipCommentsPaginationSchema>;

export const blipCommentsResponse = z.object({
  comments: z.array(blipCommentSchema),
  pagination: blipCommentsPaginationSchema,
});
export type BlipCommentsResponse = z.infer<typeof blipCommentsResponse>;

/** POST .../comments/{commentId}/replies body. Replying to a reply answers in the same thread. */
export const blipReplyBody = z.strictObject({
  comment: multilineText({ error: 'comment is required' })
    .trim()
    .min(1, 'comment cannot be empty')
    .max(MAX_BLIP_COMMENT_LENGTH, `comment must be at most ${MAX_BLIP_COMMENT_LENGTH} characters`),
});
export type BlipReplyBody = z.infer<typeof blipReplyBody>;

export const blipReplyResponse = z.object({ message: z.string(), reply: blipReplySchema });
export type BlipReplyResponse = z.infer<typeof blipReplyResponse>;

/** `npm run admin -- comment <blipId> <name> <text…>`: a buyer comment for demos and e2e. */
export const adminBlipCommentParams = z.object({ blipId: z.uuid('Blip not found') });
export const adminBlipCommentBody = z.strictObject({
  authorName: lineText().trim().min(1, 'authorName is required').max(60),
  text: multilineText().trim().min(1, 'text is required').max(MAX_BLIP_COMMENT_LENGTH),
});
export type AdminBlipCommentBody = z.infer<typeof adminBlipCommentBody>;
export const adminBlipCommentResponse = z.object({ message: z.string(), comment: blipCommentSchema });
export type AdminBlipCommentResponse = z.infer<typeof adminBlipCommentResponse>;

/*
 * The buyer side of blips: the public blip page (/watch/blips/{blipId}) reads a blip by its id,
 * counts a view, and lets a logged-in buyer like, unlike, comment and reply. Buyer tokens only:
 * a seller's token is refused (401) here, as a buyer's is on the seller's blip calls.
 */

export const blipIdParams = z.object({ blipId: z.uuid('Blip not found') });
export const blipCommentIdParams = z.object({
  blipId: z.uuid('Blip not found'),
  commentId: z.uuid('Comment not found'),
});

/**
 * A viewer is counted once per blip in this many hours: a buyer by their account, an anonymous
 * browser by the `viewerId` it made for itself and keeps in local storage.
 */
export const BLIP_VIEW_WINDOW_HOURS = 24;

/** POST /blips/{blipId}/views body; `viewerId` is required without a buyer token. */
export const blipViewBody = z.strictObject({
  viewerId: z.uuid('viewerId must be a UUID the browser made for itself').optional(),
});
export type BlipViewBody = z.infer<typeof blipViewBody>;

/** `counted` says whether this view added to the count (false within the window). */
export const blipViewResponse = z.object({ counted: z.boolean(), viewsCount: z.number().int() });
export type BlipViewResponse = z.infer<typeof blipViewResponse>;

/** GET, PUT and DELETE /blips/{blipId}/like: whether the buyer of the token likes it, and the count. */
export const blipLikeResponse = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type BlipLikeResponse = z.infer<typeof blipLikeResponse>;

/** POST /blips/{blipId}/comments body (buyer token); replies use blipReplyBody. */
export const buyerBlipCommentBody = blipReplyBody;
export type BuyerBlipCommentBody = BlipReplyBody;

export const buyerBlipCommentResponse = z.object({ message: z.string(), comment: blipCommentSchema });
export type BuyerBlipCommentResponse = z.infer<typeof buyerBlipCommentResponse>;
