/**
 * The limits and patterns the contracts' schemas enforce, in a module without zod: the web imports
 * them as `@kasuwa/contracts/limits` wherever a screen checks before sending (a picked file's size,
 * a caption's length, an e-mail's shape), so /login and the feature chunks that need only these
 * values do not load the schemas. The schemas import the same values, so each is defined once.
 */

// The e-mail pattern is a module of its own so that /login, which needs only it, loads only it.
export { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-pattern.ts';

// --- Products (SPEC sections 3 and 4) -------------------------------------------------------

export const MAX_PRODUCT_PRICE_NAIRA = 100_000_000;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_PRODUCT_TAGS = 20;
export const MAX_VARIANT_LEVELS = 3;
export const DEFAULT_VARIANT_STOCK = 1;
export const MAX_STOCK = 1_000_000;
/** One product photo (POST /products/images), before the server re-encodes it. */
export const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;

// --- Blips (SPEC section 7 "Products and blips") --------------------------------------------

/**
 * The blip upload is POST /products/{productId}/blips as multipart/form-data with these fields.
 */
export const BLIP_VIDEO_FIELD = 'video';
/** Optional poster image (e.g. a frame the browser captured); re-encoded as WebP. */
export const BLIP_POSTER_FIELD = 'poster';
/** Optional text field. */
export const BLIP_CAPTION_FIELD = 'caption';
export const MAX_BLIP_VIDEO_BYTES = 50 * 1024 * 1024;
export const MAX_BLIP_POSTER_BYTES = 10 * 1024 * 1024;
export const MAX_BLIP_DURATION_SECONDS = 60;
export const MAX_BLIP_CAPTION_LENGTH = 300;
/** Video containers accepted, judged by content: MP4, WebM and QuickTime (.mov). */
export const BLIP_VIDEO_MIME_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export const MAX_BLIP_COMMENT_LENGTH = 500;
