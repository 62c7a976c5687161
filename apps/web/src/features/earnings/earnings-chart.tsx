import type { EarningsChartResponse } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { type ChartParams, defaultChartParams, type Granularity } from '@/features/earnings/earnings-api';
import { earningsQueries } from '@/features/earnings/earnings-queries';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { BarChart, type BarDatum } from '@/ui/bar-chart';
import { LoadFailed } from '@/ui/list-skeleton';

const GRANULARITIES: { id: Granularity; label: string }[] = [
  { id: 'day', label: 'Day' },
  { id: 'week', label: 'Week' },
  { id: 'month', label: 'Month' },
];

// Noon in Lagos, so the date named is the period's whatever the phone's time zone.
const atNoon = (date: string) => new Date(`${date}T12:00:00+01:00`);
const lagos = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-NG', { ...options, timeZone: 'Africa/Lagos' });
const dayShort = lagos({ day: 'numeric', month: 'short' });
const dayLong = lagos({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const monthShort = lagos({ month: 'short' });
const monthLong = lagos({ month: 'long', year: 'numeric' });
const compact = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});

function periodNames(date: string, granularity: Granularity): { axis: string; full: string } {
  const d = atNoon(date);
  if (granularity === 'month') return { axis: monthShort.format(d), full: monthLong.format(d) };
  if (granularity === 'week') return { axis: dayShort.format(d), full: `Week of ${dayLong.format(d)}` };
  return { axis: dayShort.format(d), full: dayLong.format(d) };
}

export const chartFigures = (point: EarningsChartResponse['points'][number]) =>
  `Sales ${formatNaira(point.sales)} · Fees ${formatNaira(point.fees)} · Refunds ${formatNaira(point.refunds)} · Net ${formatNaira(point.net)}`;

/** Net earnings over time, per day, week or month, between two dates the seller may change. */
export function EarningsChart({ api }: { api: ApiClient }) {
  const [params, setParams] = useState<ChartParams>(() => defaultChartParams('day'));
  const query = useQuery(earningsQueries.chart(api, params));
  const fromId = useId();
  const toId = useId();
  const points = query.data?.points ?? [];
  const net = points.reduce((sum, p) => sum + p.net, 0);
  const data: BarDatum[] = points.map((point) => {
    const names = periodNames(point.date, params.granularity);
    return {
      key: point.date,
      value: point.net,
      axisLabel: names.axis,
      label: names.full,
      details: (
        <dl className="grid grid-cols-2 gap-x-4 tabular-nums sm:grid-cols-4">
          <div>
            <dt className="inline">Sales </dt>
            <dd className="inline text-ink">{formatNaira(point.sales)}</dd>
          </div>
          <div>
            <dt className="inline">Fees </dt>
            <dd className="inline text-ink">{formatNaira(point.fees)}</dd>
          </div>
          <div>
            <dt className="inline">Refunds </dt>
            <dd className="inline text-ink">{formatNaira(point.refunds)}</dd>
          </div>
          <div>
            <dt className="inline">Net </dt>
            <dd className="inline font-semibold text-ink">{formatNaira(point.net)}</dd>
          </div>
        </dl>
      ),
    };
  });
  const dateClasses =
    'min-h-10 w-full rounded-control border border-line-strong bg-surface px-2 text-sm text-ink';

  return (
    <section
      aria-labelledby="earnings-chart-title"
      className="rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="earnings-chart-title" className="font-semibold text-ink text-lg">
          Earnings over time
        </h2>
        <fieldset className="flex rounded-full bg-canvas p-1">
          <legend className="sr-only">Show earnings per</legend>
          {GRANULARITIES.map((g) => (
            <button
              key={g.id}
              type="button"
              aria-pressed={params.granularity === g.id}
              onClick={() => setParams(defaultChartParams(g.id))}
              className={clsx(
                'min-h-9 rounded-full px-4 font-medium text-sm',
                params.granularity === g.id
                  ? 'bg-surface text-ink shadow-sm'
                  : 'text-ink-muted hover:text-ink',
              )}
            >
              {g.label}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:max-w-sm">
        <div className="flex flex-col gap-1">
          <label htmlFor={fromId} className="font-medium text-ink text-xs">
            From
          </label>
          <input
            id={fromId}
            type="date"
            value={params.from}
            max={params.to}
            onChange={(e) => e.target.value && setParams({ ...params, from: e.target.value })}
            className={dateClasses}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={toId} className="font-medium text-ink text-xs">
            To
          </label>
          <input
            id={toId}
            type="date"
            value={params.to}
            min={params.from}
            onChange={(e) => e.target.value && setParams({ ...params, to: e.target.value })}
            className={dateClasses}
          />
        </div>
      </div>
      <div className="mt-4" aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <div className="flex flex-col gap-2">
            <span className="sr-only" role="status">
              Loading the chart
            </span>
            <div aria-hidden className="h-12 animate-pulse rounded-control bg-line" />
            <div aria-hidden className="h-40 animate-pulse rounded-control bg-canvas sm:h-52" />
          </div>
        ) : query.isError && !query.data ? (
          <LoadFailed what="the chart" onRetry={() => void query.refetch()} />
        ) : points.length === 0 || points.every((p) => p.sales === 0 && p.fees === 0 && p.refunds === 0) ? (
          <p className="py-10 text-center text-ink-muted text-sm">No earnings in these dates yet.</p>
        ) : (
          <BarChart
            data={data}
            label="Net earnings per period"
            formatValue={formatNaira}
            formatAxisValue={(v) => compact.format(v)}
            maxAxisLabels={params.granularity === 'day' ? 6 : 7}
            hint={
              <>
                Net <span className="font-semibold text-ink">{formatNaira(net)}</span> in these dates. Tap a
                bar to see its figures.
              </>
            }
          />
        )}
      </div>
    </section>
  );
}
