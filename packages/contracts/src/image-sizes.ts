/**
 * Stored images in sizes (issue 20). Every public image the server stores as WebP — a product photo,
 * a blip's poster, a show's cover, an avatar, a banner, a category picture — is also served at each
 * of these widths, as WebP and AVIF, at its own URL next to the original's:
 * `/api/media/products/<seller>/<id>.webp` → `/api/media/products/<seller>/<id>.w320.avif`.
 *
 * The original's name is fresh for each upload and never reused, and a size is made from it by fixed
 * settings, so a sized URL's content never changes either: both are cached for a year, immutable.
 * (Changing how sizes are encoded therefore needs a new suffix, so that no browser keeps the old.)
 * A size wider than the original is the original's width (never enlarged).
 */
export const IMAGE_WIDTHS = [160, 320, 640, 1080] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Listed smallest file first: a browser takes the first `<source>` type it can show. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

/** The stored images that come in sizes: below these media folders, a name ending in `.webp`. */
const SIZABLE_URL =
  /^\/api\/media\/(?:products|blips|streams|avatars|banners|categories)\/[a-z0-9/_.-]+\.webp$/;
const SIZED_NAME = /\.w(\d+)\.(webp|avif)$/;

const isWidth = (n: number): n is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(n);

/** Whether an image URL (as an API answer gives it) has sizes: not a phone's local photo, nor a size itself. */
export function hasImageSizes(url: string): boolean {
  return SIZABLE_URL.test(url) && !SIZED_NAME.test(url) && !url.includes('..');
}

/** The URL (or storage key) of one size of a stored `.webp` image. */
export function sizedImagePath(original: string, width: ImageWidth, format: ImageFormat): string {
  return `${original.slice(0, -'.webp'.length)}.w${width}.${format}`;
}

/** A sized image's original and size, from its URL or storage key; null when it is not one of the sizes. */
export function parseSizedImagePath(
  path: string,
): { original: string; width: ImageWidth; format: ImageFormat } | null {
  const match = SIZED_NAME.exec(path);
  if (!match) return null;
  const width = Number(match[1]);
  const format = match[2] as ImageFormat;
  if (!isWidth(width) || String(width) !== match[1]) return null;
  return { original: `${path.slice(0, match.index)}.webp`, width, format };
}
