import type { ImgHTMLAttributes } from 'react';
import { useDataSaver } from '@/lib/data-saver';
import { type ImageSlot, imageSources, singleImageUrl } from '@/lib/responsive-image';

export type { ImageSlot } from '@/lib/responsive-image';

/** A slot of a fixed width in CSS pixels on every screen (a thumbnail, an avatar). */
export const fixedSlot = (px: number): ImageSlot => ({ sizes: `${px}px`, width: px });

type MediaImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'slot'> & {
  src: string;
  /** Where it is shown: the browser's `sizes` and the slot's CSS width on a phone. */
  shownAt: ImageSlot;
};

/**
 * A stored image at the size its slot needs (lib/responsive-image.ts): AVIF or WebP from a srcset,
 * or with data-saver on one small file. The `<picture>` takes no box of its own (`display:
 * contents`), so the classes on the image lay it out as a plain `<img>` would be.
 */
export function MediaImage({ src, shownAt, alt = '', ...img }: MediaImageProps) {
  const dataSaver = useDataSaver();
  const sources = imageSources(src, shownAt, { dataSaver });
  if (!sources.sized) return <img src={sources.src} alt={alt} {...img} />;
  return (
    <picture className="contents">
      {sources.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img src={sources.src} srcSet={sources.srcSet} sizes={sources.sizes} alt={alt} {...img} />
    </picture>
  );
}

/**
 * One URL of a stored image for a slot that takes no srcset (a `<video>`'s poster), `slotWidth` CSS
 * pixels wide: sharp on this screen, or with data-saver the smallest that fills the slot.
 */
export function useSingleImageUrl(url: string | null | undefined, slotWidth: number): string | undefined {
  const dataSaver = useDataSaver();
  if (!url) return undefined;
  return singleImageUrl(url, slotWidth, { dataSaver, pixelRatio: window.devicePixelRatio || 1 });
}
