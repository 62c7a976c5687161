import { clsx } from 'clsx';
import { Button } from '@/ui/button';

const ROWS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Grey rows standing in for a list while it loads, announced once as `label`. */
export function ListSkeleton({
  label,
  rows = 5,
  thumbClassName = 'size-12',
}: {
  label: string;
  rows?: number;
  /** The size of the thumbnail the real rows show, so the page does not jump when they arrive. */
  thumbClassName?: string;
}) {
  return (
    <div className="p-4">
      <span className="sr-only" role="status">
        {label}
      </span>
      <ul aria-hidden className="flex flex-col gap-4">
        {ROWS.slice(0, rows).map((row) => (
          <li key={row} className="flex animate-pulse items-center gap-3">
            <span className={clsx('shrink-0 rounded-control bg-line', thumbClassName)} />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-2/3 rounded bg-line" />
              <span className="h-3 w-1/3 rounded bg-line" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A failed read with its retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <p className="font-semibold text-ink">We could not load {what}.</p>
      <p className="text-ink-muted text-sm">Check your connection and try again.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
