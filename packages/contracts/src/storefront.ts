import { z } from 'zod';
import { STORE_SLUG_MAX } from './settings.ts';

/**
 * The public store page (`/store/{slug}`): what a buyer sees of a store from the link the seller
 * chose in Settings. GET /api/stores/{slug} is public and shows nothing private (no e-mail, phone,
 * address or figures beyond the follower count).
 */
export const storefrontParams = z.object({
  slug: z.string().trim().toLowerCase().min(1).max(STORE_SLUG_MAX),
});

export const STOREFRONT_PRODUCTS_PAGE = 24;

export const storefrontQuery = z.strictObject({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1_000, 'page must be 1000 or less')
    .default(1),
});
export type StorefrontQuery = z.input<typeof storefrontQuery>;

const storefrontShow = z.object({
  id: z.string(),
  title: z.string(),
  coverImage: z.string().nullable(),
  /** Live: when it went on air; scheduled: its start; ended: when it ended. */
  at: z.string(),
});

export const storefrontProduct = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** Naira: the product's price, or the lowest of its variants'. */
  price: z.number(),
  maxPrice: z.number(),
  /** Units on sale over all variants; 0 shows "Sold out". */
  stock: z.number().int(),
  buyNow: z.boolean(),
  /** Offered in live auctions (there is no Buy now for an auction-only product). */
  auction: z.boolean(),
});
export type StorefrontProduct = z.infer<typeof storefrontProduct>;

export const storefrontResponse = z.object({
  store: z.object({
    id: z.string(),
    storeName: z.string(),
    slug: z.string(),
    description: z.string(),
    avatarUrl: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    followers: z.number().int(),
    /** The seller is away: orders wait until they are back (Settings → vacation mode). */
    onVacation: z.boolean(),
    memberSince: z.string(),
  }),
  live: storefrontShow.extend({ viewers: z.number().int() }).nullable(),
  upcoming: z.array(storefrontShow),
  past: z.array(storefrontShow),
  blips: z.array(
    z.object({
      id: z.string(),
      caption: z.string(),
      posterUrl: z.string().nullable(),
      views: z.number().int(),
    }),
  ),
  products: z.object({
    items: z.array(storefrontProduct),
    page: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
});
export type StorefrontResponse = z.infer<typeof storefrontResponse>;
