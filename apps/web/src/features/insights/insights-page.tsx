// size: one screen of many small charts and tables over one answer; each part is a small component below
import type { AnalyticsFigure, AnalyticsResponse } from '@kasuwa/contracts';
import { searchStates, stateDisplayName } from '@kasuwa/reference-data';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type CsvSaver, saveCsv as saveCsvFile } from '@/features/insights/csv';
import { type Column, DataTable } from '@/features/insights/data-table';
import { type InsightsParams, paramsFromSearch, searchOfParams } from '@/features/insights/insights-api';
import { RANGES, STATUS_LABEL } from '@/features/insights/insights-labels';
import { insightsQueries } from '@/features/insights/insights-queries';
import { NigeriaMap } from '@/features/insights/nigeria-map';
import type { ApiClient } from '@/lib/api-client';
import { lagosDateTime } from '@/lib/lagos-date';
import { formatNaira } from '@/lib/money';
import { BarChart, type BarDatum } from '@/ui/bar-chart';
import { Button } from '@/ui/button';
import { FitFigure } from '@/ui/fit-figure';
import { LoadFailed } from '@/ui/list-skeleton';

type Data = AnalyticsResponse;

const atNoon = (day: string) => new Date(`${day}T12:00:00+01:00`);
const lagos = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-NG', { ...options, timeZone: 'Africa/Lagos' });
const dayShort = lagos({ day: 'numeric', month: 'short' });
const dayLong = lagos({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const count = new Intl.NumberFormat('en-NG');
const percent = new Intl.NumberFormat('en-NG', { style: 'percent', maximumFractionDigits: 1 });
const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const periodText = (from: string, to: string) =>
  from === to
    ? dayLong.format(atNoon(from))
    : `${dayShort.format(atNoon(from))} – ${dayShort.format(atNoon(to))}`;
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** Analytics & Insights: one period's figures against the period before, its charts and tables. */
export function InsightsPage({ api, saveCsv = saveCsvFile }: { api: ApiClient; saveCsv?: CsvSaver }) {
  const [search, setSearch] = useSearchParams();
  const params = paramsFromSearch(search);
  const query = useQuery(insightsQueries.overview(api, params));
  const choose = (next: InsightsParams) => setSearch(searchOfParams(next), { replace: true });
  const data = query.data;

  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5">
      <RangePicker params={params} onChange={choose} />
      {query.isPending ? (
        <div className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            Loading your figures
          </span>
          <div aria-hidden className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {['a', 'b', 'c', 'd'].map((k) => (
              <div key={k} className="h-24 animate-pulse rounded-card bg-line" />
            ))}
          </div>
          <div aria-hidden className="h-56 animate-pulse rounded-card bg-canvas" />
        </div>
      ) : query.isError && !data ? (
        <LoadFailed what="your figures" onRetry={() => void query.refetch()} />
      ) : data ? (
        <div className="flex min-w-0 flex-col gap-4 sm:gap-5" aria-busy={query.isFetching || undefined}>
          <p className="text-ink-muted text-sm">
            {periodText(data.period.from, data.period.to)}, compared with{' '}
            {periodText(data.period.previousFrom, data.period.previousTo)}. Days are Lagos days.
          </p>
          <Figures data={data} />
          <SalesOverTime data={data} />
          <div className="grid grid-cols-1 gap-4 sm:gap-5 lg:grid-cols-2">
            <OrdersByStatus data={data} />
            <TopProducts data={data} saveCsv={saveCsv} />
          </div>
          <SalesByState data={data} saveCsv={saveCsv} />
          <Shows data={data} saveCsv={saveCsv} />
          <Blips data={data} saveCsv={saveCsv} />
        </div>
      ) : null}
    </div>
  );
}

function RangePicker({
  params,
  onChange,
}: {
  params: InsightsParams;
  onChange: (p: InsightsParams) => void;
}) {
  const today = lagosToday();
  const [custom, setCustom] = useState(() => ({
    from: params.from ?? new Date(Date.parse(today) - 13 * 86_400_000).toISOString().slice(0, 10),
    to: params.to ?? today,
  }));
  const [open, setOpen] = useState(params.range === 'custom');
  const ids = { from: useId(), to: useId() };
  const valid = custom.from !== '' && custom.to !== '' && custom.from <= custom.to;
  const inputClasses =
    'min-h-11 w-full rounded-control border border-line-strong bg-surface px-2 text-base text-ink';
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex min-w-0 flex-wrap gap-1 self-start rounded-2xl bg-surface p-1 shadow-card">
        <legend className="sr-only">Period</legend>
        {RANGES.map((r) => {
          const pressed =
            r.id === 'custom' ? open || params.range === 'custom' : params.range === r.id && !open;
          return (
            <button
              key={r.id}
              type="button"
              aria-pressed={pressed}
              onClick={() => {
                if (r.id === 'custom') setOpen(true);
                else {
                  setOpen(false);
                  onChange({ range: r.id });
                }
              }}
              className={clsx(
                'min-h-10 rounded-xl px-3 font-medium text-sm',
                pressed ? 'bg-brand-600 text-white' : 'text-ink-muted hover:bg-canvas hover:text-ink',
              )}
            >
              {r.label}
            </button>
          );
        })}
      </fieldset>
      {open && (
        <form
          className="grid grid-cols-2 items-end gap-3 sm:flex sm:max-w-xl"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) onChange({ range: 'custom', from: custom.from, to: custom.to });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.from} className="font-medium text-ink text-xs">
              From
            </label>
            <input
              id={ids.from}
              type="date"
              value={custom.from}
              max={custom.to || today}
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              className={inputClasses}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.to} className="font-medium text-ink text-xs">
              To
            </label>
            <input
              id={ids.to}
              type="date"
              value={custom.to}
              min={custom.from}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              className={inputClasses}
            />
          </div>
          <Button type="submit" disabled={!valid} className="col-span-2 sm:col-span-1">
            Show these dates
          </Button>
        </form>
      )}
    </div>
  );
}

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={clsx('min-w-0 rounded-card bg-surface p-4 shadow-card sm:p-5', className)}
    >
      <h2 id={id} className="mb-3 font-semibold text-ink text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** How a figure moved: "▲ 12.5%" in green when up is good, red when up is bad; words for screen readers. */
export function Change({ figure, upIsGood = true }: { figure: AnalyticsFigure; upIsGood?: boolean }) {
  const { current, previous } = figure;
  if (current === null || previous === null)
    return <span className="text-ink-subtle text-xs">No comparison</span>;
  if (previous === 0) {
    return <span className="text-ink-subtle text-xs">{current === 0 ? 'No change' : 'None before'}</span>;
  }
  const change = (current - previous) / Math.abs(previous);
  if (Math.abs(change) < 0.0005) return <span className="text-ink-subtle text-xs">No change</span>;
  const good = change > 0 === upIsGood;
  return (
    <span className={clsx('font-medium text-xs', good ? 'text-brand-700' : 'text-danger-700')}>
      <span aria-hidden>{change > 0 ? '▲' : '▼'} </span>
      <span className="sr-only">{change > 0 ? 'Up' : 'Down'} </span>
      {percent.format(Math.abs(change))}
    </span>
  );
}

type FigureSpec = {
  label: string;
  figure: AnalyticsFigure;
  format: (n: number) => string;
  upIsGood?: boolean;
  note?: string;
};

function Figures({ data }: { data: Data }) {
  const f = data.figures;
  const money = (n: number) => formatNaira(n);
  const specs: FigureSpec[] = [
    { label: 'Sales', figure: f.sales, format: money, note: 'Paid orders, by the day placed' },
    { label: 'Paid orders', figure: f.paidOrders, format: (n) => count.format(n) },
    { label: 'Orders', figure: f.orders, format: (n) => count.format(n), note: 'All orders placed' },
    { label: 'Average order value', figure: f.averageOrderValue, format: money },
    {
      label: 'Conversion',
      figure: f.conversionRate,
      format: (n) => percent.format(n),
      note: `${plural(f.buyers.current ?? 0, 'buyer', 'buyers')} from ${plural(f.viewers.current ?? 0, 'viewer', 'viewers')}`,
    },
    {
      label: 'New customers',
      figure: f.newCustomers,
      format: (n) => count.format(n),
      note: 'First order with you',
    },
    {
      label: 'Returning customers',
      figure: f.returningCustomers,
      format: (n) => count.format(n),
      note: 'Bought from you before',
    },
    {
      label: 'Refunds',
      figure: f.refunds,
      format: money,
      upIsGood: false,
      note: plural(f.refundCount.current ?? 0, 'refund', 'refunds'),
    },
  ];
  return (
    <section aria-label="Key figures">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {specs.map((s) => (
          <li
            key={s.label}
            className="@container flex flex-col gap-1 rounded-card bg-surface p-3 shadow-card sm:p-4"
          >
            <span className="text-ink-muted text-xs sm:text-sm">{s.label}</span>
            <span className="font-semibold text-ink text-lg tabular-nums sm:text-xl">
              <FitFigure>{s.figure.current === null ? '—' : s.format(s.figure.current)}</FitFigure>
            </span>
            <span className="flex flex-wrap items-center gap-x-1.5 text-ink-subtle text-xs">
              <Change figure={s.figure} upIsGood={s.upIsGood ?? true} />
              {s.figure.previous !== null && s.figure.previous !== 0 && (
                <span>vs {s.format(s.figure.previous)}</span>
              )}
            </span>
            {s.note && <span className="text-ink-subtle text-xs">{s.note}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SalesOverTime({ data }: { data: Data }) {
  const points = data.salesOverTime;
  const bars: BarDatum[] = points.map((p) => ({
    key: p.day,
    value: p.sales,
    axisLabel: dayShort.format(atNoon(p.day)),
    label: dayLong.format(atNoon(p.day)),
    details: (
      <span className="tabular-nums">
        Sales <span className="font-semibold text-ink">{formatNaira(p.sales)}</span> ·{' '}
        {plural(p.orders, 'order', 'orders')} · the same day before {formatNaira(p.previousSales)}
      </span>
    ),
  }));
  const empty = points.every((p) => p.sales === 0 && p.orders === 0);
  return (
    <Card title="Sales over time">
      {empty ? (
        <p className="py-8 text-center text-ink-muted text-sm">No orders in these dates yet.</p>
      ) : (
        <BarChart
          data={bars}
          label="Sales per day"
          formatValue={formatNaira}
          formatAxisValue={(v) => compactNaira.format(v)}
          maxAxisLabels={6}
          hint={<>{formatNaira(data.figures.sales.current ?? 0)} in these dates. Tap a bar to see its day.</>}
        />
      )}
    </Card>
  );
}

/** Horizontal bars with their figures written beside them: readable at 390 px, no library. */
function Bars({
  rows,
  label,
}: {
  rows: { key: string; name: string; value: number; text: string; muted?: boolean }[];
  label: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {rows.map((r) => (
        <li key={r.key} className="flex flex-col gap-1">
          <span className="flex justify-between gap-2 text-sm">
            <span className="truncate text-ink">{r.name}</span>
            <span className="shrink-0 text-ink-muted tabular-nums">{r.text}</span>
          </span>
          <span aria-hidden className="h-2.5 overflow-hidden rounded-full bg-canvas">
            <span
              className={clsx('block h-full rounded-full', r.muted ? 'bg-ink-subtle' : 'bg-brand-500')}
              style={{ width: `${(r.value / max) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}

function OrdersByStatus({ data }: { data: Data }) {
  const total = data.ordersByStatus.reduce((s, r) => s + r.orders, 0);
  return (
    <Card title="Orders by status">
      {total === 0 ? (
        <p className="py-6 text-center text-ink-muted text-sm">No orders in these dates yet.</p>
      ) : (
        <Bars
          label="Orders placed in these dates by where they are now"
          rows={data.ordersByStatus.map((r) => ({
            key: r.status,
            name: STATUS_LABEL[r.status],
            value: r.orders,
            text: `${count.format(r.orders)} · ${percent.format(r.orders / total)}`,
            // Orders that came to nothing are grey, not the green of the ones going ahead.
            muted: r.status === 'cancelled' || r.status === 'other',
          }))}
        />
      )}
    </Card>
  );
}

type ProductRow = Data['topProducts'][number];
const productColumns: Column<ProductRow>[] = [
  { header: 'Product', cell: (r) => r.name, csv: (r) => r.name },
  { header: 'Units', cell: (r) => count.format(r.units), csv: (r) => r.units, numeric: true },
  { header: 'Sales (₦)', cell: (r) => formatNaira(r.sales), csv: (r) => r.sales, numeric: true },
];

const fileName = (what: string, data: Data) => `kasuwa-${what}-${data.period.from}-to-${data.period.to}.csv`;

function TopProducts({ data, saveCsv }: { data: Data; saveCsv: CsvSaver }) {
  return (
    <Card title="Top products">
      {data.topProducts.length === 0 ? (
        <p className="py-6 text-center text-ink-muted text-sm">No paid orders in these dates yet.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <Bars
            label="Top products by sales"
            rows={data.topProducts.slice(0, 5).map((r) => ({
              key: r.name,
              name: r.name,
              value: r.sales,
              text: formatNaira(r.sales),
            }))}
          />
          <DataTable
            caption="Top products by sales"
            columns={productColumns}
            rows={data.topProducts}
            rowKey={(r) => r.name}
            fileName={fileName('top-products', data)}
            saveCsv={saveCsv}
          />
        </div>
      )}
    </Card>
  );
}

type StateRow = { state: string; displayName: string; sales: number; orders: number };
const stateColumns: Column<StateRow>[] = [
  { header: 'State', cell: (r) => r.displayName, csv: (r) => r.displayName },
  { header: 'Paid orders', cell: (r) => count.format(r.orders), csv: (r) => r.orders, numeric: true },
  { header: 'Sales (₦)', cell: (r) => formatNaira(r.sales), csv: (r) => r.sales, numeric: true },
];

function SalesByState({ data, saveCsv }: { data: Data; saveCsv: CsvSaver }) {
  const known = new Map(searchStates('nigeria').map((s) => [s.name.toLowerCase(), s]));
  const rows: StateRow[] = data.salesByState.map((r) => {
    const state = known.get(r.state.toLowerCase());
    return {
      ...r,
      displayName:
        r.state === '' ? 'No address (store pickup or not given)' : stateDisplayName(state?.name ?? r.state),
    };
  });
  const onMap = rows.filter((r) => known.has(r.state.toLowerCase()));
  const top = rows[0];
  const summary = top
    ? `Map of Nigeria's states shaded by sales in these dates; most in ${top.displayName} (${formatNaira(top.sales)}). The table lists every state.`
    : 'Map of Nigeria with no sales in these dates.';
  return (
    <Card title="Sales by state">
      <div className="grid min-w-0 grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <NigeriaMap states={onMap} summary={summary} />
        {rows.length === 0 ? (
          <p className="py-6 text-center text-ink-muted text-sm">No paid orders in these dates yet.</p>
        ) : (
          <DataTable
            caption="Sales by state"
            columns={stateColumns}
            rows={rows}
            rowKey={(r) => r.state || '-'}
            fileName={fileName('sales-by-state', data)}
            saveCsv={saveCsv}
          />
        )}
      </div>
    </Card>
  );
}

type ShowRow = Data['shows'][number];
const showColumns: Column<ShowRow>[] = [
  { header: 'Show', cell: (r) => r.title, csv: (r) => r.title },
  { header: 'Started', cell: (r) => lagosDateTime(r.startedAt), csv: (r) => r.startedAt },
  { header: 'Minutes', cell: (r) => count.format(r.minutes), csv: (r) => r.minutes, numeric: true },
  { header: 'Viewers', cell: (r) => count.format(r.viewers), csv: (r) => r.viewers, numeric: true },
  { header: 'Commenters', cell: (r) => count.format(r.commenters), csv: (r) => r.commenters, numeric: true },
  { header: 'Bidders', cell: (r) => count.format(r.bidders), csv: (r) => r.bidders, numeric: true },
  { header: 'Buyers', cell: (r) => count.format(r.buyers), csv: (r) => r.buyers, numeric: true },
  {
    header: 'Peak viewers',
    cell: (r) => count.format(r.peakViewers),
    csv: (r) => r.peakViewers,
    numeric: true,
  },
  { header: 'Revenue (₦)', cell: (r) => formatNaira(r.revenue), csv: (r) => r.revenue, numeric: true },
  {
    header: 'Revenue per minute (₦)',
    cell: (r) => formatNaira(r.revenuePerMinute),
    csv: (r) => r.revenuePerMinute,
    numeric: true,
  },
];

/** One show's funnel: each step's bar as wide as its share of the viewers. */
function Funnel({ steps, label }: { steps: { name: string; value: number }[]; label: string }) {
  const top = Math.max(1, steps[0]?.value ?? 0);
  return (
    <ol aria-label={label} className="flex flex-col gap-1.5">
      {steps.map((s, i) => (
        <li key={s.name} className="grid grid-cols-[6.5rem_1fr] items-center gap-2 text-sm">
          <span className="text-ink-muted">{s.name}</span>
          <span className="flex items-center gap-2">
            <span
              aria-hidden
              className={clsx(
                'h-5 rounded-sm',
                i === 0 ? 'bg-brand-700' : i === steps.length - 1 ? 'bg-brand-500' : 'bg-brand-600',
              )}
              style={{ width: `${Math.max(2, (s.value / top) * 75)}%` }}
            />
            <span className="text-ink tabular-nums">
              {count.format(s.value)}
              {i > 0 && top > 0 && (steps[0]?.value ?? 0) > 0 && (
                <span className="text-ink-subtle"> · {percent.format(s.value / top)}</span>
              )}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Shows({ data, saveCsv }: { data: Data; saveCsv: CsvSaver }) {
  return (
    <Card title="Live shows">
      {data.shows.length === 0 ? (
        <p className="py-6 text-center text-ink-muted text-sm">No live shows in these dates.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {data.shows.slice(0, 4).map((s) => (
              <li key={s.id} className="flex flex-col gap-2 rounded-control border border-line p-3">
                <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-medium text-ink">{s.title}</span>
                  <span className="text-ink-subtle text-xs">{lagosDateTime(s.startedAt)}</span>
                </span>
                <Funnel
                  label={`Funnel of ${s.title}`}
                  steps={[
                    { name: 'Viewers', value: s.viewers },
                    { name: 'Commenters', value: s.commenters },
                    { name: 'Bidders', value: s.bidders },
                    { name: 'Buyers', value: s.buyers },
                  ]}
                />
                <span className="text-ink-muted text-xs tabular-nums">
                  Peak {count.format(s.peakViewers)} watching · {formatNaira(s.revenue)} in{' '}
                  {count.format(s.minutes)} min · {formatNaira(s.revenuePerMinute)} a minute
                </span>
              </li>
            ))}
          </ul>
          <DataTable
            caption="Live shows: funnel and revenue"
            columns={showColumns}
            rows={data.shows}
            rowKey={(r) => r.id}
            fileName={fileName('live-shows', data)}
            saveCsv={saveCsv}
          />
        </div>
      )}
    </Card>
  );
}

type BlipRow = Data['blips'][number];
const blipColumns: Column<BlipRow>[] = [
  { header: 'Blip', cell: (r) => r.caption || r.productName, csv: (r) => r.caption || r.productName },
  { header: 'Product', cell: (r) => r.productName, csv: (r) => r.productName },
  { header: 'Views', cell: (r) => count.format(r.views), csv: (r) => r.views, numeric: true },
  { header: 'Likes', cell: (r) => count.format(r.likes), csv: (r) => r.likes, numeric: true },
  { header: 'Orders', cell: (r) => count.format(r.orders), csv: (r) => r.orders, numeric: true },
];

function Blips({ data, saveCsv }: { data: Data; saveCsv: CsvSaver }) {
  const totals = data.blips.reduce(
    (t, b) => ({ views: t.views + b.views, likes: t.likes + b.likes, orders: t.orders + b.orders }),
    { views: 0, likes: 0, orders: 0 },
  );
  return (
    <Card title="Blips">
      {data.blips.length === 0 ? (
        <p className="py-6 text-center text-ink-muted text-sm">No blips yet. Post one from Product Blips.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-ink-muted text-sm">Your most watched blips since they were posted.</p>
          <Funnel
            label="All these blips: views, likes and orders"
            steps={[
              { name: 'Views', value: totals.views },
              { name: 'Likes', value: totals.likes },
              { name: 'Orders', value: totals.orders },
            ]}
          />
          <DataTable
            caption="Blips: views, likes and orders"
            columns={blipColumns}
            rows={data.blips}
            rowKey={(r) => r.id}
            fileName={fileName('blips', data)}
            saveCsv={saveCsv}
          />
        </div>
      )}
    </Card>
  );
}
