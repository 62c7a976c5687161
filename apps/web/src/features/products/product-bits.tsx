import type { ProductStatus } from '@kasuwa/contracts';
import { statusLabels } from '@/features/products/products-api';
import { fixedSlot, MediaImage } from '@/ui/media-image';

const badgeBase =
  'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset';

/** Each status's badge classes, computed once: a 100-row page draws a hundred badges. */
export const statusBadgeClasses: Record<ProductStatus, string> = {
  active: `${badgeBase} bg-brand-50 text-brand-800 ring-brand-200`,
  draft: `${badgeBase} bg-slate-100 text-slate-800 ring-slate-300`,
  out_of_stock: `${badgeBase} bg-amber-50 text-amber-900 ring-amber-300`,
  archived: `${badgeBase} bg-zinc-100 text-zinc-700 ring-zinc-300`,
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  return <span className={statusBadgeClasses[status]}>{statusLabels[status]}</span>;
}

const thumbClasses = {
  md: {
    empty: 'size-12 shrink-0 rounded-control bg-line',
    image: 'size-12 shrink-0 rounded-control bg-canvas object-cover',
    slot: fixedSlot(48),
  },
  lg: {
    empty: 'size-16 shrink-0 rounded-control bg-line',
    image: 'size-16 shrink-0 rounded-control bg-canvas object-cover',
    slot: fixedSlot(64),
  },
};

/**
 * The cover photo, small (at the size the row needs, issue 20); decorative because the product's
 * name sits beside it. No photo is a plain box.
 */
export function productThumb(src: string | undefined, size: 'md' | 'lg' = 'md') {
  const classes = thumbClasses[size];
  if (!src) return <span className={classes.empty} />;
  // Keyed by the photo: a row reused for another product (row-keys.ts) must not show the last
  // product's photo while its own loads, as an <img> given a new source does.
  return (
    <MediaImage
      key={src}
      src={src}
      shownAt={classes.slot}
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      className={classes.image}
    />
  );
}
