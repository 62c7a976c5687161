import type { ProductSort, ProductStatistics, ProductStatus } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { useId } from 'react';
import { PRODUCT_SORTS, PRODUCT_STATUSES, sortLabels, statusLabels } from '@/features/products/products-api';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { SearchInput } from '@/ui/search-input';

/** Long enough to skip the keystrokes of a word, short enough to feel instant. */

/** The status tabs, each with its count from the statistics. */
export function StatusTabs({
  value,
  statistics,
  onChange,
}: {
  value: ProductStatus | undefined;
  statistics: ProductStatistics | undefined;
  onChange: (status: ProductStatus | undefined) => void;
}) {
  const tabs: Array<{ status: ProductStatus | undefined; label: string; count: number | undefined }> = [
    { status: undefined, label: 'All', count: statistics?.total },
    ...PRODUCT_STATUSES.map((status) => ({
      status,
      label: statusLabels[status],
      count: statistics?.[status],
    })),
  ];
  return (
    <fieldset className="-mx-1 flex min-w-0 gap-1 overflow-x-auto px-1 pb-1">
      <legend className="sr-only">Status</legend>
      {tabs.map((tab) => {
        const selected = tab.status === value;
        return (
          <button
            key={tab.label}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(tab.status)}
            className={clsx(
              'inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full px-3.5 font-medium text-sm',
              selected ? 'bg-brand-600 text-white' : 'bg-canvas text-ink hover:bg-line',
            )}
          >
            {tab.label}
            {tab.count !== undefined && (
              <span
                className={clsx(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  selected ? 'bg-white/20' : 'bg-surface text-ink-muted',
                )}
              >
                {tab.count}
              </span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The search box (debounced into the URL) and the sort. */
export function Toolbar({
  search,
  onSearch,
  sort,
  onSort,
}: {
  search: string;
  onSearch: (search: string) => void;
  sort: ProductSort;
  onSort: (sort: ProductSort) => void;
}) {
  const searchId = useId();
  const sortId = useId();
  const [text, setText] = useDebouncedSearch(search, onSearch);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <label htmlFor={searchId} className="font-medium text-ink text-sm">
          Search products
        </label>
        <SearchInput
          id={searchId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name or tag"
        />
      </div>
      <div className="flex flex-col gap-1.5 sm:w-56">
        <label htmlFor={sortId} className="font-medium text-ink text-sm">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSort(event.target.value as ProductSort)}
          className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink"
        >
          {PRODUCT_SORTS.map((option) => (
            <option key={option} value={option}>
              {sortLabels[option]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
