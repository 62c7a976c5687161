import type { ReactNode } from 'react';
import { FitFigure } from '@/ui/fit-figure';

/**
 * One figure of a summary — an icon, a label and its value — as a `<dt>`/`<dd>` pair for a `<dl>`.
 * `plain` sits inside a card (a past show's row), `card` is a card of its own (a show's summary),
 * `tile` a tinted tile with a larger value (the show on air). In a card or a tile the value shrinks to
 * the card's width rather than being cut short (FitFigure).
 */
const LOOKS = {
  plain: { box: '', value: 'text-sm', fit: false },
  card: { box: '@container rounded-card bg-surface p-3 shadow-card', value: '', fit: true },
  tile: { box: '@container rounded-card bg-canvas p-3', value: 'text-lg tabular-nums', fit: true },
} as const;

export function Stat({
  icon,
  label,
  value,
  look = 'plain',
  className = '',
}: {
  icon: ReactNode;
  label: string;
  value: string;
  look?: keyof typeof LOOKS;
  className?: string;
}) {
  const { box, value: size, fit } = LOOKS[look];
  return (
    <div className={`min-w-0 ${box} ${className}`}>
      <dt className="flex items-center gap-1.5 text-ink-muted text-xs">
        <span className="text-ink-subtle">{icon}</span>
        {label}
      </dt>
      <dd className={`mt-0.5 font-semibold text-ink ${size}`}>
        {fit ? <FitFigure>{value}</FitFigure> : value}
      </dd>
    </div>
  );
}
