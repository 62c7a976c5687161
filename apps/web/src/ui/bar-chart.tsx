import { clsx } from 'clsx';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react';

/*
 * A small bar chart drawn by hand in SVG: a charting library would weigh more than the screen that
 * shows it on a phone budget. Bars may go below zero (a period with more refunds than sales). Each
 * bar is also a button (one tab stop; the arrow keys move between bars), so a tap, a hover, a drag
 * across the chart or the keyboard picks a bar and the readout above says its figures, which screen
 * readers hear as it changes.
 */

export interface BarDatum {
  key: string;
  value: number;
  /** Under the bar, short: 'Mon', '3 Nov', 'Nov'. */
  axisLabel: string;
  /** The bar's name in full: 'Monday 3 November 2026'. */
  label: string;
  /** What the readout shows for the bar under its name; its formatted value unless given. */
  details?: ReactNode;
}

export interface BarChartProps {
  data: readonly BarDatum[];
  /** Names the chart for screen readers, e.g. 'Net earnings per day'. */
  label: string;
  formatValue: (value: number) => string;
  /** The scale's figures, short: '₦120k'. */
  formatAxisValue?: (value: number) => string;
  /** The readout before any bar is chosen. */
  hint?: ReactNode;
  /** How many axis labels fit under the chart at most; the others are left out. */
  maxAxisLabels?: number;
  className?: string;
}

const SLOT = 10;
const BAR = 7;

export function BarChart({
  data,
  label,
  formatValue,
  formatAxisValue = formatValue,
  hint,
  maxAxisLabels = 7,
  className,
}: BarChartProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const active = chosen !== null && chosen < data.length ? chosen : null;
  const max = Math.max(0, ...data.map((d) => d.value));
  const min = Math.min(0, ...data.map((d) => d.value));
  const span = max - min || 1;
  const zeroY = (max / span) * 100;
  const width = Math.max(1, data.length) * SLOT;
  const labelEvery = Math.max(1, Math.ceil(data.length / maxAxisLabels));
  const labelCount = Math.ceil(data.length / labelEvery);
  const focusIndex = active ?? data.length - 1;

  const move = (index: number) => {
    const next = Math.min(data.length - 1, Math.max(0, index));
    setChosen(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowLeft: focusIndex - 1,
      ArrowRight: focusIndex + 1,
      Home: 0,
      End: data.length - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };
  // A finger dragged across the chart moves the readout with it (the buttons do not see a touch
  // that started on another one).
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || data.length === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const index = Math.floor(((event.clientX - box.left) / box.width) * data.length);
    setChosen(Math.min(data.length - 1, Math.max(0, index)));
  };

  const current = active === null ? null : data[active];
  return (
    <figure className={clsx('flex flex-col gap-2', className)}>
      <div aria-live="polite" className="min-h-12 rounded-control bg-canvas px-3 py-2 text-sm">
        {current ? (
          <>
            <p className="font-semibold text-ink">{current.label}</p>
            <div className="text-ink-muted">{current.details ?? formatValue(current.value)}</div>
          </>
        ) : (
          <div className="text-ink-muted">{hint}</div>
        )}
      </div>
      <div className="relative">
        <div
          aria-hidden
          className="pointer-events-none absolute top-0 left-0 rounded bg-surface/80 px-1 text-[11px] text-ink-subtle tabular-nums"
        >
          {max > 0 ? formatAxisValue(max) : ''}
        </div>
        {min < 0 && (
          <div
            aria-hidden
            className="pointer-events-none absolute bottom-0 left-0 rounded bg-surface/80 px-1 text-[11px] text-ink-subtle tabular-nums"
          >
            {formatAxisValue(min)}
          </div>
        )}
        <svg
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="block h-40 w-full sm:h-52"
          aria-hidden
        >
          <line
            x1={0}
            x2={width}
            y1={0.5}
            y2={0.5}
            className="stroke-line"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
          {data.map((d, i) => {
            const y = ((max - Math.max(d.value, 0)) / span) * 100;
            const h = (Math.abs(d.value) / span) * 100;
            return (
              <rect
                key={d.key}
                x={i * SLOT + (SLOT - BAR) / 2}
                y={d.value >= 0 ? y : zeroY}
                width={BAR}
                // A bar of a small figure beside a large one still shows.
                height={d.value === 0 ? 0 : Math.max(h, 1)}
                rx={1}
                className={clsx(
                  d.value < 0
                    ? i === active
                      ? 'fill-danger-700'
                      : 'fill-danger-600'
                    : i === active
                      ? 'fill-brand-800'
                      : 'fill-brand-600',
                  active !== null && i !== active && 'opacity-60',
                )}
              />
            );
          })}
          <line
            x1={0}
            x2={width}
            y1={zeroY}
            y2={zeroY}
            className="stroke-line-strong"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of bar buttons, not a fieldset of fields. */}
        <div
          role="group"
          aria-label={label}
          onKeyDown={onKeyDown}
          onPointerMove={onPointerMove}
          className="absolute inset-0 flex touch-pan-y"
        >
          {data.map((d, i) => (
            <button
              key={d.key}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              tabIndex={i === focusIndex ? 0 : -1}
              aria-label={`${d.label}: ${formatValue(d.value)}`}
              aria-pressed={i === active}
              onClick={() => setChosen(i)}
              onFocus={() => setChosen(i)}
              onPointerEnter={(event) => {
                if (event.pointerType === 'mouse') setChosen(i);
              }}
              className="h-full flex-1 rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
          ))}
        </div>
      </div>
      <div aria-hidden className="flex text-[11px] text-ink-subtle">
        {data.map((d, i) => (
          <span
            key={d.key}
            // The first and last labels stay inside the chart; the others sit centred under their bar.
            // On a phone every other label is left out when there are more than four: six dates
            // under a 300 px chart ran into each other ("31 Oct5 Nov").
            className={clsx(
              'flex min-w-0 flex-1 whitespace-nowrap',
              i === 0 ? 'justify-start' : i === data.length - 1 ? 'justify-end' : 'justify-center',
              labelCount > 4 && (i / labelEvery) % 2 === 1 && 'max-sm:invisible',
            )}
          >
            {i % labelEvery === 0 ? d.axisLabel : ''}
          </span>
        ))}
      </div>
    </figure>
  );
}
