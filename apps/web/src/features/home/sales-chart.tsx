import { lagosWeekdayDayMonth, lagosWeekdayShort } from '@/lib/lagos-date';
import { formatNaira } from '@/lib/money';

/*
 * Seven days of paid sales as bars, drawn by hand in SVG: a charting library would weigh more than
 * the whole Home screen. The figures are also in a visually hidden table for screen readers.
 */

const W = 280;
const H = 120;
const GAP = 8;
// Noon in Lagos, so the day named is the date's whatever the phone's time zone.
const atNoon = (date: string) => new Date(`${date}T12:00:00+01:00`);

/**
 * What stands in for the chart while its figures load: the chart's own size (its drawing's aspect
 * ratio and the caption's line), so nothing below moves when it arrives (issue 20, CLS).
 */
export function SalesChartPlaceholder() {
  return (
    <div aria-hidden>
      <div className="w-full animate-pulse rounded bg-line" style={{ aspectRatio: `${W} / ${H + 18}` }} />
      <div className="mt-1 h-4" />
    </div>
  );
}

export function SalesChart({ days }: { days: ReadonlyArray<{ date: string; total: number }> }) {
  const max = Math.max(0, ...days.map((d) => d.total));
  const barWidth = days.length > 0 ? (W - GAP * (days.length - 1)) / days.length : 0;
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H + 18}`} className="h-auto w-full" aria-hidden>
        <line x1={0} x2={W} y1={H} y2={H} className="stroke-line" />
        {days.map((day, i) => {
          const height = max > 0 ? Math.max(day.total > 0 ? 3 : 0, (day.total / max) * (H - 6)) : 0;
          const x = i * (barWidth + GAP);
          return (
            <g key={day.date}>
              <rect x={x} y={H - height} width={barWidth} height={height} rx={3} className="fill-brand-600">
                <title>{`${lagosWeekdayDayMonth(atNoon(day.date))}: ${formatNaira(day.total)}`}</title>
              </rect>
              <text
                x={x + barWidth / 2}
                y={H + 14}
                textAnchor="middle"
                className="fill-ink-muted text-[10px]"
              >
                {lagosWeekdayShort(atNoon(day.date))}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-ink-muted text-xs">
        {max > 0 ? `Best day: ${formatNaira(max)}` : 'No paid sales in the last 7 days.'}
      </figcaption>
      <table className="sr-only">
        <caption>Paid sales per day, last 7 days</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{lagosWeekdayDayMonth(atNoon(day.date))}</th>
              <td>{formatNaira(day.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
