import { z } from 'zod';

/**
 * Kasuwa Connect (issue 17): the store's outside channels. GET /api/connect answers every address the
 * screen shows; the catalogue feed and the live badge are public routes that read a secret token or the
 * seller's public id.
 */
export const connectOverviewResponse = z.object({
  storeName: z.string(),
  /** The link shared everywhere: it opens the live show, else the next show, else the newest blip. */
  storeLink: z.string(),
  /** The CSV product feed for Meta Commerce Manager (WhatsApp and Instagram shops); holds a secret token. */
  catalogueFeedUrl: z.string(),
  catalogueTokenCreatedAt: z.string(),
  /** Products the feed lists now (status active). */
  activeProducts: z.number().int(),
  /** The badge picture (SVG) and the link it sits in, for the seller's own website. */
  badgeImageUrl: z.string(),
  badgeLink: z.string(),
  /** The show that is live now, or the next scheduled one, if any. */
  show: z
    .object({ id: z.string(), title: z.string(), status: z.enum(['live', 'scheduled']), at: z.string() })
    .nullable(),
});
export type ConnectOverview = z.infer<typeof connectOverviewResponse>;

/** POST /api/connect/catalogue-token: a new secret; the old feed address answers 404 from now on. */
export const rotateCatalogueTokenResponse = z.object({
  message: z.string(),
  catalogueFeedUrl: z.string(),
  catalogueTokenCreatedAt: z.string(),
});
export type RotateCatalogueTokenResponse = z.infer<typeof rotateCatalogueTokenResponse>;

/** The columns of the catalogue feed, in order (Meta's data feed specification for catalogs). */
export const CATALOGUE_FEED_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
] as const;

export const catalogueTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
export const connectSellerParams = z.object({ sellerId: z.uuid() });
