import { MAX_STREAM_COVER_IMAGE_BYTES, MAX_STREAM_VIDEO_BYTES } from '@kasuwa/contracts';
import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Film, ImagePlus, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type StreamMediaField, type UploadFn, uploadStreamMedia } from '@/features/live/streams-api';
import { isApiError } from '@/lib/api-client';
import { appOutbox, isLocalPhoto, useLocalPhotoSrc } from '@/lib/outbox';
import { Button } from '@/ui/button';
import { FieldMessages } from '@/ui/field-messages';
import { ProgressBar } from '@/ui/progress-bar';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number; preview: string | null; file: File }
  | { status: 'failed'; message: string; preview: string | null; file: File };

const accepts: Record<StreamMediaField, string> = {
  coverImage: 'image/*',
  video: 'video/mp4,video/webm,video/quicktime,.mp4,.m4v,.webm,.mov',
};

const caps: Record<StreamMediaField, number> = {
  coverImage: MAX_STREAM_COVER_IMAGE_BYTES,
  video: MAX_STREAM_VIDEO_BYTES,
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function fits(field: StreamMediaField, file: File) {
  if (field === 'coverImage')
    return file.type.startsWith('image/') || /\.(jpe?g|png|webp|gif|avif|heic|heif)$/i.test(file.name);
  return file.type.startsWith('video/') || /\.(mp4|m4v|webm|mov)$/i.test(file.name);
}

export interface MediaFieldProps {
  field: StreamMediaField;
  label: string;
  hint: string;
  /** The uploaded file's URL. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** True while a file uploads, so the wizard can wait for it. */
  onBusyChange: (busy: boolean) => void;
  error?: string | undefined;
  upload?: UploadFn | undefined;
}

/**
 * A cover photo or preview video: the picked file uploads at once (POST /streams/media) with a
 * progress bar; a failed upload can be retried; an uploaded one replaced or removed.
 */
export function MediaField({
  field,
  label,
  hint,
  value,
  onChange,
  onBusyChange,
  error,
  upload,
}: MediaFieldProps) {
  const inputId = useId();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // The failure shows under the field, with a retry: no errorToast.
  const { mutateAsync: send } = useMutation({
    mutationFn: (v: { file: File; onProgress: (progress: number) => void; signal: AbortSignal }) =>
      uploadStreamMedia(field, v.file, v.onProgress, { upload, signal: v.signal }),
  });
  const callbacks = useRef({ onChange, onBusyChange });
  callbacks.current = { onChange, onBusyChange };
  const preview = state.status === 'idle' ? null : state.preview;

  useEffect(() => {
    callbacks.current.onBusyChange(state.status === 'uploading');
  }, [state.status]);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  useEffect(() => () => controller.current?.abort(), []);

  const keepOnPhone = (file: File) => {
    void appOutbox()
      .then((outbox) => outbox.savePhoto(file))
      .then((url) => {
        setState({ status: 'idle' });
        callbacks.current.onChange(url);
      })
      .catch(() =>
        setState({
          status: 'failed',
          file,
          preview: null,
          message: 'The photo could not be kept on this phone.',
        }),
      );
  };

  const start = (file: File) => {
    if (!fits(field, file)) {
      setState({
        status: 'failed',
        file,
        preview: null,
        message:
          field === 'coverImage' ? 'Choose a photo (JPG, PNG or WebP)' : 'Choose an MP4, WebM or MOV video',
      });
      return;
    }
    // Checked here so a seller on mobile data does not send 60 MB only to be told it is too big.
    if (file.size > caps[field]) {
      setState({
        status: 'failed',
        file,
        preview: null,
        message: `${field === 'coverImage' ? 'The cover photo' : 'The video'} must be at most ${megabytes(caps[field])}`,
      });
      return;
    }
    // With no connection a cover photo is kept on the phone and goes up with the show (show-outbox.ts).
    if (field === 'coverImage' && navigator.onLine === false) {
      keepOnPhone(file);
      return;
    }
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const localPreview = field === 'coverImage' ? URL.createObjectURL(file) : null;
    setState({ status: 'uploading', progress: 0, preview: localPreview, file });
    send({
      file,
      onProgress: (progress) =>
        setState((current) =>
          current.status === 'uploading' && current.file === file ? { ...current, progress } : current,
        ),
      signal: abort.signal,
    }).then(
      (answer) => {
        if (abort.signal.aborted) return;
        setState({ status: 'idle' });
        callbacks.current.onChange(answer.media.url);
      },
      (failure: unknown) => {
        if (abort.signal.aborted) return;
        if (
          field === 'coverImage' &&
          isApiError(failure) &&
          failure.status === 0 &&
          failure.kind !== 'aborted'
        ) {
          keepOnPhone(file);
          return;
        }
        setState({
          status: 'failed',
          file,
          preview: field === 'coverImage' ? URL.createObjectURL(file) : null,
          message: isApiError(failure) ? failure.message : 'The upload failed. Please try again.',
        });
      },
    );
  };

  const cancel = () => {
    controller.current?.abort();
    setState({ status: 'idle' });
  };

  const kept = useLocalPhotoSrc(field === 'coverImage' ? value : null);
  const shown = preview ?? (field === 'coverImage' ? kept : value);
  const message = state.status === 'failed' ? state.message : error;
  const Icon = field === 'coverImage' ? ImagePlus : Film;

  return (
    <div className="flex flex-col gap-2">
      <span id={`${inputId}-label`} className="font-medium text-ink text-sm">
        {label}
      </span>
      {shown && field === 'coverImage' && (
        <img
          src={shown}
          alt={value && state.status === 'idle' ? 'Your show’s cover' : ''}
          className={clsx(
            'aspect-video w-full max-w-md rounded-control border border-line bg-canvas object-cover',
            state.status !== 'idle' && 'opacity-70',
          )}
        />
      )}
      {value && field === 'video' && state.status === 'idle' && (
        // biome-ignore lint/a11y/useMediaCaption: a seller's own silent preview clip has no captions to offer.
        <video
          src={value}
          controls
          preload="metadata"
          className="aspect-video w-full max-w-md rounded-control bg-ink"
        />
      )}
      {isLocalPhoto(value) && state.status === 'idle' && (
        <p className="text-amber-900 text-sm">
          Waiting to upload: it goes up with the show when you are back online.
        </p>
      )}
      {state.status === 'uploading' && (
        <div className="flex max-w-md flex-col gap-1">
          <p className="truncate text-ink-muted text-sm">Uploading {state.file.name}</p>
          <ProgressBar value={state.progress} label={`Uploading ${label}`} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {state.status === 'uploading' ? (
          <Button variant="secondary" size="sm" onClick={cancel}>
            Cancel upload
          </Button>
        ) : (
          <label
            htmlFor={inputId}
            className="inline-flex min-h-10 cursor-pointer items-center gap-1.5 rounded-control border border-line-strong bg-surface px-3 font-semibold text-ink text-sm hover:bg-canvas focus-within:outline-3 focus-within:outline-brand-600"
          >
            <Icon className="size-4" aria-hidden />
            {value ? `Replace ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
            <input
              id={inputId}
              type="file"
              accept={accepts[field]}
              className="sr-only"
              aria-describedby={[`${inputId}-hint`, message ? `${inputId}-error` : null]
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) start(file);
              }}
            />
          </label>
        )}
        {state.status === 'failed' && fits(field, state.file) && state.file.size <= caps[field] && (
          <Button variant="secondary" size="sm" onClick={() => start(state.file)}>
            <RotateCw className="size-4" aria-hidden />
            Retry upload
          </Button>
        )}
        {value && state.status === 'idle' && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            Remove {label.toLowerCase()}
          </Button>
        )}
      </div>
      <FieldMessages hint={hint} hintId={`${inputId}-hint`} error={message} errorId={`${inputId}-error`} />
    </div>
  );
}
