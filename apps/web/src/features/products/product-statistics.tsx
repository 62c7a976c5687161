import type { ProductStatistics } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { formatNaira } from '@/lib/money';

const statisticCards: Array<{ key: keyof Omit<ProductStatistics, 'totalStockValue'>; label: string }> = [
  { key: 'total', label: 'Total products' },
  { key: 'active', label: 'Active' },
  { key: 'draft', label: 'Drafts' },
  { key: 'out_of_stock', label: 'Out of stock' },
  { key: 'archived', label: 'Archived' },
];

export function StatisticsCards({ statistics }: { statistics: ProductStatistics | undefined }) {
  return (
    <section aria-label="Product statistics">
      <dl className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-7">
        {statisticCards.map(({ key, label }) => (
          <Statistic key={key} label={label} value={statistics ? String(statistics[key]) : undefined} />
        ))}
        <Statistic
          label="Total stock value"
          value={statistics ? formatNaira(statistics.totalStockValue) : undefined}
          wide
        />
      </dl>
    </section>
  );
}

function Statistic({ label, value, wide }: { label: string; value: string | undefined; wide?: boolean }) {
  return (
    <div
      className={clsx(
        'flex flex-col-reverse justify-end rounded-card bg-surface p-3 shadow-card sm:p-4',
        wide && 'col-span-3 sm:col-span-1 lg:col-span-2',
      )}
    >
      <dt className="text-ink-muted text-xs sm:text-sm">{label}</dt>
      <dd className="font-bold text-ink text-lg tabular-nums sm:text-xl">
        {value ?? (
          // A block one text line high (28 px): an inline box on the baseline made the tile 9 px
          // taller until the figures came, and everything below jumped (issue 20, CLS).
          <span className="block h-7 w-12 animate-pulse rounded bg-line">
            <span className="sr-only">Loading</span>
          </span>
        )}
      </dd>
    </div>
  );
}
