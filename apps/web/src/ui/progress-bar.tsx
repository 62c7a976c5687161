import { clsx } from 'clsx';

/** A determinate progress bar with its percentage, for uploads on slow connections. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  /** Done so far, from 0 to 1. */
  value: number;
  label: string;
  className?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={clsx('flex items-center', className ?? 'gap-2')}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-line"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-10 text-right text-ink-muted text-xs tabular-nums">{percent}%</span>
    </div>
  );
}
