import type { ReturnPhoto } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Camera, RotateCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  MAX_RETURN_PHOTO_BYTES,
  MAX_RETURN_PHOTOS,
  type ReturnPhotoUploader,
} from '@/features/returns/returns-api';
import { isApiError } from '@/lib/api-client';
import { ProgressBar } from '@/ui/progress-bar';

/** One picked photo: its preview, how far its upload is, and the server's photo once stored. */
export interface PhotoUpload {
  key: string;
  file: File;
  preview: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
  photo?: ReturnPhoto;
}

let serial = 0;

function failureText(error: unknown): string {
  if (!isApiError(error)) return 'The upload failed. Try again.';
  if (error.status === 413) return 'This photo is too large (10 MB at most).';
  return error.message;
}

/**
 * Picked photos, each uploaded at once on its own request with its progress bar (slow 4G), with a
 * retry when one fails. The form reads `uploads` for the stored photo ids and whether any is still
 * on its way.
 */
export function usePhotoUploads(upload: ReturnPhotoUploader, max = MAX_RETURN_PHOTOS) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const all = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of all.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = (key: string, change: Partial<PhotoUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = (key: string, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    patch(key, { state: 'uploading', progress: 0, error: undefined });
    upload(file, (progress) => patch(key, { progress }), controller.signal)
      .then((photo) => patch(key, { state: 'done', progress: 1, photo }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const text = failureText(error);
        patch(key, { state: 'failed', error: text });
        // Said under the photos too: a small tile has no room for the server's reason.
        setNotice(text);
      })
      .finally(() => controllers.current.delete(key));
  };

  const add = (files: readonly File[]) => {
    setNotice(null);
    const room = max - uploads.length;
    const images = files.filter((f) => f.type.startsWith('image/'));
    const small = images.filter((f) => f.size <= MAX_RETURN_PHOTO_BYTES);
    const taken = small.slice(0, Math.max(0, room));
    if (images.length < files.length) setNotice('Only photos can be added.');
    else if (small.length < images.length) setNotice('Photos can be at most 10 MB each.');
    else if (taken.length < small.length) setNotice(`You can add up to ${max} photos.`);
    const added: PhotoUpload[] = taken.map((file) => {
      serial += 1;
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { key: `photo-${serial}`, file, preview, progress: 0, state: 'uploading' };
    });
    setUploads((list) => [...list, ...added]);
    for (const u of added) start(u.key, u.file);
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    setNotice(null);
    setUploads((list) => {
      const gone = list.find((u) => u.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((u) => u.key !== key);
    });
  };

  const retry = (key: string) => {
    const u = uploads.find((x) => x.key === key);
    setNotice(null);
    if (u) start(key, u.file);
  };

  const clear = () => {
    for (const u of uploads) remove(u.key);
  };

  const photoIds = uploads.flatMap((u) => (u.photo ? [u.photo._id] : []));
  const busy = uploads.some((u) => u.state === 'uploading');
  const failed = uploads.some((u) => u.state === 'failed');
  return { uploads, notice, add, remove, retry, clear, photoIds, busy, failed, max };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;

/** The photo picker: a tile per photo (preview, progress or retry, remove) and an Add tile. */
export function PhotoUploadField({
  label,
  hint,
  photos,
  error,
}: {
  label: string;
  hint?: string;
  photos: PhotoUploads;
  error?: string | undefined;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = photos.uploads.length >= photos.max;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium text-ink text-sm">{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-ink-muted text-sm">
          {hint}
        </p>
      )}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {photos.uploads.map((u, i) => (
          <li key={u.key} className="relative flex flex-col gap-1">
            <img
              src={u.preview}
              alt={`Picked ${i + 1} of ${photos.max}`}
              className={clsx(
                'aspect-square w-full rounded-control bg-canvas object-cover',
                u.state !== 'done' && 'opacity-60',
                u.state === 'failed' && 'ring-2 ring-danger-600',
              )}
            />
            <button
              type="button"
              onClick={() => photos.remove(u.key)}
              aria-label={`Remove photo ${i + 1}`}
              className="absolute top-1 right-1 flex size-8 items-center justify-center rounded-full bg-ink/70 text-white"
            >
              <X className="size-4" aria-hidden />
            </button>
            {u.state === 'uploading' && (
              <ProgressBar value={u.progress} label={`Uploading photo ${i + 1}`} className="gap-1" />
            )}
            {u.state === 'failed' && (
              <button
                type="button"
                onClick={() => photos.retry(u.key)}
                className="inline-flex min-h-8 items-center justify-center gap-1 font-medium text-danger-700 text-xs"
                title={u.error}
              >
                <RotateCw className="size-3.5" aria-hidden />
                Retry
                <span className="sr-only">
                  photo {i + 1}: {u.error}
                </span>
              </button>
            )}
          </li>
        ))}
        {!full && (
          <li>
            <label
              htmlFor={id}
              className="flex aspect-square w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-control border-2 border-line-strong border-dashed text-ink-muted text-xs hover:bg-canvas"
            >
              <Camera className="size-6" aria-hidden />
              Add photo
            </label>
            <input
              ref={input}
              id={id}
              type="file"
              accept="image/*"
              multiple
              aria-describedby={hint ? `${id}-hint` : undefined}
              className="sr-only"
              onChange={(e) => {
                photos.add([...(e.target.files ?? [])]);
                e.target.value = '';
              }}
            />
          </li>
        )}
      </ul>
      <p className="text-ink-muted text-xs tabular-nums">
        {photos.uploads.length} of {photos.max} photos
      </p>
      {(photos.notice || error) && (
        <p role="alert" className="text-danger-700 text-sm">
          {error ?? photos.notice}
        </p>
      )}
    </fieldset>
  );
}
