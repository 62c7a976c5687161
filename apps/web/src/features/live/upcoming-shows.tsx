import { CalendarClock, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { UPCOMING_STATUSES } from '@/features/live/live-queries';
import { SHOW_KIND_LABELS } from '@/features/live/show-kinds';
import { formatLagosTime, relativeTime } from '@/features/live/show-time';
import { bySoonest, useSellerStreams } from '@/features/live/use-seller-streams';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { Spinner } from '@/ui/spinner';

const SHOWN = 3;

/** The next few shows, and the way to all scheduled and past shows (live-stream page and home). */
export function UpcomingShows({
  sellerId,
  api = appApi,
  className = 'mt-6',
  emptyText = 'No shows scheduled. Choose a kind of show above to plan your next one.',
}: {
  sellerId: string;
  api?: ApiClient;
  className?: string;
  emptyText?: string;
}) {
  const list = useSellerStreams(api, sellerId, UPCOMING_STATUSES);
  const upcoming = list.streams.filter((s) => s.status !== 'expired').sort(bySoonest);
  const expired = list.streams.filter((s) => s.status === 'expired').length;

  return (
    <section
      aria-labelledby="upcoming-shows"
      className={`${className} rounded-card bg-surface p-4 shadow-card sm:p-5`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="upcoming-shows" className="font-semibold text-ink text-lg">
          Upcoming shows
        </h2>
        <Link
          to={paths.dashboard.liveStreams.pastShows}
          className="inline-flex min-h-10 items-center font-semibold text-brand-700 text-sm underline"
        >
          Past shows
        </Link>
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading your shows" />
        </div>
      ) : list.isError ? (
        <p className="mt-2 text-ink-muted text-sm">We could not load your shows right now.</p>
      ) : (
        <>
          {expired > 0 && (
            <p className="mt-2 rounded-control bg-danger-50 p-3 text-danger-700 text-sm">
              {expired === 1 ? '1 show was' : `${expired} shows were`} not started in time.{' '}
              <Link to={paths.dashboard.liveStreams.scheduledShows} className="font-semibold underline">
                Reschedule
              </Link>
            </p>
          )}
          {upcoming.length === 0 ? (
            <p className="mt-2 text-ink-muted text-sm">{emptyText}</p>
          ) : (
            <ul className="mt-2 flex flex-col divide-y divide-line">
              {upcoming.slice(0, SHOWN).map((stream) => (
                <li key={stream._id}>
                  <Link
                    to={paths.dashboard.liveStreams.scheduledShows}
                    className="flex min-h-14 items-center gap-3 py-2 hover:bg-canvas"
                  >
                    <CalendarClock className="size-5 shrink-0 text-brand-700" aria-hidden />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-ink">{stream.title}</span>
                      <span className="block text-ink-muted text-sm">
                        {stream.status === 'live'
                          ? `Live now · ${SHOW_KIND_LABELS[stream.type]}`
                          : `${formatLagosTime(stream.scheduledStartTime)} · ${relativeTime(stream.scheduledStartTime)}`}
                      </span>
                    </span>
                    <ChevronRight className="size-4 shrink-0 text-ink-subtle" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={paths.dashboard.liveStreams.scheduledShows}
            className="mt-2 inline-flex min-h-10 items-center font-semibold text-brand-700 text-sm underline"
          >
            All scheduled shows{list.streams.length > 0 ? ` (${list.streams.length})` : ''}
          </Link>
        </>
      )}
    </section>
  );
}
