import { CloudOff, RotateCw, Trash2, TriangleAlert, UploadCloud } from 'lucide-react';
import { appOutbox, type OutboxEntry, useLocalPhotoSrc } from '@/lib/outbox';
import { usePhotoProgress } from '@/lib/photo-progress';
import { formatRelativeTime } from '@/lib/relative-time';
import { ProgressBar } from '@/ui/progress-bar';

export const WAITING_TO_UPLOAD = 'Waiting to upload';

/**
 * What the seller saved on this phone and the server does not have yet (lib/outbox.ts), above a
 * list: "Waiting to upload" until the connection returns, "Uploading…" while it goes, and, if the
 * server refused one, its reason with Try again and Remove, so nothing typed disappears unseen.
 */
export function WaitingUploads({
  entries,
  describe,
}: {
  entries: OutboxEntry[];
  /** The line under the title, and the photo to show, of one entry. */
  describe: (entry: OutboxEntry) => { detail: string; photo: string | null };
}) {
  if (entries.length === 0) return null;
  return (
    <section
      aria-label={WAITING_TO_UPLOAD}
      className="flex flex-col gap-2 rounded-card border border-amber-300 bg-surface p-4 shadow-card"
    >
      <h2 className="flex items-center gap-2 font-semibold text-ink">
        <CloudOff className="size-4 text-amber-700" aria-hidden />
        Saved on this phone ({entries.length})
      </h2>
      <ul className="flex flex-col divide-y divide-line">
        {entries.map((entry) => (
          <WaitingEntry key={entry.id} entry={entry} {...describe(entry)} />
        ))}
      </ul>
    </section>
  );
}

function WaitingEntry({
  entry,
  detail,
  photo,
}: {
  entry: OutboxEntry;
  detail: string;
  photo: string | null;
}) {
  const src = useLocalPhotoSrc(photo);
  // While a photo goes up it is still waiting (the product is not on the server yet): a bar shows how far.
  const progress = usePhotoProgress(entry.id);
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <li className="flex items-center gap-3 py-2">
      <span className="size-12 shrink-0 overflow-hidden rounded-control bg-canvas">
        {src && <img src={src} alt="" className="size-full object-cover" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink">{entry.title}</p>
        <p className="text-ink-muted text-xs">
          {detail} · saved {formatRelativeTime(entry.createdAt, new Date())}
        </p>
        {entry.status === 'failed' ? (
          <p role="alert" className="mt-1 flex items-start gap-1 text-danger-700 text-xs">
            <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            Could not be uploaded: {entry.error}
          </p>
        ) : (
          <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-900 text-xs">
            {entry.status === 'sending' && percent === null ? (
              <>
                <UploadCloud className="size-3.5" aria-hidden /> Uploading…
              </>
            ) : (
              <>
                <CloudOff className="size-3.5" aria-hidden /> {WAITING_TO_UPLOAD}
              </>
            )}
          </p>
        )}
        {entry.status === 'sending' && percent !== null && (
          <ProgressBar
            value={percent / 100}
            label={`Uploading the photos of ${entry.title}`}
            className="mt-1.5 max-w-56 gap-2"
          />
        )}
      </div>
      {entry.status === 'failed' && (
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            onClick={() => void appOutbox().then((outbox) => outbox.retry(entry.id))}
            className="flex size-11 items-center justify-center rounded-control text-brand-700 hover:bg-brand-50"
          >
            <RotateCw className="size-5" aria-hidden />
            <span className="sr-only">Try again to upload {entry.title}</span>
          </button>
          <button
            type="button"
            onClick={() => void appOutbox().then((outbox) => outbox.remove(entry.id))}
            className="flex size-11 items-center justify-center rounded-control text-danger-700 hover:bg-danger-50"
          >
            <Trash2 className="size-5" aria-hidden />
            <span className="sr-only">Remove {entry.title} from this phone</span>
          </button>
        </div>
      )}
    </li>
  );
}
