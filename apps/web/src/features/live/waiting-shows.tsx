import { queuedShowOf } from '@/features/live/show-outbox';
import { formatLagosTime } from '@/features/live/show-time';
import { useOutboxEntries } from '@/lib/outbox';
import { WaitingUploads } from '@/ui/waiting-uploads';

/** Shows scheduled on this phone with no connection (show-outbox.ts), above the scheduled shows. */
export function WaitingShows({ sellerId }: { sellerId: string }) {
  const entries = useOutboxEntries(sellerId, 'live-show');
  return (
    <div className="mt-4 empty:hidden">
      <WaitingUploads
        entries={entries}
        describe={(entry) => {
          const show = queuedShowOf(entry);
          const kind = show?.kind === 'live_auction' ? 'Live auction' : 'Live show';
          const start = show?.body.scheduledStartTime;
          return {
            detail: start ? `${kind} · ${formatLagosTime(start)}` : kind,
            photo: show?.body.coverImage ?? null,
          };
        }}
      />
    </div>
  );
}
