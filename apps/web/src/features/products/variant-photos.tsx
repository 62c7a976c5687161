import { clsx } from 'clsx';
import { ImagePlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import type { UploadFn } from '@/features/products/products-api';
import type { VariantPath } from '@/features/products/variant-builder';
import { fixedSlot, MediaImage } from '@/ui/media-image';

const VariantPhotoPicker = lazy(() => import('@/features/products/variant-photo-picker'));

/** Which variant's photos the picker is open for. */
export interface PhotoTarget {
  path: VariantPath;
  label: string;
  /** Photos of the variant now. */
  images: string[];
  /** What buyers see while it has none. */
  fallback: string;
  /** The button that opened the picker, focused again when it closes. */
  opener?: HTMLElement | null | undefined;
}

/**
 * A variant's photo in its grid row: its first photo (with the count when there are more), the
 * photo it falls back to (faded) when it has none of its own, or an add-photo sign. Opens the picker.
 */
export function VariantPhotoButton({
  label,
  images,
  inherited,
  inheritedFrom,
  onOpen,
}: {
  label: string;
  images: string[];
  /** The first photo of the variant above, shown faded while this one has none. */
  inherited?: string | undefined;
  inheritedFrom?: string | undefined;
  onOpen: (opener: HTMLElement) => void;
}) {
  const describedBy = useId();
  const first = images[0] ?? inherited;
  const own = images.length > 0;
  const description = own
    ? `${images.length} ${images.length === 1 ? 'photo' : 'photos'}`
    : inherited && inheritedFrom
      ? `No photos of its own; shows ${inheritedFrom}'s`
      : 'No photos yet';
  return (
    <button
      type="button"
      onClick={(event) => onOpen(event.currentTarget)}
      aria-label={`Photos for ${label}`}
      aria-describedby={describedBy}
      className={clsx(
        'relative flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-control bg-canvas text-ink-muted hover:border-brand-600 hover:text-brand-700',
        own ? 'border border-line-strong' : 'border border-line-strong border-dashed',
      )}
    >
      {first ? (
        <MediaImage
          src={first}
          shownAt={fixedSlot(44)}
          loading="lazy"
          decoding="async"
          data-own={own || undefined}
          className={clsx('size-full object-cover', !own && 'opacity-50')}
        />
      ) : (
        <ImagePlus className="size-5" aria-hidden />
      )}
      {images.length > 1 && (
        <span
          aria-hidden
          className="absolute right-0 bottom-0 rounded-tl-control bg-ink/80 px-1 font-semibold text-[0.625rem] text-white leading-4"
        >
          {images.length}
        </span>
      )}
      <span id={describedBy} className="sr-only">
        {description}
      </span>
    </button>
  );
}

/** The picker for `target`, loaded on first use; nothing while no variant's photos are being picked. */
export function VariantPhotoDialog({
  target,
  pool,
  upload,
  onDone,
  onClose,
}: {
  target: PhotoTarget | null;
  pool: string[];
  upload?: UploadFn | undefined;
  onDone: (path: VariantPath, images: string[]) => void;
  onClose: () => void;
}) {
  // The dialog has no Radix trigger to hand focus back to, so the opener gets it here.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (target) opener.current = target.opener ?? null;
    else if (opener.current?.isConnected) {
      opener.current.focus();
      opener.current = null;
    }
  }, [target]);

  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <VariantPhotoPicker
        key={target.path.join('.')}
        label={target.label}
        value={target.images}
        pool={pool}
        fallback={target.fallback}
        upload={upload}
        onDone={(images) => {
          onDone(target.path, images);
          onClose();
        }}
        onClose={onClose}
      />
    </Suspense>
  );
}
