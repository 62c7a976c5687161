import {
  hasImageSizes,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  sizedImagePath,
} from '@kasuwa/contracts';

/**
 * How a stored image is asked for (issue 20): the server keeps each public image in widths
 * (IMAGE_WIDTHS) as AVIF and WebP, so the browser picks the width the slot needs on this screen from
 * a `srcset`, in the first format it can show (`<picture>`'s `<source>`s). With data-saver on there
 * is no choice left to the browser: one small file, the smallest width that fills the slot's CSS
 * pixels (softer on a sharp screen, a third to a ninth of the bytes).
 *
 * A URL without sizes (a photo still on the phone, a preview, another site's) is used as it is.
 */

/** Where an image is shown: `sizes` for the browser, and the widest the slot gets, in CSS pixels. */
export type ImageSlot = {
  /** The `sizes` attribute: the slot's width by viewport, e.g. `64px` or `(min-width: 768px) 33vw, 50vw`. */
  sizes: string;
  /** The slot's width in CSS pixels on a phone (the data-saver pick and a single URL's width). */
  width: number;
};

export type ImageSources =
  | { sized: false; src: string }
  | {
      sized: true;
      /** The fallback `src` (browsers ignore it when they read the srcset). */
      src: string;
      /** Absent with data-saver on: `src` alone is used. */
      srcSet?: string;
      sizes?: string;
      /** `<source>`s before the `<img>`, smallest format first; with data-saver one URL each. */
      sources: Array<{ type: string; srcSet: string; sizes?: string }>;
    };

/** The smallest width at least `pixels` wide, or the widest there is. */
export function fittingWidth(pixels: number): ImageWidth {
  return IMAGE_WIDTHS.find((w) => w >= pixels) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1080;
}

const srcSetOf = (url: string, format: ImageFormat) =>
  IMAGE_WIDTHS.map((w) => `${sizedImagePath(url, w, format)} ${w}w`).join(', ');

/** What to put in `<picture>`/`<img>` for the image at `url` shown in `slot`. */
export function imageSources(
  url: string,
  slot: ImageSlot,
  { dataSaver }: { dataSaver: boolean },
): ImageSources {
  if (!hasImageSizes(url)) return { sized: false, src: url };
  if (dataSaver) {
    const width = fittingWidth(slot.width);
    return {
      sized: true,
      src: sizedImagePath(url, width, 'webp'),
      sources: [{ type: IMAGE_CONTENT_TYPES.avif, srcSet: sizedImagePath(url, width, 'avif') }],
    };
  }
  return {
    sized: true,
    // For a browser without srcset: enough for a sharp screen of twice the slot.
    src: sizedImagePath(url, fittingWidth(slot.width * 2), 'webp'),
    srcSet: srcSetOf(url, 'webp'),
    sizes: slot.sizes,
    sources: IMAGE_FORMATS.filter((f) => f !== 'webp').map((format) => ({
      type: IMAGE_CONTENT_TYPES[format],
      srcSet: srcSetOf(url, format),
      sizes: slot.sizes,
    })),
  };
}

/**
 * One URL for a slot that takes no srcset (a `<video>`'s poster): WebP, which every browser that
 * plays our videos shows, wide enough for the slot on this screen — or, with data-saver, for the
 * slot's CSS pixels only.
 */
export function singleImageUrl(
  url: string,
  slotWidth: number,
  { dataSaver, pixelRatio }: { dataSaver: boolean; pixelRatio: number },
): string {
  if (!hasImageSizes(url)) return url;
  return sizedImagePath(url, fittingWidth(slotWidth * (dataSaver ? 1 : pixelRatio)), 'webp');
}
