import { PRODUCT_NAME } from '@kasuwa/contracts';
import { clsx } from 'clsx';

export interface BrandMarkProps {
  /** 'from-sm' drops the wordmark on phones, where the header needs the room for the page title. */
  wordmark?: 'show' | 'hide' | 'from-sm';
  className?: string;
}

/** The app icon (same drawing as public/favicon.svg) with the wordmark. */
export function BrandMark({ wordmark = 'show', className }: BrandMarkProps) {
  const name = `${PRODUCT_NAME} Seller`;
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--color-brand-600)" />
        <path d="M20 24h24l-2.4 22.2A4 4 0 0 1 37.6 50H26.4a4 4 0 0 1-4-3.8Z" fill="#fff" />
        <path
          d="M26 24v-3a6 6 0 0 1 12 0v3"
          fill="none"
          stroke="#fff"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
        <path d="m29 32 8 5-8 5Z" fill="var(--color-brand-600)" />
      </svg>
      {wordmark !== 'hide' && (
        <span
          className={clsx(
            'font-bold text-ink text-lg tracking-tight',
            wordmark === 'from-sm' && 'hidden sm:inline',
          )}
        >
          {PRODUCT_NAME} <span className="font-medium text-brand-700">Seller</span>
        </span>
      )}
      {/* Whenever the wordmark is not on screen, screen readers still get the name. */}
      {wordmark === 'hide' && <span className="sr-only">{name}</span>}
      {wordmark === 'from-sm' && <span className="sr-only sm:hidden">{name}</span>}
    </span>
  );
}
