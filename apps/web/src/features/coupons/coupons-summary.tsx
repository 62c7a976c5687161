import { useQuery } from '@tanstack/react-query';
import { TicketPercent } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { couponQueries } from '@/features/coupons/coupons-api';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';

/**
 * The marketing index's coupons card: active coupons, uses and the revenue of paid orders that used
 * one, with links to the list and the form. The lead composes it into /dashboard/marketing.
 */
export function CouponsSummary({ api }: { api: ApiClient }) {
  const summary = useQuery(couponQueries.summary(api));
  const s = summary.data;
  return (
    <section aria-labelledby="coupons-summary-title" className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-center gap-2">
        <TicketPercent aria-hidden className="size-5 text-brand-600" />
        <h2 id="coupons-summary-title" className="font-semibold text-ink">
          Coupons
        </h2>
        <Link
          to={paths.dashboard.marketing.coupons.list}
          className="ml-auto font-medium text-brand-700 text-sm"
        >
          See all
        </Link>
      </div>
      {summary.isPending ? (
        <p className="mt-3 text-ink-muted text-sm" role="status">
          Loading…
        </p>
      ) : !s ? (
        <p className="mt-3 text-ink-muted text-sm">
          Coupons could not be loaded.{' '}
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => void summary.refetch()}
          >
            Try again
          </button>
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center tabular-nums">
            <div>
              <dt className="text-ink-muted text-xs">Active</dt>
              <dd className="font-semibold text-ink text-xl">{s.active}</dd>
            </div>
            <div>
              <dt className="text-ink-muted text-xs">Uses</dt>
              <dd className="font-semibold text-ink text-xl">{s.redemptions}</dd>
            </div>
            <div>
              <dt className="text-ink-muted text-xs">Revenue</dt>
              <dd className="font-semibold text-ink text-xl">{formatNaira(s.revenue)}</dd>
            </div>
          </dl>
          {s.scheduled > 0 && (
            <p className="mt-2 text-ink-muted text-sm">{s.scheduled} more scheduled to start.</p>
          )}
          <Link
            to={paths.dashboard.marketing.coupons.create}
            className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-700"
          >
            Create a coupon
          </Link>
        </>
      )}
    </section>
  );
}
