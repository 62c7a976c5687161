import type { OrderSort, OrderTab, OrderTabCounts } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { ORDER_SORT_TEXT, ORDER_SORTS, ORDER_TAB_TEXT, ORDER_TABS } from '@/features/orders/order-labels';
import type { OrderListParams } from '@/features/orders/orders-api';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { SearchInput } from '@/ui/search-input';
import { type TabItem, TabList } from '@/ui/tabs';

/** Long enough to skip the keystrokes of a word, short enough to feel instant. */

export const ORDERS_PANEL_ID = 'orders-panel';
export const orderTabId = (tab: OrderTab) => `orders-tab-${tab}`;

/** The state tabs, each with its count (the seller's orders, not narrowed by the search). */
export function OrderTabs({
  value,
  counts,
  onChange,
}: {
  value: OrderTab;
  counts: OrderTabCounts | undefined;
  onChange: (tab: OrderTab) => void;
}) {
  const items: TabItem<OrderTab>[] = ORDER_TABS.map((tab) => ({
    id: tab,
    tabId: orderTabId(tab),
    controls: ORDERS_PANEL_ID,
    label: (
      <>
        {ORDER_TAB_TEXT[tab]}
        {counts && (
          <span
            className={clsx(
              'rounded-full px-1.5 text-xs tabular-nums',
              tab === value ? 'bg-white text-brand-800' : 'bg-surface text-ink-muted',
            )}
          >
            {counts[tab]}
          </span>
        )}
      </>
    ),
  }));
  return (
    <TabList
      label="Order status"
      items={items}
      selected={value}
      onSelect={onChange}
      className="-mx-1 flex min-w-0 gap-1 overflow-x-auto px-1 pb-1"
      tabClassName={(selected) =>
        clsx(
          'inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full px-3.5 font-medium text-sm',
          selected ? 'bg-brand-600 text-white' : 'bg-canvas text-ink hover:bg-line',
        )
      }
    />
  );
}

/** A search box whose text reaches `onSearch` a moment after the seller stops typing. */
export function DebouncedSearch({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useDebouncedSearch(value, onSearch);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <SearchInput
        id={id}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
      />
    </div>
  );
}

const controlClasses =
  'min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink';

function Labelled({
  label,
  children,
  className,
}: {
  label: string;
  children: (id: string) => ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** Search, date range, live show and sort, all kept in the URL by the page. */
export function OrderFilters({
  params,
  shows,
  onChange,
}: {
  params: OrderListParams;
  shows: ReadonlyArray<{ _id: string; title: string }>;
  onChange: (next: Partial<OrderListParams>, replace?: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <DebouncedSearch
        label="Search orders"
        placeholder="Order no., buyer or product"
        value={params.search ?? ''}
        onSearch={(search) => onChange({ search: search || undefined, page: 1 }, true)}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Labelled label="From">
          {(id) => (
            <input
              id={id}
              type="date"
              value={params.from ?? ''}
              max={params.to}
              onChange={(e) => onChange({ from: e.target.value || undefined, page: 1 })}
              className={controlClasses}
            />
          )}
        </Labelled>
        <Labelled label="To">
          {(id) => (
            <input
              id={id}
              type="date"
              value={params.to ?? ''}
              min={params.from}
              onChange={(e) => onChange({ to: e.target.value || undefined, page: 1 })}
              className={controlClasses}
            />
          )}
        </Labelled>
        <Labelled label="Live show">
          {(id) => (
            <select
              id={id}
              value={params.streamId ?? ''}
              onChange={(e) => onChange({ streamId: e.target.value || undefined, page: 1 })}
              className={controlClasses}
            >
              <option value="">All orders</option>
              {shows.map((show) => (
                <option key={show._id} value={show._id}>
                  {show.title}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Sort by">
          {(id) => (
            <select
              id={id}
              value={params.sort}
              onChange={(e) => onChange({ sort: e.target.value as OrderSort, page: 1 })}
              className={controlClasses}
            >
              {ORDER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {ORDER_SORT_TEXT[sort]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      </div>
    </div>
  );
}
