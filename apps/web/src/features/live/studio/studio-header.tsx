import type { Stream } from '@kasuwa/contracts';
import { Eye, Radio, X } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { formatElapsed } from '@/lib/use-now';

/** The studio's top bar: leave, the show's title, LIVE with the time on air, and the viewers. */
export const StudioHeader = memo(function StudioHeader({
  stream,
  isLive,
  viewerCount,
  now,
  leaveTo = paths.dashboard.liveStreams.scheduledShows,
}: {
  stream: Stream;
  isLive: boolean;
  viewerCount: number;
  now: number;
  /** Where "Leave the studio" goes: the host's scheduled shows, or where a co-host came from. */
  leaveTo?: string;
}) {
  const elapsed =
    isLive && stream.actualStartTime ? formatElapsed(now - Date.parse(stream.actualStartTime)) : null;
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 px-2 sm:px-4">
      <Link
        to={leaveTo}
        aria-label="Leave the studio"
        className="flex size-11 shrink-0 items-center justify-center rounded-control hover:bg-white/10"
      >
        <X className="size-5" aria-hidden />
      </Link>
      <h1 className="min-w-0 flex-1 truncate font-semibold">{stream.title}</h1>
      {isLive ? (
        <span className="flex shrink-0 items-center gap-1.5 rounded-full bg-danger-600 px-2.5 py-1 font-bold text-xs">
          <Radio className="size-3.5" aria-hidden />
          <span>LIVE</span>
          {elapsed && (
            <span role="timer" className="font-semibold tabular-nums" aria-label={`Live for ${elapsed}`}>
              {elapsed}
            </span>
          )}
        </span>
      ) : (
        <span className="shrink-0 rounded-full bg-white/15 px-2.5 py-1 font-semibold text-xs">
          Not live yet
        </span>
      )}
      <span
        role="status"
        aria-live="off"
        className="flex shrink-0 items-center gap-1 text-sm"
        aria-label={`${viewerCount} watching`}
      >
        <Eye className="size-4" aria-hidden />
        <span className="tabular-nums">{viewerCount}</span>
      </span>
    </header>
  );
});
