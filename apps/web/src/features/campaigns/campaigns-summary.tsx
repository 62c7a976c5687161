import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { CampaignResults } from '@/features/campaigns/campaign-results';
import { campaignQueries, campaignTime } from '@/features/campaigns/campaigns-api';
import type { ApiClient } from '@/lib/api-client';
import { buttonClasses } from '@/ui/button';

const count = new Intl.NumberFormat('en-NG');

/**
 * The marketing index's inbox-campaigns card: how many were sent and are scheduled, how many are
 * left today, the follower count, and the last campaign with its results.
 */
export function CampaignsSummary({ api }: { api: ApiClient }) {
  const query = useQuery(campaignQueries.summary(api));
  return (
    <section aria-label="Inbox campaigns" className="rounded-card bg-surface p-5 shadow-card">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold text-ink">
          <Megaphone className="size-5 text-brand-600" aria-hidden />
          Inbox campaigns
        </h2>
        <Link
          to={paths.dashboard.marketing.inboxCampaigns.list}
          className="font-medium text-brand-700 text-sm"
        >
          See all
        </Link>
      </div>
      {query.isPending ? (
        <p className="mt-3 h-16 animate-pulse rounded bg-canvas" role="status">
          <span className="sr-only">Loading campaigns</span>
        </p>
      ) : query.isError ? (
        <p className="mt-3 text-ink-muted text-sm">
          Campaigns could not be loaded.{' '}
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </p>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Sent', query.data.sent],
              ['Scheduled', query.data.scheduled],
              ['Left today', query.data.remainingToday],
              ['Followers', query.data.followers],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-ink-muted text-xs">{label}</dt>
                <dd className="font-semibold text-ink text-xl tabular-nums">{count.format(Number(value))}</dd>
              </div>
            ))}
          </dl>
          {query.data.last ? (
            <div className="rounded-control border border-line p-3">
              <p className="text-ink-muted text-xs">
                Last campaign ·{' '}
                {campaignTime.format(new Date(query.data.last.sentAt ?? query.data.last.scheduledAt))}
              </p>
              <p className="mb-2 truncate font-medium text-ink">{query.data.last.title}</p>
              <CampaignResults results={query.data.last.results} />
            </div>
          ) : (
            <p className="text-ink-muted text-sm">No campaign sent yet.</p>
          )}
          <Link
            to={paths.dashboard.marketing.inboxCampaigns.create}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Create Campaign
          </Link>
        </div>
      )}
    </section>
  );
}
