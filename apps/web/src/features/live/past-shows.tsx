import { type Stream, streamDurationMinutes } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Eye, FileDown, Film, Gavel, History, Radio, ShoppingBag, Timer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { ENDED_STATUSES, PAST_SHOWS_LIMIT } from '@/features/live/live-queries';
import { SHOW_KIND_LABELS } from '@/features/live/show-kinds';
import { formatLagosTime } from '@/features/live/show-time';
import { useSellerStreams } from '@/features/live/use-seller-streams';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { downloadFile, type FileDownloader } from '@/lib/download-file';
import { formatNaira } from '@/lib/money';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';
import { LoadMoreButton } from '@/ui/load-more-button';
import { MediaImage } from '@/ui/media-image';
import { Spinner } from '@/ui/spinner';
import { Stat } from '@/ui/stat';

/** What a past show achieved; the duration is the rounded time from its actual start to its end (SPEC section 4). */
export function pastShowFigures(stream: Stream) {
  const started = stream.actualStartTime;
  const ended = stream.endedAt;
  const summary = stream.summary;
  return {
    durationMinutes:
      started && ended ? streamDurationMinutes(started, ended) : (summary?.durationMinutes ?? 0),
    peakViewers: summary?.peakViewers ?? stream.peakViewers,
    bidsCount: summary?.bidsCount ?? stream.products.reduce((sum, p) => sum + p.bidsCount, 0),
    salesCount: summary?.salesCount ?? 0,
    salesTotal: summary?.salesTotal ?? 0,
  };
}

const minutesText = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

/** The past-shows page: ended shows, how long they ran, who watched and what sold. */
export function PastShows({
  sellerId,
  api = appApi,
  download = downloadFile,
}: {
  sellerId: string;
  api?: ApiClient;
  download?: FileDownloader;
}) {
  const list = useSellerStreams(api, sellerId, ENDED_STATUSES, PAST_SHOWS_LIMIT);

  if (list.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading your past shows" size="lg" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div
        role="alert"
        className="mt-4 flex flex-col items-start gap-3 rounded-card bg-surface p-5 shadow-card"
      >
        <p className="text-ink">We could not load your past shows. Check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (list.streams.length === 0) {
    return (
      <section className="mt-4 flex flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <History className="size-7" aria-hidden />
        </span>
        <h2 className="font-semibold text-ink text-lg">No past shows yet</h2>
        <p className="max-w-sm text-ink-muted">
          When you end a live show, it appears here with how long it ran, its viewers, bids and sales.
        </p>
        <Link to={paths.dashboard.liveStreams.liveStream} className={buttonClasses()}>
          Schedule a show
        </Link>
      </section>
    );
  }

  const shows = list.streams.map((stream) => ({ stream, figures: pastShowFigures(stream) }));
  const totalSales = shows.reduce((sum, s) => sum + s.figures.salesTotal, 0);
  const totalBids = shows.reduce((sum, s) => sum + s.figures.bidsCount, 0);

  return (
    <div className="mt-4 flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4">
        <Total label="Shows" value={String(shows.length)} />
        <Total label="Bids" value={totalBids.toLocaleString('en-NG')} />
        <Total label="Sales" value={formatNaira(totalSales)} className="col-span-2 sm:col-span-1" />
      </dl>
      <SalesChart shows={shows} />
      <ul className="flex flex-col gap-3">
        {shows.map(({ stream, figures }) => (
          <li key={stream._id}>
            <PastShowCard stream={stream} figures={figures} download={download} />
          </li>
        ))}
      </ul>
      <LoadMoreButton pages={list}>Load more shows</LoadMoreButton>
    </div>
  );
}

function Total({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={clsx('rounded-card bg-surface p-3 shadow-card sm:p-4', className)}>
      <dt className="text-ink-muted text-xs sm:text-sm">{label}</dt>
      <dd className="mt-0.5 truncate font-semibold text-ink sm:text-lg">{value}</dd>
    </div>
  );
}

type Shown = { stream: Stream; figures: ReturnType<typeof pastShowFigures> };

/** Sales per show as bars, the latest ten: which shows sold best at a glance. */
function SalesChart({ shows }: { shows: Shown[] }) {
  const recent = shows.slice(0, 10);
  const max = Math.max(...recent.map((s) => s.figures.salesTotal), 0);
  if (max === 0) return null;
  return (
    <section aria-labelledby="sales-chart" className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 id="sales-chart" className="font-semibold text-ink text-lg">
        Sales per show
      </h2>
      <ul className="mt-3 flex flex-col gap-2.5">
        {recent.map(({ stream, figures }) => (
          <li
            key={stream._id}
            className="grid grid-cols-[minmax(0,7rem)_1fr] items-center gap-3 sm:grid-cols-[minmax(0,12rem)_1fr]"
          >
            <span className="truncate text-ink text-sm">{stream.title}</span>
            <span className="flex items-center gap-2">
              <span
                aria-hidden
                className="h-4 rounded-r bg-brand-500"
                style={{
                  width: `${Math.max(figures.salesTotal > 0 ? 2 : 0, (figures.salesTotal / max) * 70)}%`,
                }}
              />
              <span className="whitespace-nowrap text-ink-muted text-xs tabular-nums">
                {formatNaira(figures.salesTotal)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The show's path for the packing list PDF (apps/server modules/shipping, docs/shipping.md). */
export const packingListPath = (streamId: string) =>
  `/streams/${encodeURIComponent(streamId)}/packing-list.pdf`;

/** The show's paid orders grouped by buyer, as a PDF to pack from; fetched with the seller's token. */
function PackingList({ stream, download }: { stream: Stream; download: FileDownloader }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(packingListPath(stream._id), `packing-list-${stream._id.slice(0, 8)}.pdf`);
    } catch (error) {
      toast.error('Could not download the packing list', apiErrorDetail(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      onClick={() => void run()}
      aria-label={`Packing list for ${stream.title}`}
    >
      <FileDown className="size-4" aria-hidden />
      Packing list
    </Button>
  );
}

function PastShowCard({ stream, figures, download }: Shown & { download: FileDownloader }) {
  return (
    <article aria-labelledby={`past-${stream._id}`} className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex gap-3">
        {stream.coverImage ? (
          <MediaImage
            src={stream.coverImage}
            shownAt={{ sizes: '(min-width: 640px) 128px, 96px', width: 96 }}
            className="aspect-video w-24 shrink-0 self-start rounded-control object-cover sm:w-32"
          />
        ) : (
          // No cover: the show's mark on the brand's tint, where a crossed-out picture read as broken.
          <span className="flex aspect-video w-24 shrink-0 items-center justify-center self-start rounded-control bg-brand-50 text-brand-600 sm:w-32">
            <Radio className="size-6" aria-hidden />
          </span>
        )}
        <div className="min-w-0">
          <p className="text-ink-muted text-xs">{SHOW_KIND_LABELS[stream.type]}</p>
          <h3 id={`past-${stream._id}`} className="break-words font-semibold text-ink leading-snug">
            {stream.title}
          </h3>
          <p className="text-ink-muted text-sm">
            <time dateTime={stream.actualStartTime ?? stream.scheduledStartTime}>
              {formatLagosTime(stream.actualStartTime ?? stream.scheduledStartTime)}
            </time>
          </p>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 border-line border-t pt-3 sm:grid-cols-4">
        <Stat
          icon={<Timer className="size-4" aria-hidden />}
          label="Duration"
          value={minutesText(figures.durationMinutes)}
        />
        <Stat
          icon={<Eye className="size-4" aria-hidden />}
          label="Peak viewers"
          value={String(figures.peakViewers)}
        />
        <Stat
          icon={<Gavel className="size-4" aria-hidden />}
          label="Bids"
          value={String(figures.bidsCount)}
        />
        <Stat
          icon={<ShoppingBag className="size-4" aria-hidden />}
          label="Sales"
          value={`${figures.salesCount} · ${formatNaira(figures.salesTotal)}`}
        />
      </dl>
      <div className="mt-3 flex flex-col gap-2 border-line border-t pt-3 sm:flex-row sm:flex-wrap sm:justify-end">
        <Link
          to={paths.dashboard.liveStreams.pastShow(stream._id)}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          aria-label={`Replay and summary of ${stream.title}`}
        >
          <Film className="size-4" aria-hidden />
          Replay and summary
        </Link>
        <PackingList stream={stream} download={download} />
      </div>
    </article>
  );
}
