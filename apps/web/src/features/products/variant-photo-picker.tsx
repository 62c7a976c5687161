import { clsx } from 'clsx';
import { Check, ImagePlus, RotateCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { acceptPhotoFiles, PHOTO_TYPES_TEXT } from '@/features/products/photo-files';
import { PHOTO_TILE_SLOT } from '@/features/products/photo-grid';
import type { UploadFn } from '@/features/products/products-api';
import { useUploadProductImage } from '@/features/products/products-mutations';
import { MAX_VARIANT_PHOTOS } from '@/features/products/variant-builder';
import { isApiError } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { MediaImage } from '@/ui/media-image';
import { ProgressBar } from '@/ui/progress-bar';

/*
 * The dialog where a variant gets its photos. Its own chunk: the variant grid loads it the first time
 * a seller opens it, so the add-product screen's first download does not grow.
 */

export interface VariantPhotoPickerProps {
  /** Whose photos these are, e.g. "Red" or "Red / M". */
  label: string;
  /** The variant's photos when the dialog opens. */
  value: string[];
  /** Photos already uploaded for this product (its own, then its variants'), to pick from. */
  pool: string[];
  /** What buyers see while the variant has none, e.g. "the product's photos" or "Red's photos". */
  fallback: string;
  /** Done: the chosen photos in order. Not called on Cancel, Escape or Close. */
  onDone: (images: string[]) => void;
  onClose: () => void;
  /** Tests pass their own upload. */
  upload?: UploadFn | undefined;
}

interface PendingUpload {
  key: string;
  file: File;
  preview: string;
  /** 0..1 while sending, null once it failed. */
  progress: number | null;
  error: string | null;
}

let nextKey = 0;
const newKey = () => `variant-photo-${(nextKey++).toString(36)}`;
const unique = (urls: string[]) => [...new Set(urls)];

export default function VariantPhotoPicker({
  label,
  value,
  pool,
  fallback,
  onDone,
  onClose,
  upload,
}: VariantPhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState<string[]>(value);
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  // Closing the dialog stops what is still uploading; it would belong to nothing.
  useEffect(() => {
    const running = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const shown = unique([...pool, ...value, ...uploaded]);
  const full = chosen.length >= MAX_VARIANT_PHOTOS;
  const sending = pending.filter((p) => p.progress !== null).length;

  const toggle = (url: string) => {
    if (chosen.includes(url)) {
      setChosen(chosen.filter((u) => u !== url));
      setNotice(null);
    } else if (full) {
      setNotice(`A variant can have up to ${MAX_VARIANT_PHOTOS} photos. Remove one to choose another.`);
    } else {
      setChosen([...chosen, url]);
    }
  };

  const uploadImage = useUploadProductImage(upload);
  const patch = (key: string, change: Partial<PendingUpload>) =>
    setPending((current) => current.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const send = (key: string, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    patch(key, { progress: 0, error: null });
    uploadImage
      .mutateAsync({
        file,
        onProgress: (fraction) => patch(key, { progress: Math.min(fraction, 0.99) }),
        signal: controller.signal,
      })
      .then(({ image }) => {
        setPending((current) => current.filter((p) => p.key !== key));
        setUploaded((current) => unique([...current, image.url]));
        // A photo uploaded here is meant for this variant.
        setChosen((current) =>
          current.length < MAX_VARIANT_PHOTOS ? unique([...current, image.url]) : current,
        );
      })
      .catch((cause: unknown) => {
        if (controller.signal.aborted) return;
        patch(key, {
          progress: null,
          error: isApiError(cause) ? cause.message : 'The photo could not be uploaded.',
        });
      })
      .finally(() => controllers.current.delete(key));
  };

  const addFiles = (files: File[]) => {
    const accepted = acceptPhotoFiles(files, MAX_VARIANT_PHOTOS - chosen.length - sending, {
      title: `A variant can have up to ${MAX_VARIANT_PHOTOS} photos`,
      description: 'Remove one to add another',
    });
    const added = accepted.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { key: newKey(), file, preview, progress: 0, error: null } satisfies PendingUpload;
    });
    if (added.length === 0) return;
    setPending((current) => [...current, ...added]);
    for (const item of added) send(item.key, item.file);
  };

  const status =
    chosen.length === 0
      ? `No photos chosen: buyers see ${fallback}.`
      : `${chosen.length} of ${MAX_VARIANT_PHOTOS} chosen. The first is shown first.`;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Photos for ${label}`}
      description="Tap photos to choose them, in the order buyers should see them, or upload new ones."
      className="sm:max-w-xl"
      footer={
        <>
          {chosen.length > 0 && (
            <Button variant="ghost" className="sm:mr-auto" onClick={() => setChosen([])}>
              Remove all
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={sending > 0} onClick={() => onDone(chosen)}>
            {sending > 0 ? 'Uploading…' : 'Done'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {shown.length === 0 && pending.length === 0 ? (
          <p className="rounded-control bg-canvas p-3 text-ink-muted text-sm">
            No photos uploaded for this product yet. Upload one here, or add product photos first.
          </p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {shown.map((url, index) => {
              const order = chosen.indexOf(url) + 1;
              return (
                <li key={url}>
                  <button
                    type="button"
                    aria-pressed={order > 0}
                    aria-label={`Photo ${index + 1}`}
                    onClick={() => toggle(url)}
                    className={clsx(
                      'relative block aspect-square w-full overflow-hidden rounded-control border-2 bg-canvas',
                      order > 0 ? 'border-brand-600' : 'border-transparent hover:border-line-strong',
                    )}
                  >
                    <MediaImage
                      src={url}
                      shownAt={PHOTO_TILE_SLOT}
                      decoding="async"
                      className="size-full object-cover"
                    />
                    {order > 0 && (
                      <span
                        aria-hidden
                        className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-brand-600 font-semibold text-white text-xs"
                      >
                        {order === 1 ? <Check className="size-4" /> : order}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
            {pending.map((item, index) => (
              <li key={item.key} className="relative aspect-square overflow-hidden rounded-control bg-canvas">
                <img src={item.preview} alt="" className="size-full object-cover opacity-60" />
                {item.progress !== null ? (
                  <ProgressBar
                    value={item.progress}
                    label={`Uploading new photo ${index + 1}`}
                    className="absolute inset-x-1 bottom-1 gap-1 rounded-full bg-surface/90 px-1"
                  />
                ) : (
                  <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-surface/90 p-1 text-center">
                    <p role="alert" className="line-clamp-2 text-danger-700 text-xs">
                      {item.error}
                    </p>
                    <div className="flex">
                      <button
                        type="button"
                        onClick={() => send(item.key, item.file)}
                        aria-label={`Retry new photo ${index + 1}`}
                        className="flex size-10 items-center justify-center rounded-control text-brand-700 hover:bg-brand-50"
                      >
                        <RotateCw className="size-4" aria-hidden />
                      </button>
                      <button
                        type="button"
                        onClick={() => setPending((current) => current.filter((p) => p.key !== item.key))}
                        aria-label={`Remove new photo ${index + 1}`}
                        className="flex size-10 items-center justify-center rounded-control text-ink hover:bg-canvas"
                      >
                        <X className="size-4" aria-hidden />
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="text-ink text-sm">
          {notice ?? status}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            aria-describedby={hintId}
            className="peer sr-only"
            onChange={(event) => {
              addFiles(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-control border border-line-strong bg-surface px-4 font-semibold text-ink text-sm hover:bg-canvas peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-solid"
          >
            <ImagePlus className="size-4" aria-hidden />
            Upload photos
          </label>
          <p id={hintId} className="text-ink-muted text-xs">
            {PHOTO_TYPES_TEXT}.
          </p>
        </div>
      </div>
    </Dialog>
  );
}
