import { type CohostingResponse, cohostingResponse } from '@kasuwa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChevronRight, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { formatLagosTime } from '@/features/live/show-time';
import type { ApiClient } from '@/lib/api-client';

export const cohostingQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['live-moderation', 'cohosting'] as const,
    queryFn: async ({ signal }): Promise<CohostingResponse> =>
      cohostingResponse.parse(await api.get<unknown>('/live/cohosting', { signal })),
  });

/**
 * Issue 21: the shows other sellers invited this seller to co-host (shown only when there are
 * some); each opens the co-host studio, which runs the product rail.
 */
export function CohostingShows({ api }: { api: ApiClient }) {
  const list = useQuery(cohostingQuery(api));
  const shows = list.data?.shows ?? [];
  if (shows.length === 0) return null;
  return (
    <section aria-labelledby="cohosting" className="mt-6 rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 id="cohosting" className="flex items-center gap-2 font-semibold text-ink text-lg">
        <Users className="size-5 text-brand-700" aria-hidden />
        Shows you co-host
      </h2>
      <ul className="mt-2 divide-y divide-line">
        {shows.map((show) => (
          <li key={show.streamId}>
            <Link
              to={paths.dashboard.liveStreams.cohostStudio(show.streamId)}
              className="flex min-h-14 items-center gap-3 py-2"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-ink">{show.title}</span>
                <span className="block text-ink-muted text-sm">
                  {show.hostStoreName} ·{' '}
                  {show.status === 'live' ? 'Live now' : formatLagosTime(show.scheduledStartTime)}
                </span>
              </span>
              <span className="font-semibold text-brand-700 text-sm">Open co-host studio</span>
              <ChevronRight className="size-4 text-ink-subtle" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
