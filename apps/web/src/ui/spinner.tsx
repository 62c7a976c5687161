import { clsx } from 'clsx';

type SpinnerSize = 'sm' | 'md' | 'lg';

const sizes: Record<SpinnerSize, string> = { sm: 'size-4', md: 'size-6', lg: 'size-10' };

export interface SpinnerProps {
  /** What is loading, read out by screen readers. */
  label?: string;
  size?: SpinnerSize;
  /** Inside a control that already announces itself as busy (Button), the spinner is decoration only. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading', size = 'md', decorative = false, className }: SpinnerProps) {
  const circle = (
    <svg
      className={clsx('animate-spin', sizes[size], className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) return circle;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {circle}
    </span>
  );
}
