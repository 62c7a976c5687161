import type { ReturnEvent, ReturnMessageBody } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { CircleDot, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { PhotoUploadField, usePhotoUploads } from '@/features/returns/photo-uploads';
import { formatDateTime } from '@/features/returns/return-deadline';
import { PhotoGallery } from '@/features/returns/return-photos';
import type { ReturnPhotoUploader } from '@/features/returns/returns-api';
import { Button } from '@/ui/button';

/** Who is reading: their own messages sit on the right and read "You". */
export type ThreadViewer = 'seller' | 'buyer';

/** Events that are someone talking; the others are the return's steps. */
const isMessage = (event: ReturnEvent) =>
  event.actor !== 'system' && (event.type === 'message' || event.type === 'info_requested');

/**
 * The return's thread and timeline in one column, oldest first: messages as bubbles (the reader's
 * own on the right), steps as small centred lines, each with its photos.
 */
export function ReturnThread({
  events,
  viewer,
  names,
}: {
  events: readonly ReturnEvent[];
  viewer: ThreadViewer;
  /** What to call the other side and the platform: { buyer: 'Chidi Okafor', seller: 'Ngozi Wears' }. */
  names: { seller: string; buyer: string };
}) {
  const sorted = [...events].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const who = (actor: ReturnEvent['actor']) =>
    actor === viewer ? 'You' : actor === 'system' ? 'Kasuwa' : names[actor];
  if (sorted.length === 0) return <p className="text-ink-muted text-sm">Nothing has happened yet.</p>;
  return (
    <ol className="flex flex-col gap-3">
      {sorted.map((event) => {
        if (isMessage(event)) {
          const mine = event.actor === viewer;
          return (
            <li key={event._id} className={clsx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
              <div
                className={clsx(
                  'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm',
                  mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-canvas text-ink',
                )}
              >
                {event.type === 'info_requested' && (
                  <p className={clsx('font-semibold text-xs', mine ? 'text-white' : 'text-ink-muted')}>
                    Asked for more information
                  </p>
                )}
                <p className="whitespace-pre-line break-words">{event.message}</p>
              </div>
              <PhotoGallery photos={event.photos} label={`Photos from ${who(event.actor)}`} />
              <p className="text-ink-muted text-xs">
                {who(event.actor)} · <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              </p>
            </li>
          );
        }
        return (
          <li key={event._id} className="flex flex-col gap-1 border-line border-l-2 py-0.5 pl-3">
            <p className="flex items-start gap-1.5 text-ink text-sm">
              <CircleDot className="mt-0.5 size-3.5 shrink-0 text-brand-600" aria-hidden />
              <span className="whitespace-pre-line break-words">{event.message}</span>
            </p>
            <PhotoGallery photos={event.photos} label={`Photos from ${who(event.actor)}`} />
            <p className="text-ink-muted text-xs">
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time> · {who(event.actor)}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

const MAX_MESSAGE = 1000;

/**
 * The reply box under the thread: a message (1 to 1000 characters, the contract's rule). `send` resolves once the server has it; the box then empties.
 */
export function ReplyBox({
  label,
  placeholder,
  pending,
  send,
}: {
  label: string;
  placeholder: string;
  pending: boolean;
  send: (body: ReturnMessageBody) => Promise<unknown>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending) return;
        const message = text.trim();
        if (!message) return setError('Write a message');
        if (message.length > MAX_MESSAGE)
          return setError(`Message must be at most ${MAX_MESSAGE} characters`);
        setError(undefined);
        void send({ message })
          .then(() => setText(''))
          .catch(() => undefined);
      }}
    >
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={MAX_MESSAGE}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        className={clsx(
          'w-full rounded-control border bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-subtle',
          error ? 'border-danger-600' : 'border-line-strong',
        )}
      />
      <div className="flex items-center justify-between gap-3">
        {error ? (
          <p id={`${id}-error`} className="text-danger-700 text-sm">
            {error}
          </p>
        ) : (
          <p className="text-ink-muted text-xs tabular-nums">
            {text.length}/{MAX_MESSAGE}
          </p>
        )}
        <Button type="submit" loading={pending}>
          <Send className="size-4" aria-hidden />
          Send
        </Button>
      </div>
    </form>
  );
}

/** The buyer's reply box: the same, with photos (e.g. a clearer picture the seller asked for). */
export function ReplyWithPhotos({
  upload,
  pending,
  send,
}: {
  upload: ReturnPhotoUploader;
  pending: boolean;
  send: (body: ReturnMessageBody) => Promise<unknown>;
}) {
  const photos = usePhotoUploads(upload);
  const [showPhotos, setShowPhotos] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <ReplyBox
        label="Reply to the seller"
        placeholder="Answer the seller’s question or add details"
        pending={pending || photos.busy}
        send={async (body) => {
          await send({ ...body, photoIds: photos.photoIds });
          photos.clear();
          setShowPhotos(false);
        }}
      />
      {showPhotos ? (
        <PhotoUploadField label="Photos for your reply (optional)" photos={photos} />
      ) : (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setShowPhotos(true)}>
          Add photos to your reply
        </Button>
      )}
    </div>
  );
}
