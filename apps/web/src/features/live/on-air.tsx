import type { Stream } from '@kasuwa/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CalendarClock, Eye, Radio, ShoppingBag, Timer, Video } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { liveQueries } from '@/features/live/live-queries';
import { replayQueries } from '@/features/live/replay/replay-queries';
import { formatLagosTime } from '@/features/live/show-time';
import { bySoonest } from '@/features/live/use-seller-streams';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { formatElapsed, useNow } from '@/lib/use-now';
import { Button, buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Stat } from '@/ui/stat';

/** The broadcast's figures are read again this often while it is on air. */
export const ON_AIR_REFRESH_MS = 10_000;
const STATUSES = ['live', 'scheduled'] as const;

/** '2 d 3:04:05' / '3:04:05' / '4:05' until a start time; '0:00' once it is due. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = formatElapsed((total % 86_400) * 1000);
  return days > 0 ? `${days} d ${clock}` : clock;
}

/**
 * /dashboard/livestreaming (issue 21): the seller's broadcast while it is on air — title, viewers,
 * time on air and sales so far, with Open studio; otherwise the next scheduled show with a
 * countdown and Go live; otherwise a way to create one.
 */
export function OnAir({ sellerId, api = appApi }: { sellerId: string; api?: ApiClient }) {
  const list = useInfiniteQuery({
    ...liveQueries.sellerStreams(api, sellerId, STATUSES),
    refetchInterval: ON_AIR_REFRESH_MS,
  });
  const now = useNow();
  const streams = list.data?.pages.flatMap((p) => p.streams) ?? [];
  const live = streams.find((s) => s.status === 'live') ?? null;
  const next = streams.filter((s) => s.status === 'scheduled').sort(bySoonest)[0] ?? null;

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
  if (live) return <LiveNow stream={live} now={now} api={api} />;
  if (next) return <NextShow stream={next} now={now} />;
  return (
    <section className="mt-4 flex flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Video className="size-7" aria-hidden />
      </span>
      <h2 className="font-semibold text-ink text-lg">You are not live</h2>
      <p className="max-w-sm text-ink-muted">
        Schedule a show or start one now: your broadcast, its viewers and its sales appear here while it is on
        air.
      </p>
      <Link to={paths.dashboard.liveStreams.liveStream} className={buttonClasses()}>
        Create live show
      </Link>
    </section>
  );
}

function LiveNow({ stream, now, api }: { stream: Stream; now: number; api: ApiClient }) {
  const summary = useQuery({ ...replayQueries.summary(api, stream._id), refetchInterval: ON_AIR_REFRESH_MS });
  const onAir = stream.actualStartTime ? formatElapsed(now - Date.parse(stream.actualStartTime)) : '0:00';
  return (
    <section aria-labelledby="on-air-title" className="mt-4 rounded-card bg-surface p-4 shadow-card sm:p-5">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-danger-600 px-2.5 py-0.5 font-semibold text-white text-xs">
        <Radio className="size-3.5" aria-hidden />
        LIVE
      </p>
      <h2 id="on-air-title" className="mt-2 break-words font-semibold text-ink text-xl leading-snug">
        {stream.title}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Stat
          look="tile"
          icon={<Eye className="size-4" aria-hidden />}
          label="Viewers"
          value={String(stream.viewerCount)}
        />
        <Stat look="tile" icon={<Timer className="size-4" aria-hidden />} label="On air" value={onAir} />
        <Stat
          look="tile"
          icon={<ShoppingBag className="size-4" aria-hidden />}
          label="Sales so far"
          value={summary.data ? formatNaira(summary.data.sales) : '—'}
          className="col-span-2 sm:col-span-1"
        />
      </dl>
      <Link
        to={paths.dashboard.liveStreams.studio(stream._id)}
        className={`${buttonClasses()} mt-4 w-full sm:w-auto`}
      >
        Open studio
      </Link>
    </section>
  );
}

function NextShow({ stream, now }: { stream: Stream; now: number }) {
  const due = Date.parse(stream.scheduledStartTime) - now;
  return (
    <section
      aria-labelledby="next-show-title"
      className="mt-4 rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <p className="flex items-center gap-1.5 text-ink-muted text-sm">
        <CalendarClock className="size-4" aria-hidden />
        Your next show
      </p>
      <h2 id="next-show-title" className="mt-1 break-words font-semibold text-ink text-xl leading-snug">
        {stream.title}
      </h2>
      <p className="text-ink-muted text-sm">{formatLagosTime(stream.scheduledStartTime)}</p>
      <p className="mt-4 text-ink-muted text-xs">{due > 0 ? 'Starts in' : 'Due now'}</p>
      <p className="font-semibold text-3xl text-ink tabular-nums" aria-live="off">
        {formatCountdown(due)}
      </p>
      <Link
        to={paths.dashboard.liveStreams.studio(stream._id)}
        className={`${buttonClasses()} mt-4 w-full sm:w-auto`}
      >
        Go live
      </Link>
    </section>
  );
}
