import type { ReturnTab, SellerReturnsResponse } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Search, Undo2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_RETURN_TAB_TEXT, RETURN_TAB_TEXT, RETURN_TABS } from '@/features/returns/return-labels';
import { ReturnRows } from '@/features/returns/return-list';
import {
  RETURNS_PAGE_SIZE,
  type ReturnListParams,
  readReturnParams,
  writeReturnParams,
} from '@/features/returns/returns-api';
import { returnQueries } from '@/features/returns/returns-queries';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { Button } from '@/ui/button';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { Pagination } from '@/ui/pagination';
import { SearchInput } from '@/ui/search-input';
import { type TabItem, TabList } from '@/ui/tabs';

type ReturnTabCounts = SellerReturnsResponse['counts'];

const PANEL_ID = 'returns-panel';
const tabId = (tab: ReturnTab) => `returns-tab-${tab}`;

/** The list state in the URL; `replace` keeps typing in the search box out of the back button's history. */
function useReturnParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readReturnParams(searchParams);
  const setParams = (next: Partial<ReturnListParams>, replace = false) =>
    setSearchParams(writeReturnParams({ ...params, ...next }), { replace });
  return { params, setParams };
}

function ReturnTabs({
  value,
  counts,
  onChange,
}: {
  value: ReturnTab;
  counts: ReturnTabCounts | undefined;
  onChange: (tab: ReturnTab) => void;
}) {
  const items: TabItem<ReturnTab>[] = RETURN_TABS.map((tab) => ({
    id: tab,
    tabId: tabId(tab),
    controls: PANEL_ID,
    label: (
      <>
        {RETURN_TAB_TEXT[tab]}
        {counts && (
          <span
            className={clsx(
              'rounded-full px-1.5 text-xs tabular-nums',
              tab === value ? 'bg-white text-brand-800' : 'bg-surface text-ink-muted',
              // Requests waiting for an answer stand out on the tab that is not open.
              tab === 'requested' && tab !== value && counts[tab] > 0 && 'bg-amber-100 text-amber-900',
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
      label="Return status"
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

function ReturnSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useDebouncedSearch(value, onSearch);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        Search returns
      </label>
      <SearchInput
        id={id}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        placeholder="Return or order no., buyer"
      />
    </div>
  );
}

/** The Returns Center (issue 15): tabs with counts, search, a page of returns, kept fresh while open. */
export function ReturnsPage({ api = appApi }: { api?: ApiClient }) {
  const { params, setParams } = useReturnParams();
  const query = useQuery(returnQueries.list(api, params));
  const data = query.data;

  // A page past the end (after the last return of a tab moved on): show the last page there is.
  const totalPages = data?.pagination.totalPages ?? 0;
  const tooFar = !query.isPlaceholderData && totalPages > 0 && params.page > totalPages;
  useEffect(() => {
    if (tooFar) setParams({ page: totalPages }, true);
  });

  const empty = EMPTY_RETURN_TAB_TEXT[params.tab];
  return (
    <section aria-label="Returns" className="rounded-card bg-surface shadow-card">
      <div className="flex flex-col gap-3 border-line border-b p-4">
        <ReturnTabs
          value={params.tab}
          counts={data?.counts}
          onChange={(tab) => setParams({ tab, page: 1 })}
        />
        <ReturnSearch
          value={params.search ?? ''}
          onSearch={(search) => setParams({ search: search || undefined, page: 1 }, true)}
        />
      </div>
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(params.tab)}
        aria-busy={query.isFetching || undefined}
      >
        {query.isPending ? (
          <ListSkeleton label="Loading returns" />
        ) : query.isError && !data ? (
          <LoadFailed what="your returns" onRetry={() => void query.refetch()} />
        ) : data && data.returns.length === 0 ? (
          params.search ? (
            <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
              <Search className="size-10 text-ink-subtle" aria-hidden />
              <p className="font-semibold text-ink">No returns match “{params.search}”.</p>
              <p className="text-ink-muted text-sm">Try a return or order number, a buyer or a product.</p>
              <Button variant="secondary" onClick={() => setParams({ search: undefined, page: 1 })}>
                Clear search
              </Button>
            </div>
          ) : (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
              <Undo2 className="size-10 text-brand-600" aria-hidden />
              <p className="font-semibold text-ink">{empty.title}</p>
              <p className="max-w-sm text-ink-muted text-sm">{empty.hint}</p>
            </div>
          )
        ) : data ? (
          <ReturnRows returns={data.returns} />
        ) : null}
      </div>
      {data && data.pagination.total > 0 && (
        <Pagination
          page={data.pagination.page}
          totalPages={data.pagination.totalPages}
          total={data.pagination.total}
          limit={RETURNS_PAGE_SIZE}
          onPage={(page) => setParams({ page })}
        />
      )}
    </section>
  );
}
