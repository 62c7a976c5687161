import { STREAM_MESSAGES, type Stream, type StreamStatus } from '@kasuwa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CalendarClock, CalendarX, ImageOff, Package, Radio } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { SHOW_KIND_LABELS } from '@/features/live/live-draft';
import { liveKeys, UPCOMING_STATUSES } from '@/features/live/live-queries';
import { RescheduleDialog } from '@/features/live/reschedule-dialog';
import { ShareShow } from '@/features/live/share-show';
import { formatLagosTime, relativeTime } from '@/features/live/show-time';
import { errorDescription, startStream } from '@/features/live/streams-api';
import { bySoonest, useSellerStreams } from '@/features/live/use-seller-streams';
import { analytics } from '@/lib/analytics';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';
import { LoadMoreButton } from '@/ui/load-more-button';
import { MediaImage } from '@/ui/media-image';
import { Spinner } from '@/ui/spinner';

/** Shows still ahead of the seller: running now, waiting for a new time, or scheduled. */

export interface ScheduledShowsProps {
  sellerId: string;
  api?: ApiClient;
}

/** The scheduled-shows page: live, expired and scheduled shows, each with its share link and actions. */
export function ScheduledShows({ sellerId, api = appApi }: ScheduledShowsProps) {
  const list = useSellerStreams(api, sellerId, UPCOMING_STATUSES);
  const [now] = useState(() => new Date());

  if (list.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading your shows" size="lg" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div
        role="alert"
        className="mt-4 flex flex-col items-start gap-3 rounded-card bg-surface p-5 shadow-card"
      >
        <p className="text-ink">We could not load your shows. Check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const live = list.streams.filter((s) => s.status === 'live').sort(bySoonest);
  const expired = list.streams.filter((s) => s.status === 'expired').sort(bySoonest);
  const scheduled = list.streams.filter((s) => s.status === 'scheduled').sort(bySoonest);

  if (list.streams.length === 0) {
    return (
      <section className="mt-4 flex flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <CalendarClock className="size-7" aria-hidden />
        </span>
        <h2 className="font-semibold text-ink text-lg">No scheduled shows</h2>
        <p className="max-w-sm text-ink-muted">
          Schedule a live show or auction, then share its link so buyers are ready when you go live.
        </p>
        <Link to={paths.dashboard.liveStreams.liveStream} className={buttonClasses()}>
          Schedule a show
        </Link>
      </section>
    );
  }

  return (
    <div className="mt-4 flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-ink-muted text-sm">
          Times are Lagos time (WAT).{' '}
          <Link to={paths.dashboard.liveStreams.pastShows} className="font-semibold text-brand-700 underline">
            Past shows
          </Link>
        </p>
        <Link to={paths.dashboard.liveStreams.liveStream} className={buttonClasses({ size: 'sm' })}>
          Schedule a show
        </Link>
      </div>
      <ShowGroup title="Live now" streams={live} sellerId={sellerId} api={api} now={now} />
      <ShowGroup
        title="Expired"
        description="These were not started within 30 minutes of their time. Give them a new time."
        streams={expired}
        sellerId={sellerId}
        api={api}
        now={now}
      />
      <ShowGroup title="Upcoming" streams={scheduled} sellerId={sellerId} api={api} now={now} />
      <LoadMoreButton pages={list}>Load more shows</LoadMoreButton>
    </div>
  );
}

function ShowGroup({
  title,
  description,
  streams,
  sellerId,
  api,
  now,
}: {
  title: string;
  description?: string;
  streams: Stream[];
  sellerId: string;
  api: ApiClient;
  now: Date;
}) {
  if (streams.length === 0) return null;
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div>
        <h2 className="font-semibold text-ink text-lg">
          {title} <span className="font-normal text-ink-muted">({streams.length})</span>
        </h2>
        {description && <p className="text-ink-muted text-sm">{description}</p>}
      </div>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {streams.map((stream) => (
          <li key={stream._id}>
            <ShowCard stream={stream} sellerId={sellerId} api={api} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const statusBadges: Record<StreamStatus, { label: string; className: string; icon: ReactNode }> = {
  live: {
    label: 'Live now',
    className: 'bg-danger-600 text-white',
    icon: <Radio className="size-3.5" aria-hidden />,
  },
  expired: {
    label: 'Expired',
    className: 'bg-danger-50 text-danger-700',
    icon: <CalendarX className="size-3.5" aria-hidden />,
  },
  scheduled: {
    label: 'Scheduled',
    className: 'bg-brand-50 text-brand-800',
    icon: <CalendarClock className="size-3.5" aria-hidden />,
  },
  ended: { label: 'Ended', className: 'bg-canvas text-ink-muted', icon: null },
};

export function StatusBadge({ status }: { status: StreamStatus }) {
  const badge = statusBadges[status];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-xs',
        badge.className,
      )}
    >
      {badge.icon}
      {badge.label}
    </span>
  );
}

function ShowCard({
  stream,
  sellerId,
  api,
  now,
}: {
  stream: Stream;
  sellerId: string;
  api: ApiClient;
  now: Date;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rescheduling, setRescheduling] = useState(false);
  const studio = paths.dashboard.liveStreams.studio(stream._id);
  const productCount = stream.products.length;

  const start = useMutation({
    mutationFn: () => startStream(api, stream._id),
    onSuccess: (answer) => {
      toast.success(STREAM_MESSAGES.started);
      analytics().capture('stream_started', { streamId: answer.stream._id, type: answer.stream.type });
      void queryClient.invalidateQueries({ queryKey: liveKeys.sellerStreams(sellerId) });
      navigate(studio);
    },
    meta: {
      errorToast: STREAM_MESSAGES.startError,
      errorDetail: (error) => errorDescription(error, STREAM_MESSAGES.somethingWentWrong),
    },
  });

  return (
    <article
      aria-labelledby={`show-${stream._id}`}
      className="flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card"
    >
      <div className="flex gap-3 p-4">
        {stream.coverImage ? (
          <MediaImage
            src={stream.coverImage}
            shownAt={{ sizes: '(min-width: 640px) 144px, 112px', width: 112 }}
            className="aspect-video w-28 shrink-0 self-start rounded-control bg-canvas object-cover sm:w-36"
          />
        ) : (
          <span className="flex aspect-video w-28 shrink-0 items-center justify-center self-start rounded-control bg-canvas text-ink-subtle sm:w-36">
            <ImageOff className="size-6" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <StatusBadge status={stream.status} />
            <span className="text-ink-muted text-xs">{SHOW_KIND_LABELS[stream.type]}</span>
          </div>
          <h3 id={`show-${stream._id}`} className="mt-1 break-words font-semibold text-ink leading-snug">
            {stream.title}
          </h3>
          <p className="mt-1 text-ink text-sm">
            <time dateTime={stream.scheduledStartTime}>{formatLagosTime(stream.scheduledStartTime)}</time>
          </p>
          <p className="text-ink-muted text-sm">
            {stream.status === 'live' && stream.actualStartTime
              ? `Started ${relativeTime(stream.actualStartTime, now)}`
              : relativeTime(stream.scheduledStartTime, now)}
            {' · '}
            <Package className="inline size-3.5 align-[-2px]" aria-hidden /> {productCount}{' '}
            {productCount === 1 ? 'product' : 'products'}
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 px-4 pb-4">
        {stream.status !== 'expired' && <ShareShow stream={stream} />}
        <div className="mt-auto flex flex-wrap gap-2">
          {stream.status === 'expired' ? (
            <Button onClick={() => setRescheduling(true)} className="flex-1 sm:flex-none">
              Reschedule
            </Button>
          ) : (
            <>
              <Link
                to={studio}
                className={clsx(buttonClasses({ variant: 'secondary' }), 'flex-1 sm:flex-none')}
              >
                Go to studio
              </Link>
              {stream.status === 'scheduled' && (
                <Button
                  onClick={() => start.mutate()}
                  loading={start.isPending}
                  aria-label={`Start ${stream.title}`}
                  className="flex-1 sm:flex-none"
                >
                  Start
                </Button>
              )}
            </>
          )}
        </div>
      </div>
      {rescheduling && (
        <RescheduleDialog
          stream={stream}
          sellerId={sellerId}
          api={api}
          open={rescheduling}
          onOpenChange={setRescheduling}
        />
      )}
    </article>
  );
}
