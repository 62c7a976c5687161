import type { Campaign } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Megaphone, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { CampaignResults } from '@/features/campaigns/campaign-results';
import {
  campaignKeys,
  campaignQueries,
  campaignTime,
  cancelCampaign,
  STATUS_TEXT,
} from '@/features/campaigns/campaigns-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { Pagination } from '@/ui/pagination';

const STATUS_TONE: Record<Campaign['status'], string> = {
  scheduled: 'bg-amber-100 text-amber-900',
  sending: 'bg-brand-50 text-brand-800',
  sent: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-canvas text-ink-muted',
};

function CampaignCard({
  campaign,
  onCancel,
  cancelling,
}: {
  campaign: Campaign;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const when = campaign.sentAt ?? campaign.scheduledAt;
  return (
    <li className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-ink">{campaign.title}</h3>
          <p className="text-ink-muted text-sm">
            {campaign.audienceLabel} · {campaign.status === 'scheduled' ? 'Goes out' : 'Sent'}{' '}
            {campaignTime.format(new Date(when))}
          </p>
        </div>
        <span
          className={clsx(
            'shrink-0 rounded-full px-2.5 py-0.5 font-medium text-xs',
            STATUS_TONE[campaign.status],
          )}
        >
          {STATUS_TEXT[campaign.status]}
        </span>
      </div>
      <p className="mt-2 line-clamp-2 text-ink text-sm">{campaign.message}</p>
      {campaign.attachment.label && (
        <p className="mt-1 text-ink-muted text-xs">
          {campaign.attachment.kind === 'coupon'
            ? 'Coupon'
            : campaign.attachment.kind === 'show'
              ? 'Show'
              : 'Product'}
          : {campaign.attachment.label}
        </p>
      )}
      {campaign.status !== 'scheduled' && campaign.status !== 'cancelled' && (
        <div className="mt-3 border-line border-t pt-3">
          <CampaignResults results={campaign.results} />
        </div>
      )}
      {campaign.status === 'scheduled' && (
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={cancelling}>
            Cancel campaign
          </Button>
        </div>
      )}
    </li>
  );
}

/** The seller's inbox campaigns, latest first, each with its results. */
export function CampaignsListPage({ api }: { api: ApiClient }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query = useQuery(campaignQueries.list(api, page));
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: string) => cancelCampaign(api, id),
    onSuccess: (data) => {
      toast.success(data.message);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="mt-1 flex items-center justify-between gap-3">
        <p className="text-ink-muted text-sm">Up to 3 campaigns a day. Buyers can turn off your updates.</p>
        <Link to={paths.dashboard.marketing.inboxCampaigns.create} className={buttonClasses()}>
          <Plus className="size-4" aria-hidden />
          Create Campaign
        </Link>
      </div>
      {query.isPending ? (
        <ListSkeleton rows={3} label="Loading campaigns" />
      ) : query.isError ? (
        <LoadFailed what="campaigns" onRetry={() => void query.refetch()} />
      ) : query.data.campaigns.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
          <Megaphone className="size-10 text-brand-600" aria-hidden />
          <h2 className="font-semibold text-ink">No campaigns yet</h2>
          <p className="max-w-sm text-ink-muted text-sm">
            Tell your followers and past buyers about a new drop, a show or a coupon. It lands in their Kasuwa
            updates and their e-mail.
          </p>
          <Link to={paths.dashboard.marketing.inboxCampaigns.create} className={buttonClasses()}>
            Create Campaign
          </Link>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Campaigns">
            {query.data.campaigns.map((c) => (
              <CampaignCard
                key={c._id}
                campaign={c}
                cancelling={cancel.isPending && cancel.variables === c._id}
                onCancel={() => cancel.mutate(c._id)}
              />
            ))}
          </ul>
          {query.data.pagination.totalPages > 1 && (
            <Pagination
              page={page}
              totalPages={query.data.pagination.totalPages}
              total={query.data.pagination.total}
              limit={20}
              onPage={(next) => setSearch(next === 1 ? {} : { page: String(next) })}
            />
          )}
        </>
      )}
    </div>
  );
}
