import type { Blip } from '@kasuwa/contracts';
import {
  BLIP_VIDEO_MIME_TYPES,
  MAX_BLIP_CAPTION_LENGTH,
  MAX_BLIP_DURATION_SECONDS,
  MAX_BLIP_VIDEO_BYTES,
} from '@kasuwa/contracts/limits';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type BlipUpload,
  blipMessages,
  isCancelled,
  type UploadFn,
  uploadBlip,
  uploadFailureMessage,
} from '@/features/blips/blips-api';
import { type ChosenProduct, ProductPicker } from '@/features/blips/product-picker';
import { checkDuration, checkVideoFile, formatDuration, formatFileSize } from '@/features/blips/video-checks';
import { type ProbeVideo, probeVideo, VideoProbeError } from '@/features/blips/video-probe';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FieldMessages } from '@/ui/field-messages';
import { Spinner } from '@/ui/spinner';

type VideoState =
  | { status: 'none' }
  | { status: 'checking'; file: File }
  | { status: 'invalid'; message: string }
  | { status: 'ready'; file: File; durationSeconds: number; poster: Blob | null };

/** An object URL for a file or blob while it is shown, released when it is not. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export interface UploadBlipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  api: ApiClient;
  sellerId: string;
  onUploaded: (blip: Blip) => void;
  /** Reads the video's length and grabs a poster frame; tests pass their own. */
  probe?: ProbeVideo;
  upload?: UploadFn;
}

/**
 * Upload a blip: a product, a video checked in the browser (type, size, length) with a preview and
 * a poster frame, a caption, then the upload with a progress bar and a cancel button.
 */
export function UploadBlipDialog({
  open,
  onOpenChange,
  api,
  sellerId,
  onUploaded,
  probe = probeVideo,
  upload,
}: UploadBlipDialogProps) {
  const formId = useId();
  const videoId = useId();
  const captionId = useId();
  const [product, setProduct] = useState<ChosenProduct | null>(null);
  const [video, setVideo] = useState<VideoState>({ status: 'none' });
  const [caption, setCaption] = useState('');
  const [attempted, setAttempted] = useState(false);
  /** Fraction sent while uploading, null otherwise. */
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const probeSerial = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const readyFile = video.status === 'ready' ? video.file : null;
  const previewUrl = useObjectUrl(readyFile);
  const posterUrl = useObjectUrl(video.status === 'ready' ? video.poster : null);

  // Leaving the page mid-upload stops it rather than finishing unseen.
  useEffect(() => () => controller.current?.abort(), []);

  const uploading = progress !== null;
  const captionTooLong = caption.length > MAX_BLIP_CAPTION_LENGTH;
  const productError = attempted && !product ? 'Choose the product this blip shows' : undefined;
  const videoError =
    video.status === 'invalid'
      ? video.message
      : attempted && video.status === 'none'
        ? 'Choose a video'
        : undefined;

  function reset() {
    probeSerial.current += 1;
    setProduct(null);
    setVideo({ status: 'none' });
    setCaption('');
    setAttempted(false);
    setUploadError(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function chooseFile(file: File | undefined) {
    setUploadError(null);
    const serial = ++probeSerial.current;
    if (!file) {
      setVideo({ status: 'none' });
      return;
    }
    const problem = checkVideoFile(file);
    if (problem) {
      setVideo({ status: 'invalid', message: problem });
      return;
    }
    setVideo({ status: 'checking', file });
    try {
      const result = await probe(file);
      // The seller may have chosen another file meanwhile.
      if (serial !== probeSerial.current) return;
      const tooLong = checkDuration(result.durationSeconds);
      setVideo(tooLong ? { status: 'invalid', message: tooLong } : { status: 'ready', file, ...result });
    } catch (error) {
      if (serial !== probeSerial.current) return;
      setVideo({
        status: 'invalid',
        message:
          error instanceof VideoProbeError
            ? error.message
            : 'We could not read this video. Choose another one.',
      });
    }
  }

  // The failure shows in the dialog, beside the retry: no errorToast.
  const { mutateAsync: send } = useMutation({
    mutationFn: ({ body, signal }: { body: BlipUpload; signal: AbortSignal }) =>
      uploadBlip(body, { onProgress: setProgress, signal, api, ...(upload ? { upload } : {}) }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!product || video.status !== 'ready' || captionTooLong || uploading) return;
    const abort = new AbortController();
    controller.current = abort;
    setUploadError(null);
    setProgress(0);
    try {
      const answer = await send({
        body: { productId: product._id, video: video.file, poster: video.poster, caption: caption.trim() },
        signal: abort.signal,
      });
      toast.success(answer.message || blipMessages.uploaded);
      onUploaded(answer.blip);
      reset();
      onOpenChange(false);
    } catch (error) {
      if (isCancelled(error)) toast.info('Upload cancelled');
      else setUploadError(uploadFailureMessage(error));
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!uploading) onOpenChange(next);
      }}
      dismissible={!uploading}
      title="Upload blip"
      description={`A video of up to ${MAX_BLIP_DURATION_SECONDS} seconds showing one of your products.`}
      maxHeightClass="max-h-[92dvh]"
      focusFirstField={false}
      footer={
        uploading ? (
          <Button variant="secondary" onClick={() => controller.current?.abort()}>
            Cancel upload
          </Button>
        ) : (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                reset();
                onOpenChange(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={video.status === 'checking'}>
              <Upload className="size-4" aria-hidden />
              Upload blip
            </Button>
          </>
        )
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <ProductPicker
          api={api}
          sellerId={sellerId}
          value={product}
          onChange={setProduct}
          error={productError}
          disabled={uploading}
        />

        <div className="flex flex-col gap-1.5">
          <label htmlFor={videoId} className="font-medium text-ink text-sm">
            Video
          </label>
          <input
            ref={fileInput}
            id={videoId}
            type="file"
            accept={BLIP_VIDEO_MIME_TYPES.join(',')}
            disabled={uploading}
            aria-invalid={videoError ? true : undefined}
            aria-describedby={`${videoId}-hint${videoError ? ` ${videoId}-error` : ''}`}
            onChange={(event) => void chooseFile(event.target.files?.[0])}
            className="block w-full text-ink-muted text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-control file:border file:border-line-strong file:border-solid file:bg-surface file:px-4 file:font-semibold file:text-ink file:text-sm hover:file:bg-canvas"
          />
          <FieldMessages
            hint={`MP4, WebM or MOV, up to ${MAX_BLIP_VIDEO_BYTES / (1024 * 1024)} MB and ${MAX_BLIP_DURATION_SECONDS} seconds.`}
            hintId={`${videoId}-hint`}
            error={videoError}
            errorId={`${videoId}-error`}
          />
          {video.status === 'checking' && (
            <p className="flex items-center gap-2 text-ink-muted text-sm">
              <Spinner size="sm" decorative />
              Checking the video…
            </p>
          )}
          {video.status === 'ready' && previewUrl && (
            <div className="mt-1 flex flex-col gap-2">
              <video
                src={previewUrl}
                poster={posterUrl ?? undefined}
                controls
                playsInline
                muted
                preload="metadata"
                aria-label="Preview of the chosen video"
                className="max-h-[36dvh] w-full rounded-control bg-black"
              />
              <p className="break-all text-ink-muted text-xs">
                {`${video.file.name} · ${formatDuration(video.durationSeconds)} · ${formatFileSize(video.file.size)}`}
              </p>
              {posterUrl && (
                <div className="flex items-center gap-3">
                  <img src={posterUrl} alt="Poster frame" className="h-16 w-auto rounded-md bg-canvas" />
                  <p className="text-ink-muted text-xs">
                    Poster: the frame buyers see before they press play.
                  </p>
                </div>
              )}
            </div>
          )}
        </div>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={captionId} className="font-medium text-ink text-sm">
            Caption
          </label>
          <textarea
            id={captionId}
            value={caption}
            rows={3}
            disabled={uploading}
            onChange={(event) => setCaption(event.target.value)}
            aria-invalid={captionTooLong ? true : undefined}
            aria-describedby={`${captionId}-count${captionTooLong ? ` ${captionId}-error` : ''}`}
            placeholder="Colours, sizes, today's offer…"
            className={`w-full rounded-control border bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-subtle ${captionTooLong ? 'border-danger-600' : 'border-line-strong'}`}
          />
          <div className="flex justify-between gap-2 text-sm">
            <p id={`${captionId}-error`} className="font-medium text-danger-600">
              {captionTooLong ? `Caption must be at most ${MAX_BLIP_CAPTION_LENGTH} characters` : ''}
            </p>
            <p
              id={`${captionId}-count`}
              className={`shrink-0 tabular-nums ${captionTooLong ? 'font-medium text-danger-600' : 'text-ink-muted'}`}
            >
              {`${caption.length}/${MAX_BLIP_CAPTION_LENGTH}`}
            </p>
          </div>
        </div>

        {uploading && (
          <div className="flex flex-col gap-1.5">
            <div className="flex justify-between text-sm">
              <span className="font-medium text-ink">{percent < 100 ? 'Uploading…' : 'Processing…'}</span>
              <span className="text-ink-muted tabular-nums">{`${percent}%`}</span>
            </div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2.5 overflow-hidden rounded-full bg-line"
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width]"
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
        )}

        {uploadError && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-control border border-danger-600/30 bg-danger-50 p-3 text-danger-700 text-sm"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {uploadError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
