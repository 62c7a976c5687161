import type { Replay, ReplayMoment } from '@kasuwa/contracts';
import { Gavel } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatNaira } from '@/lib/money';

/** 83 → '1:23', 3725 → '1:02:05'. */
export function formatReplayTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Where a moment sits on the timeline, as a percentage of the replay (kept inside the bar). */
export function momentPosition(atSeconds: number, durationSeconds: number): number {
  if (!(durationSeconds > 0)) return 0;
  return Math.min(100, Math.max(0, (atSeconds / durationSeconds) * 100));
}

/**
 * A show's replay (issue 21): the video with the browser's own controls (the server answers byte
 * ranges, so seeking works on a phone) and, under it, the timeline of the show with a mark where
 * each product sold; a mark or a row of the list jumps there. Shared by the seller's past show
 * page and the buyers' replay page.
 */
export function ReplayPlayer({
  replay,
  moments,
  title,
}: {
  replay: Replay & { url: string };
  moments: ReplayMoment[];
  title: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState<number | null>(replay.durationSeconds);
  const length = duration ?? replay.durationSeconds ?? 0;

  const seek = (seconds: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = seconds;
    void v.play().catch(() => undefined);
  };

  return (
    <section aria-label="Replay" className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/useMediaCaption: a recording of a live show has no captions. */}
      <video
        ref={video}
        src={replay.url}
        controls
        playsInline
        preload="metadata"
        aria-label={`Replay of ${title}`}
        className="aspect-video w-full rounded-card bg-ink object-contain"
        onLoadedMetadata={(e) => {
          // A browser recording (WebM) carries no length: the server's measure stands in.
          const d = e.currentTarget.duration;
          if (Number.isFinite(d) && d > 0) setDuration(d);
        }}
      />
      {moments.length > 0 && (
        <div>
          <p className="mb-1 text-ink-muted text-xs">Sold during the show</p>
          {/* The marks sit on an inner track inset by half a mark, so one at 0 or at the end stays inside. */}
          <div className="h-6 rounded-full bg-line px-3">
            <div className="relative h-full" data-testid="replay-timeline">
              {moments.map((m) => (
                <button
                  key={m.streamProductId}
                  type="button"
                  onClick={() => seek(m.atSeconds)}
                  aria-label={`Sold: ${m.productName} for ${formatNaira(m.amount)} at ${formatReplayTime(m.atSeconds)}`}
                  title={`${m.productName} · ${formatNaira(m.amount)}`}
                  className="-translate-x-1/2 absolute top-0 flex size-6 items-center justify-center rounded-full bg-brand-600 text-white shadow-card focus-visible:outline-2 focus-visible:outline-brand-700"
                  style={{ left: `${momentPosition(m.atSeconds, length)}%` }}
                >
                  <Gavel className="size-3.5" aria-hidden />
                </button>
              ))}
            </div>
          </div>
          <ol className="mt-3 flex flex-col divide-y divide-line rounded-card bg-surface shadow-card">
            {moments.map((m) => (
              <li key={m.streamProductId}>
                <button
                  type="button"
                  onClick={() => seek(m.atSeconds)}
                  className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-canvas"
                >
                  <span className="w-14 shrink-0 text-ink-muted text-sm tabular-nums">
                    {formatReplayTime(m.atSeconds)}
                  </span>
                  <span className="min-w-0 flex-1 truncate text-ink text-sm">{m.productName}</span>
                  <span className="shrink-0 font-semibold text-ink text-sm">
                    Sold {formatNaira(m.amount)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
