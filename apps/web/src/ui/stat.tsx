import type { ReactNode } from 'react';

/**
 * One figure of a summary — an icon, a label and its value — as a `<dt>`/`<dd>` pair for a `<dl>`.
 * `plain` sits inside a card (a past show's row), `card` is a card of its own (a show's summary),
 * `tile` a tinted tile with a larger value (the show on air).
 */
const LOOKS = {
  plain: { box: '', value: 'text-sm' },
  card: { box: 'rounded-card bg-surface p-3 shadow-card', value: 'truncate' },
  tile: { box: 'rounded-card bg-canvas p-3', value: 'truncate text-lg tabular-nums' },
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
  const { box, value: size } = LOOKS[look];
  return (
    <div className={`min-w-0 ${box} ${className}`}>
      <dt className="flex items-center gap-1.5 text-ink-muted text-xs">
        <span className="text-ink-subtle">{icon}</span>
        {label}
      </dt>
      <dd className={`mt-0.5 font-semibold text-ink ${size}`}>{value}</dd>
    </div>
  );
}
