import type { StreamDetailsResponse, StreamReplayResponse } from '@kasuwa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Film } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { ReplayPlayer } from '@/features/live-room/replay-player';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

const path = (streamId: string) => `/streams/${encodeURIComponent(streamId)}`;

/** The buyers' replay page reads: the show and its replay with the sold moments (both public). */
export const watchReplayQueries = {
  stream: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: ['watch-replay', streamId, 'stream'] as const,
      queryFn: ({ signal }) =>
        api.get<StreamDetailsResponse>(path(streamId), { signal, auth: false }).then((r) => r.stream),
    }),
  replay: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: ['watch-replay', streamId, 'replay'] as const,
      queryFn: ({ signal }) =>
        api.get<StreamReplayResponse>(`${path(streamId)}/replay`, { signal, auth: false }),
    }),
};

/**
 * An ended show's replay for buyers (issue 21), public like the watch page: the video with the
 * moments each product sold, so a buyer sees what went and for how much.
 */
export function WatchReplayPage({ streamId, api = appApi }: { streamId: string; api?: ApiClient }) {
  const stream = useQuery(watchReplayQueries.stream(api, streamId));
  const replay = useQuery(watchReplayQueries.replay(api, streamId));
  useDocumentTitle(stream.data ? `Replay · ${stream.data.title}` : 'Replay');

  let body: React.ReactNode;
  if (stream.isPending || replay.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the replay" size="lg" />
      </div>
    );
  } else if (stream.isError || replay.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-card bg-surface p-5 shadow-card">
        <p className="text-ink">We could not load this replay. Check your connection and try again.</p>
        <Button
          variant="secondary"
          onClick={() => {
            void stream.refetch();
            void replay.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    const url = replay.data.replay?.url;
    body = (
      <>
        <header>
          <p className="text-ink-muted text-xs">Replay of a live show</p>
          <h1 className="break-words font-semibold text-ink text-xl leading-snug">{stream.data.title}</h1>
        </header>
        {url && replay.data.replay ? (
          <ReplayPlayer
            replay={{ ...replay.data.replay, url }}
            moments={replay.data.moments}
            title={stream.data.title}
          />
        ) : (
          <section className="flex flex-col items-center gap-2 rounded-card bg-surface p-6 text-center shadow-card">
            <Film className="size-8 text-ink-subtle" aria-hidden />
            <p className="font-semibold text-ink">No replay yet</p>
            <p className="max-w-sm text-ink-muted text-sm">
              {stream.data.status === 'ended'
                ? 'The seller has not shared a replay of this show.'
                : 'A replay can be watched once the show has ended.'}
            </p>
            <Link to={paths.watch(streamId)} className="text-brand-700 text-sm underline">
              Go to the show
            </Link>
          </section>
        )}
      </>
    );
  }
  return <main className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-4 bg-canvas p-4">{body}</main>;
}
