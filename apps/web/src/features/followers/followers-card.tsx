import type { FollowersSummary } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import type { ApiClient } from '@/lib/api-client';
import { pollEvery } from '@/lib/data-saver';
import { formatCount } from '@/lib/format-count';

/** The seller's followers, refreshed by the `new_follower` notification's invalidation of ['followers']. */
export const followerKeys = { summary: ['followers', 'summary'] as const };

/**
 * The home screen's follower card: how many buyers follow the store and how many joined this week,
 * with the way to reach them (an inbox campaign to followers).
 */
export function FollowersCard({ api }: { api: ApiClient }) {
  const query = useQuery({
    queryKey: followerKeys.summary,
    queryFn: ({ signal }) => api.get<FollowersSummary>('/followers/summary', { signal }),
    refetchOnWindowFocus: true,
    refetchInterval: pollEvery(60_000),
  });
  return (
    <section aria-label="Followers" className="rounded-card bg-surface p-5 shadow-card">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-ink">Followers</h2>
        <Users className="size-5 text-brand-600" aria-hidden />
      </div>
      {query.isPending ? (
        <p className="mt-3 h-9 w-24 animate-pulse rounded bg-canvas" role="status">
          <span className="sr-only">Loading followers</span>
        </p>
      ) : query.isError ? (
        <p className="mt-3 text-ink-muted text-sm">
          Followers could not be loaded.{' '}
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </p>
      ) : (
        <>
          <p className="mt-2 font-bold text-3xl text-ink tabular-nums">{formatCount(query.data.total)}</p>
          <p className="text-ink-muted text-sm">
            {query.data.newThisWeek > 0
              ? `+${formatCount(query.data.newThisWeek)} this week`
              : 'Buyers follow you from your shows and blips.'}
          </p>
          {query.data.total > 0 && (
            <Link
              to={paths.dashboard.marketing.inboxCampaigns.create}
              className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
            >
              Send your followers a campaign
            </Link>
          )}
        </>
      )}
    </section>
  );
}
