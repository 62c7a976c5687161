import type { OrderSummary } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download, PackageCheck, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BulkShipDialog } from '@/features/orders/bulk-ship-dialog';
import { EMPTY_TAB_TEXT } from '@/features/orders/order-labels';
import { OrderRows, type OrderSelection } from '@/features/orders/order-list';
import {
  ORDERS_PAGE_SIZE,
  type OrderListParams,
  ordersExportPath,
  readOrderParams,
  writeOrderParams,
} from '@/features/orders/orders-api';
import { ORDERS_PANEL_ID, OrderFilters, OrderTabs, orderTabId } from '@/features/orders/orders-filters';
import { orderQueries } from '@/features/orders/orders-queries';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { downloadFile, type FileDownloader, lagosDate } from '@/lib/download-file';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { toast } from '@/lib/toast';
import { useStagedList } from '@/lib/use-staged-list';
import { Button } from '@/ui/button';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { Pagination } from '@/ui/pagination';

export interface OrdersPageProps {
  api?: ApiClient;
  download?: FileDownloader;
  /** The seller's live shows, for the show filter (the route reads them with the live queries). */
  shows?: ReadonlyArray<{ _id: string; title: string }>;
}

/** The list state in the URL; `replace` keeps typing in the search box out of the back button's history. */
function useOrderParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readOrderParams(searchParams);
  const setParams = (next: Partial<OrderListParams>, replace = false) =>
    setSearchParams(writeOrderParams({ ...params, ...next }), { replace });
  return { params, setParams };
}

function useExport(download: FileDownloader, params: OrderListParams) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(ordersExportPath(params), `orders-${lagosDate()}.csv`);
    } catch (error) {
      toast.error('Could not export the orders', apiErrorDetail(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The Orders screen (issue 14): tabs with counts, filters in the URL, a page of orders, bulk ship, CSV. */
export function OrdersPage({ api = appApi, download = downloadFile, shows = [] }: OrdersPageProps) {
  const { params, setParams } = useOrderParams();
  const query = useQuery(orderQueries.list(api, params));
  // A page of orders arrives through useSyncExternalStore, which React draws at once, in one piece;
  // the deferred copy is drawn as a transition, in slices a phone can answer between (issue 20,
  // docs/performance.md). Until it is drawn the loading rows stay.
  const data = useDeferredValue(query.data);
  // The first page's rows below a phone's first screen come a commit later (lib/use-staged-list).
  const rows = useStagedList(data?.orders);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shipOpen, setShipOpen] = useState(false);
  const exporter = useExport(download, params);

  // A page past the end (after shipping the last orders of a tab): show the last page there is.
  const totalPages = query.data?.pagination.totalPages ?? 0;
  const tooFar = !query.isPlaceholderData && totalPages > 0 && params.page > totalPages;
  useEffect(() => {
    if (tooFar) setParams({ page: totalPages }, true);
  });

  // One selection object while the choice stays the same: the rows are memoised, so a render of the
  // screen for something else (the shows arriving, a refetch's flag) draws none of them again.
  const selection: OrderSelection = useMemo(
    () => ({
      selected,
      toggle: (id) =>
        setSelected((current) => {
          const next = new Set(current);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      toggleAll: (ids) =>
        setSelected((current) =>
          ids.every((id) => current.has(id)) ? new Set() : new Set([...current, ...ids]),
        ),
    }),
    [selected],
  );
  // The chosen orders are those of the page on screen: a new page or filter starts a new choice.
  const chosen: OrderSummary[] = data?.orders.filter((o) => selected.has(o._id)) ?? [];
  const filtered = Boolean(params.search || params.from || params.to || params.streamId);
  const empty = EMPTY_TAB_TEXT[params.tab];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted text-sm">Every order, its payment and its delivery.</p>
        <Button
          variant="secondary"
          onClick={() => void exporter.run()}
          loading={exporter.busy}
          aria-busy={exporter.busy || undefined}
        >
          <Download className="size-4" aria-hidden />
          {exporter.busy ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <section aria-label="Orders" className="rounded-card bg-surface shadow-card">
        <div className="flex flex-col gap-3 border-line border-b p-4">
          <OrderTabs
            value={params.tab}
            counts={data?.counts}
            onChange={(tab) => {
              setSelected(new Set());
              setParams({ tab, page: 1 });
            }}
          />
          <OrderFilters
            params={params}
            shows={shows}
            onChange={(next, replace) => {
              setSelected(new Set());
              setParams(next, replace);
            }}
          />
        </div>
        <div
          id={ORDERS_PANEL_ID}
          role="tabpanel"
          aria-labelledby={orderTabId(params.tab)}
          aria-busy={query.isFetching || undefined}
        >
          {data === undefined && !query.isError ? (
            <ListSkeleton label="Loading orders" />
          ) : query.isError && !data ? (
            <LoadFailed what="your orders" onRetry={() => void query.refetch()} />
          ) : data && data.orders.length === 0 ? (
            filtered ? (
              <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
                <Search className="size-10 text-ink-subtle" aria-hidden />
                <p className="font-semibold text-ink">No orders match these filters.</p>
                <p className="text-ink-muted text-sm">Try another word, date or show.</p>
                <Button
                  variant="secondary"
                  onClick={() =>
                    setParams({
                      search: undefined,
                      from: undefined,
                      to: undefined,
                      streamId: undefined,
                      page: 1,
                    })
                  }
                >
                  Clear filters
                </Button>
              </div>
            ) : (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
                <PackageCheck className="size-10 text-brand-600" aria-hidden />
                <p className="font-semibold text-ink">{empty.title}</p>
                <p className="max-w-sm text-ink-muted text-sm">{empty.hint}</p>
              </div>
            )
          ) : data ? (
            <OrderRows orders={rows ?? data.orders} selection={selection} />
          ) : null}
        </div>
        {chosen.length > 0 && (
          // At the foot of the screen while the list scrolls under it (a bar at the top went under
          // the sticky page header), where a thumb reaches it on a phone.
          <section
            aria-label="Selected orders"
            className="sticky bottom-0 z-10 flex items-center justify-between gap-3 border-line border-t bg-brand-50 px-4 py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.08)]"
          >
            <p className="whitespace-nowrap font-medium text-ink text-sm">{chosen.length} selected</p>
            <div className="flex gap-2">
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                Clear
              </Button>
              <Button size="sm" className="whitespace-nowrap" onClick={() => setShipOpen(true)}>
                <PackageCheck className="size-4" aria-hidden />
                Mark as shipped
              </Button>
            </div>
          </section>
        )}
        {data && data.pagination.total > 0 && (
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            total={data.pagination.total}
            limit={ORDERS_PAGE_SIZE}
            onPage={(page) => {
              setSelected(new Set());
              setParams({ page });
            }}
          />
        )}
      </section>
      <BulkShipDialog
        api={api}
        orders={chosen}
        open={shipOpen}
        onClose={() => setShipOpen(false)}
        onShipped={(ids) => setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))))}
      />
    </div>
  );
}
