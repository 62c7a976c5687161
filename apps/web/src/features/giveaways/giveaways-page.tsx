import {
  GIVEAWAY_AUDIENCE_LABELS,
  GIVEAWAY_DELIVERY_LABELS,
  type GiveawayStatus,
  type SellerGiveaway,
  variantLabel,
} from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CheckCircle2, Gift, ShieldCheck, Trophy, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { giveawayListQueries } from '@/features/giveaways/giveaways-queries';
import { type DrawCheck, verifyDraw } from '@/features/giveaways/verify-draw';
import type { ApiClient } from '@/lib/api-client';
import { Button, buttonClasses } from '@/ui/button';
import { ListSkeleton } from '@/ui/list-skeleton';
import { fixedSlot, MediaImage } from '@/ui/media-image';

const STATUS_LABELS: Record<GiveawayStatus, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  drawn: 'Winner drawn',
  no_entrants: 'No entrants',
};
const statusColours: Record<GiveawayStatus, string> = {
  scheduled: 'bg-canvas text-ink-muted',
  running: 'bg-danger-600 text-white',
  drawn: 'bg-brand-50 text-brand-800',
  no_entrants: 'bg-amber-100 text-amber-900',
};

const when = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

const itemName = (g: SellerGiveaway) =>
  `${g.quantity > 1 ? `${g.quantity} × ` : ''}${g.productName}${g.variant.length ? ` — ${variantLabel(g.variant)}` : ''}`;

/**
 * Live Giveaways (`/dashboard/live-streams/live-giveaways`, issue 21): the store's giveaways, the
 * ones still to run and the past ones, each with its item, show, entrants, winner, status and the
 * draw's record, which the seller can check in the browser (verify-draw.ts).
 */
export function GiveawaysPage({ api, sellerId }: { api: ApiClient; sellerId: string }) {
  const list = useQuery(giveawayListQueries.list(api, sellerId));
  if (list.isPending) return <ListSkeleton rows={4} label="Loading giveaways" />;
  if (list.isError)
    return (
      <section className="mt-4 rounded-card bg-surface p-5 shadow-card">
        <p className="text-danger-700">Your giveaways could not be loaded.</p>
        <Button className="mt-3" variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </section>
    );
  const all = list.data.giveaways;
  const upcoming = all.filter((g) => g.status === 'scheduled' || g.status === 'running');
  const past = all.filter((g) => g.status === 'drawn' || g.status === 'no_entrants');
  if (all.length === 0) return <Empty />;
  return (
    <div className="mt-4 flex flex-col gap-6">
      <GiveawaySection title="Scheduled and running" giveaways={upcoming} empty="Nothing scheduled." />
      <GiveawaySection title="Past giveaways" giveaways={past} empty="No giveaway has been drawn yet." />
    </div>
  );
}

function Empty() {
  return (
    <section className="mt-4 flex flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Gift className="size-6" aria-hidden />
      </span>
      <h2 className="font-semibold text-ink text-lg">No giveaways yet</h2>
      <p className="max-w-md text-ink-muted text-sm">
        Give a product away during a show to grow your following. Open a show’s studio, tap Giveaway, add an
        item and start it when you are live: viewers enter, and the winner is drawn fairly when the time is
        up.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={paths.dashboard.liveStreams.scheduledShows} className={buttonClasses()}>
          Your scheduled shows
        </Link>
        <Link to={paths.dashboard.liveStreams.liveStream} className={buttonClasses({ variant: 'secondary' })}>
          Set up a show
        </Link>
      </div>
    </section>
  );
}

function GiveawaySection({
  title,
  giveaways,
  empty,
}: {
  title: string;
  giveaways: SellerGiveaway[];
  empty: string;
}) {
  return (
    <section aria-label={title}>
      <h2 className="font-semibold text-ink text-lg">
        {title} <span className="font-normal text-ink-subtle">({giveaways.length})</span>
      </h2>
      {giveaways.length === 0 ? (
        <p className="mt-2 text-ink-muted text-sm">{empty}</p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {giveaways.map((g) => (
            <GiveawayCard key={g.id} giveaway={g} />
          ))}
        </ul>
      )}
    </section>
  );
}

function GiveawayCard({ giveaway: g }: { giveaway: SellerGiveaway }) {
  return (
    <li className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-start gap-3">
        {g.productImage ? (
          <MediaImage
            src={g.productImage}
            shownAt={fixedSlot(56)}
            className="size-14 shrink-0 rounded-control object-cover"
          />
        ) : (
          <span className="flex size-14 shrink-0 items-center justify-center rounded-control bg-canvas text-ink-muted">
            <Gift className="size-6" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">{itemName(g)}</p>
          <p className="truncate text-ink-muted text-sm">
            {g.streamTitle} · {when.format(new Date(g.startedAt ?? g.streamScheduledAt))}
          </p>
        </div>
        <span
          className={clsx('shrink-0 rounded-full px-2.5 py-1 font-semibold text-xs', statusColours[g.status])}
        >
          {STATUS_LABELS[g.status]}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Entrants</dt>
        <dd className="text-right font-medium text-ink">{g.entrantsCount}</dd>
        <dt className="text-ink-muted">Who can enter</dt>
        <dd className="text-right text-ink">{GIVEAWAY_AUDIENCE_LABELS[g.audience]}</dd>
        <dt className="text-ink-muted">Delivery</dt>
        <dd className="text-right text-ink">{GIVEAWAY_DELIVERY_LABELS[g.delivery]}</dd>
        <dt className="text-ink-muted">Winner</dt>
        <dd className="text-right font-medium text-ink">
          {g.winner ? (
            <span className="inline-flex items-center gap-1">
              <Trophy className="size-4 text-amber-600" aria-hidden />
              {g.winner.name}
            </span>
          ) : g.status === 'no_entrants' ? (
            'Nobody entered'
          ) : (
            '—'
          )}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {g.orderId && (
          <Link
            to={paths.dashboard.order(g.orderId)}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            View order
          </Link>
        )}
        {g.streamStatus !== 'ended' && (
          <Link
            to={paths.dashboard.liveStreams.studio(g.streamId)}
            className={buttonClasses({
              variant: g.status === 'running' ? 'primary' : 'secondary',
              size: 'sm',
            })}
          >
            Open studio
          </Link>
        )}
      </div>
      {g.record && g.status !== 'scheduled' && <FairnessRecord giveaway={g} />}
    </li>
  );
}

/** The draw's record, and a check of it in the browser. */
function FairnessRecord({ giveaway: g }: { giveaway: SellerGiveaway }) {
  const [check, setCheck] = useState<DrawCheck | 'checking' | 'failed' | null>(null);
  const record = g.record;
  if (!record) return null;
  const ok = check !== null && typeof check === 'object' && check.seedMatches && check.indexMatches;
  return (
    <details className="rounded-control bg-canvas p-3 text-sm">
      <summary className="flex min-h-10 cursor-pointer items-center gap-2 font-semibold text-ink">
        <ShieldCheck className="size-4 text-brand-700" aria-hidden />
        Fairness record
      </summary>
      <dl className="mt-2 flex flex-col gap-1 break-all font-mono text-ink-muted text-xs">
        <dt className="font-sans font-semibold text-ink">Seed hash (published at the start)</dt>
        <dd>{record.seedHash}</dd>
        <dt className="font-sans font-semibold text-ink">Seed (revealed at the draw)</dt>
        <dd>{record.seed ?? 'Revealed at the draw'}</dd>
        <dt className="font-sans font-semibold text-ink">Entrants hash</dt>
        <dd>{record.entrantsHash ?? '—'}</dd>
        <dt className="font-sans font-semibold text-ink">Winner index</dt>
        <dd>
          {record.winnerIndex === null
            ? '—'
            : `${record.winnerIndex} of ${record.entrantsCount} (counting from 0)`}
        </dd>
      </dl>
      <p className="mt-2 text-ink-muted text-xs">
        Winner index = HMAC-SHA256(seed, entrants hash) mod entrants. The entrants hash is the SHA-256 of the
        entrants’ buyer ids, sorted, one per line.
      </p>
      {record.seed && record.winnerIndex !== null && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={check === 'checking'}
            onClick={() => {
              setCheck('checking');
              verifyDraw(record)
                .then((r) => setCheck(r ?? 'failed'))
                .catch(() => setCheck('failed'));
            }}
          >
            Check the draw
          </Button>
          {check !== null && check !== 'checking' && (
            <span
              role="status"
              className={clsx(
                'inline-flex items-center gap-1 font-semibold',
                ok ? 'text-brand-700' : 'text-danger-700',
              )}
            >
              {ok ? (
                <CheckCircle2 className="size-4" aria-hidden />
              ) : (
                <XCircle className="size-4" aria-hidden />
              )}
              {ok ? 'The draw checks out' : 'The record does not match'}
            </span>
          )}
        </div>
      )}
    </details>
  );
}
