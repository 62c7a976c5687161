import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Card } from '@/features/home/home-overview';
import { ordersOverviewQuery } from '@/features/home/home-queries';
import { SalesChart, SalesChartPlaceholder } from '@/features/home/sales-chart';
import type { ApiClient } from '@/lib/api-client';
import { lagosDayMonth } from '@/lib/lagos-date';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { FitFigure } from '@/ui/fit-figure';

/* The Home screen's sales and orders cards, from GET /api/orders/overview. */

function Figure({
  label,
  value,
  to,
  pending,
}: {
  label: string;
  value: string;
  to?: string;
  pending: boolean;
}) {
  const body = (
    <>
      <dt className="text-ink-muted text-sm">{label}</dt>
      <dd className="mt-1 font-semibold text-ink text-xl tabular-nums">
        {pending ? (
          // One text line high, as a block: an inline box on the baseline made the card taller until
          // the figures came (issue 20, CLS).
          <span aria-hidden className="block h-7 w-20 animate-pulse rounded bg-line" />
        ) : (
          <FitFigure>{value}</FitFigure>
        )}
      </dd>
    </>
  );
  const classes = '@container block rounded-card bg-surface p-4 shadow-card';
  return to ? (
    <Link to={to} className={`${classes} hover:ring-2 hover:ring-brand-200`}>
      <dl>{body}</dl>
    </Link>
  ) : (
    <dl className={classes}>{body}</dl>
  );
}

export function OrdersOverview({ api }: { api: ApiClient }) {
  const query = useQuery(ordersOverviewQuery(api));
  const data = query.data;
  const pending = query.isPending;

  if (query.isError && !data) {
    return (
      <Card title="Sales and orders">
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-ink-muted text-sm">Your sales figures could not be loaded just now.</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <section aria-label="Sales and orders" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Sales today" value={formatNaira(data?.salesToday ?? 0)} pending={pending} />
        <Figure label="This week" value={formatNaira(data?.salesThisWeek ?? 0)} pending={pending} />
        <Figure
          label="Orders to ship"
          value={String(data?.toShip ?? 0)}
          to={`${paths.dashboard.orders}?tab=to_ship`}
          pending={pending}
        />
        <Figure
          label="Awaiting payment"
          value={String(data?.toPay ?? 0)}
          to={`${paths.dashboard.orders}?tab=to_pay`}
          pending={pending}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card title="Sales, last 7 days">
          {pending ? <SalesChartPlaceholder /> : <SalesChart days={data?.dailySales ?? []} />}
        </Card>
        <Card title="Recent orders">
          {pending ? (
            <p className="text-ink-muted text-sm">Loading…</p>
          ) : !data || data.recentOrders.length === 0 ? (
            <p className="text-ink-muted text-sm">
              No orders yet. Go live or share your products: every auction win and Buy now lands here.
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {data.recentOrders.map((order) => (
                <li key={order._id}>
                  <Link
                    to={paths.dashboard.order(order._id)}
                    className="flex min-h-12 items-center gap-3 py-2 hover:bg-canvas"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-ink text-sm">{order.number}</span>
                      <span className="block truncate text-ink-muted text-xs">
                        {order.buyer.name} · {lagosDayMonth(new Date(order.createdAt))}
                      </span>
                    </span>
                    <span className="font-semibold text-sm tabular-nums">{formatNaira(order.total)}</span>
                    <ChevronRight className="size-4 text-ink-subtle" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </section>
  );
}
