import type { ShowSummary, Stream } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarPlus,
  Eye,
  Film,
  Gavel,
  Gift,
  Receipt,
  ShoppingBag,
  Timer,
  UserPlus,
  Users,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { prepareNextShow } from '@/features/live/replay/next-show';
import { type RecordingStore, recordingStore } from '@/features/live/replay/recording-store';
import { replayQueries } from '@/features/live/replay/replay-queries';
import { type ReplayUploadPhase, useReplayUpload } from '@/features/live/replay/use-replay-upload';
import { SHOW_KIND_LABELS } from '@/features/live/show-kinds';
import { formatLagosTime } from '@/features/live/show-time';
import { ReplayPlayer } from '@/features/live-room/replay-player';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { ProgressBar } from '@/ui/progress-bar';
import { Spinner } from '@/ui/spinner';
import { Stat } from '@/ui/stat';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * One past show (issue 21): its replay with the sold moments on the timeline, the upload of this
 * device's recording when there is one (with its progress), what the show did, and "Schedule the
 * next show like this one", which opens the wizard with the same show a week later.
 */
export function PastShowPage({
  streamId,
  sellerId,
  api = appApi,
  store = recordingStore(),
}: {
  streamId: string;
  sellerId: string;
  api?: ApiClient;
  store?: RecordingStore;
}) {
  const navigate = useNavigate();
  const stream = useQuery(replayQueries.stream(api, streamId));
  const replay = useQuery(replayQueries.replay(api, streamId));
  const summary = useQuery(replayQueries.summary(api, streamId));
  const upload = useReplayUpload({ api, store, streamId });

  if (stream.isPending || summary.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading the show" size="lg" />
      </div>
    );
  }
  if (stream.isError || summary.isError || stream.data.sellerId !== sellerId) {
    return (
      <div
        role="alert"
        className="mt-4 flex flex-col items-start gap-3 rounded-card bg-surface p-5 shadow-card"
      >
        <p className="text-ink">We could not load this show. Check your connection and try again.</p>
        <Button
          variant="secondary"
          onClick={() => {
            void stream.refetch();
            void summary.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  const show = stream.data;
  const scheduleNext = () => {
    prepareNextShow(sellerId, show);
    navigate(
      show.type === 'live_auction'
        ? paths.dashboard.liveStreams.createLiveAuction
        : paths.dashboard.liveStreams.createLiveShow,
    );
  };

  return (
    <div className="mt-2 flex flex-col gap-4 pb-8">
      <Link
        to={paths.dashboard.liveStreams.pastShows}
        className="inline-flex items-center gap-1 self-start text-brand-700 text-sm"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Past Shows
      </Link>
      <header>
        <p className="text-ink-muted text-xs">{SHOW_KIND_LABELS[show.type]}</p>
        <h2 className="break-words font-semibold text-ink text-xl leading-snug">{show.title}</h2>
        <p className="text-ink-muted text-sm">
          <time dateTime={show.actualStartTime ?? show.scheduledStartTime}>
            {formatLagosTime(show.actualStartTime ?? show.scheduledStartTime)}
          </time>
        </p>
      </header>

      <UploadCard phase={upload.phase} onRetry={upload.retry} />
      {replay.data?.replay?.url ? (
        <>
          <ReplayPlayer
            replay={{ ...replay.data.replay, url: replay.data.replay.url }}
            moments={replay.data.moments}
            title={show.title}
          />
          <p className="text-ink-muted text-sm">
            Buyers can watch this replay from your store.{' '}
            <Link to={paths.watchReplay(show._id)} className="text-brand-700 underline">
              Open the buyers’ replay page
            </Link>
          </p>
        </>
      ) : (
        upload.phase.kind !== 'uploading' && <NoReplay show={show} api={api} />
      )}

      <Summary summary={summary.data} />

      <Button onClick={scheduleNext} className="self-stretch sm:self-start">
        <CalendarPlus className="size-4" aria-hidden />
        Schedule the next show like this one
      </Button>
    </div>
  );
}

function UploadCard({ phase, onRetry }: { phase: ReplayUploadPhase; onRetry: () => void }) {
  if (phase.kind === 'uploading') {
    const { sent, total } = phase.progress;
    return (
      <section aria-label="Replay upload" className="rounded-card bg-surface p-4 shadow-card">
        <p className="font-semibold text-ink">Uploading the replay</p>
        <p className="mt-0.5 text-ink-muted text-sm">
          {megabytes(sent)} of {megabytes(total)}. Keep this page open; if the connection drops, it goes on
          from where it stopped.
        </p>
        <ProgressBar value={total > 0 ? sent / total : 0} label="Replay upload" className="mt-3 gap-2" />
      </section>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <section
        role="alert"
        className="flex flex-col items-start gap-3 rounded-card bg-surface p-4 shadow-card"
      >
        <div>
          <p className="font-semibold text-ink">The replay upload stopped</p>
          <p className="mt-0.5 text-ink-muted text-sm">{phase.message}</p>
        </div>
        {phase.progress && (
          <ProgressBar
            value={phase.progress.total > 0 ? phase.progress.sent / phase.progress.total : 0}
            label="Replay upload"
            className="w-full gap-2"
          />
        )}
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </section>
    );
  }
  return null;
}

function NoReplay({ show, api }: { show: Stream; api: ApiClient }) {
  const state = useQuery(replayQueries.upload(api, show._id));
  const status = state.data?.status;
  const [title, text] =
    status === 'recording' || status === 'uploading'
      ? ['The replay is on its way', 'It appears here as soon as the recording has reached us.']
      : status === 'failed'
        ? ['No replay for this show', 'The recording could not be read.']
        : [
            'No replay for this show',
            'Shows are recorded in the studio while you are live and uploaded when you end them, from the same phone or computer.',
          ];
  return (
    <section className="flex flex-col items-center gap-2 rounded-card bg-surface p-6 text-center shadow-card">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Film className="size-6" aria-hidden />
      </span>
      <p className="font-semibold text-ink">{title}</p>
      <p className="max-w-sm text-ink-muted text-sm">{text}</p>
    </section>
  );
}

const count = (n: number) => n.toLocaleString('en-NG');

function Summary({ summary }: { summary: ShowSummary }) {
  return (
    <section aria-labelledby="show-summary">
      <h3 id="show-summary" className="mb-2 font-semibold text-ink text-lg">
        How the show went
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat
          look="card"
          icon={<ShoppingBag className="size-4" aria-hidden />}
          label="Sales"
          value={formatNaira(summary.sales)}
          className="col-span-2 sm:col-span-4"
        />
        <Stat
          look="card"
          icon={<Receipt className="size-4" aria-hidden />}
          label="Orders"
          value={count(summary.orders)}
        />
        <Stat
          look="card"
          icon={<Users className="size-4" aria-hidden />}
          label="Buyers"
          value={count(summary.buyers)}
        />
        <Stat
          look="card"
          icon={<Gavel className="size-4" aria-hidden />}
          label="Bids"
          value={count(summary.bids)}
        />
        <Stat
          look="card"
          icon={<Eye className="size-4" aria-hidden />}
          label="Peak viewers"
          value={count(summary.peakViewers)}
        />
        {summary.giveaways !== null && (
          <Stat
            look="card"
            icon={<Gift className="size-4" aria-hidden />}
            label="Giveaways"
            value={count(summary.giveaways)}
          />
        )}
        <Stat
          look="card"
          icon={<UserPlus className="size-4" aria-hidden />}
          label="New followers"
          value={count(summary.newFollowers)}
        />
        <Stat
          look="card"
          icon={<Timer className="size-4" aria-hidden />}
          label="Duration"
          value={`${summary.durationMinutes} min`}
        />
      </dl>
    </section>
  );
}
