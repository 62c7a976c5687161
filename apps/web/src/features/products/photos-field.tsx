import { MAX_PRODUCT_IMAGES } from '@kasuwa/contracts/limits';
import { clsx } from 'clsx';
import { CloudOff, ImagePlus, RotateCw, X } from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { acceptPhotoFiles, PHOTO_TYPES_TEXT } from '@/features/products/photo-files';
import { PHOTO_TILE_SLOT, PhotoGrid } from '@/features/products/photo-grid';
import type { UploadFn } from '@/features/products/products-api';
import { useUploadProductImage } from '@/features/products/products-mutations';
import { isApiError } from '@/lib/api-client';
import { appOutbox, isLocalPhoto, useLocalPhotoSrc } from '@/lib/outbox';
import { MediaImage } from '@/ui/media-image';

export const MAX_PHOTOS = MAX_PRODUCT_IMAGES;

interface PhotoItem {
  key: string;
  /** Set once the server has the photo. */
  url: string | null;
  /** A local preview while (and after) the file uploads. */
  preview: string | null;
  /** 0..1 while uploading. */
  progress: number | null;
  error: string | null;
  file: File | null;
}

let nextKey = 0;
const newKey = () => `photo-${Date.now().toString(36)}-${(nextKey++).toString(36)}`;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

export interface PhotosFieldProps {
  /** Uploaded photo URLs in order; the first is the cover. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** How many photos are still uploading, so saving can wait for them. */
  onPendingChange: (count: number) => void;
  error?: string | undefined;
  upload?: UploadFn | undefined;
}

/**
 * Product photos (up to 10): dropped or picked files upload at once, each with its progress bar;
 * failed ones can be retried or removed; the first photo is the cover, and photos can be reordered
 * by dragging or with the keyboard.
 */
export function PhotosField({ value, onChange, onPendingChange, error, upload }: PhotosFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [items, setItems] = useState<PhotoItem[]>(() => value.map(fromUrl));
  const [dragging, setDragging] = useState(false);
  const emitted = useRef<string[]>(value);
  const previews = useRef(new Set<string>());
  const callbacks = useRef({ onChange, onPendingChange });
  callbacks.current = { onChange, onPendingChange };

  // A reset of the form (restoring or discarding a draft) brings a new list from outside.
  useEffect(() => {
    if (sameList(value, emitted.current)) return;
    emitted.current = value;
    setItems((current) => [
      ...value.map((url) => current.find((item) => item.url === url) ?? fromUrl(url)),
      ...current.filter((item) => item.url === null),
    ]);
  }, [value]);

  useEffect(() => {
    const urls = items.flatMap((item) => (item.url ? [item.url] : []));
    if (!sameList(urls, emitted.current)) {
      emitted.current = urls;
      callbacks.current.onChange(urls);
    }
    callbacks.current.onPendingChange(items.filter((item) => item.progress !== null).length);
  }, [items]);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const uploadImage = useUploadProductImage(upload);
  const patch = (key: string, change: Partial<PhotoItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  /*
   * With no connection the photo is kept on the phone (lib/outbox.ts) and stands in the form as a
   * local-photo: URL, marked "Waiting to upload"; saving the product then queues it, and the photo
   * goes up with it when the connection returns.
   */
  const keepOnPhone = (key: string, file: File) =>
    appOutbox()
      .then((outbox) => outbox.savePhoto(file))
      .then((url) => patch(key, { url, progress: null, error: null, file: null }))
      .catch(() => patch(key, { progress: null, error: 'The photo could not be kept on this phone.' }));

  const send = (key: string, file: File) => {
    if (navigator.onLine === false) {
      void keepOnPhone(key, file);
      return;
    }
    patch(key, { progress: 0, error: null });
    uploadImage
      .mutateAsync({ file, onProgress: (fraction) => patch(key, { progress: Math.min(fraction, 0.99) }) })
      .then((answer) => patch(key, { url: answer.image.url, progress: null, file: null }))
      .catch((cause: unknown) => {
        if (isApiError(cause) && cause.status === 0 && cause.kind !== 'aborted') {
          void keepOnPhone(key, file);
          return;
        }
        patch(key, {
          progress: null,
          error: isApiError(cause) ? cause.message : 'The photo could not be uploaded.',
        });
      });
  };

  const addFiles = (files: File[]) => {
    const accepted = acceptPhotoFiles(files, MAX_PHOTOS - items.length, {
      title: `You can add up to ${MAX_PHOTOS} photos`,
      description: 'Remove one to add another',
    });
    const added = accepted.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { key: newKey(), url: null, preview, progress: 0, error: null, file } satisfies PhotoItem;
    });
    if (added.length === 0) return;
    setItems((current) => [...current, ...added]);
    for (const item of added) send(item.key, item.file);
  };

  const remove = (key: string) => setItems((current) => current.filter((item) => item.key !== key));

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  const full = items.length >= MAX_PHOTOS;
  const byKey = new Map(items.map((item) => [item.key, item]));

  return (
    <div className="flex flex-col gap-3">
      <p id={hintId} className="text-ink-muted text-sm">
        Up to {MAX_PHOTOS} photos ({PHOTO_TYPES_TEXT}). The first photo is the cover; drag the handle to
        change the order.
      </p>
      {items.length > 0 && (
        <PhotoGrid
          ids={items.map((item) => item.key)}
          onReorder={(keys) =>
            setItems((current) => keys.flatMap((key) => current.filter((item) => item.key === key)))
          }
          renderTile={(key, index, handle) => {
            const item = byKey.get(key);
            if (!item) return null;
            return (
              <PhotoTile
                item={item}
                index={index}
                handle={handle}
                onRemove={() => remove(key)}
                onRetry={() => item.file && send(key, item.file)}
              />
            );
          }}
        />
      )}
      {!full && (
        <section
          aria-label="Add photos"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={clsx(
            'flex flex-col items-center gap-2 rounded-card border-2 border-dashed px-4 py-6 text-center',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-line-strong bg-canvas',
          )}
        >
          <ImagePlus className="size-8 text-brand-600" aria-hidden />
          <p className="text-ink-muted text-sm">Drag and drop photos here, or</p>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
            className="peer sr-only"
            onChange={(event) => {
              addFiles(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-control bg-brand-600 px-4 font-semibold text-sm text-white shadow-sm hover:bg-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-solid"
          >
            Choose photos
          </label>
          <p className="text-ink-muted text-xs">
            {items.length} of {MAX_PHOTOS} added
          </p>
        </section>
      )}
      {error && (
        <p id={errorId} className="font-medium text-danger-600 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

function fromUrl(url: string): PhotoItem {
  return { key: newKey(), url, preview: null, progress: null, error: null, file: null };
}

function PhotoTile({
  item,
  index,
  handle,
  onRemove,
  onRetry,
}: {
  item: PhotoItem;
  index: number;
  handle: ReactNode;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const kept = useLocalPhotoSrc(item.preview ? null : item.url);
  const src = item.preview ?? kept;
  const waiting = isLocalPhoto(item.url);
  const percent = item.progress === null ? null : Math.round(item.progress * 100);
  return (
    <figure className="relative aspect-square overflow-hidden rounded-control border border-line bg-canvas">
      {src && (
        <MediaImage
          src={src}
          shownAt={PHOTO_TILE_SLOT}
          className={clsx('size-full object-cover', (percent !== null || item.error) && 'opacity-60')}
        />
      )}
      {index === 0 && (
        <figcaption className="absolute top-1 left-1 rounded-full bg-ink/80 px-2 py-0.5 font-semibold text-white text-xs">
          Cover
        </figcaption>
      )}
      <div className="absolute top-1 right-1 flex flex-col gap-1">
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove photo ${index + 1}`}
          className="flex size-10 items-center justify-center rounded-control bg-surface/90 text-ink shadow-sm hover:bg-surface"
        >
          <X className="size-5" aria-hidden />
        </button>
        {handle}
      </div>
      {percent !== null && (
        <div className="absolute inset-x-1 bottom-1">
          <div
            role="progressbar"
            aria-label={`Uploading photo ${index + 1}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-surface/80"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      )}
      {waiting && (
        <p className="absolute inset-x-1 bottom-1 flex items-center justify-center gap-1 rounded-full bg-ink/80 px-2 py-0.5 font-semibold text-white text-xs">
          <CloudOff className="size-3.5 shrink-0" aria-hidden />
          Waiting to upload
        </p>
      )}
      {item.error && (
        <div className="absolute inset-x-0 bottom-0 flex flex-col items-center gap-1 bg-surface/95 p-1.5 text-center">
          <p role="alert" className="line-clamp-2 text-danger-700 text-xs">
            {item.error}
          </p>
          {item.file && (
            <button
              type="button"
              onClick={onRetry}
              className="inline-flex min-h-8 items-center gap-1 rounded-control px-2 font-semibold text-brand-700 text-xs hover:bg-brand-50"
            >
              <RotateCw className="size-3.5" aria-hidden />
              Retry<span className="sr-only"> photo {index + 1}</span>
            </button>
          )}
        </div>
      )}
    </figure>
  );
}
