import { useQuery } from '@tanstack/react-query';
import { PackagePlus, Palmtree } from 'lucide-react';
import { useDeferredValue, useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { useDeleteProduct } from '@/features/products/delete-product';
import { EmptyList, ProductList } from '@/features/products/product-list';
import { StatisticsCards } from '@/features/products/product-statistics';
import { productMessages } from '@/features/products/products-api';
import { StatusTabs, Toolbar } from '@/features/products/products-filters';
import { productQueries } from '@/features/products/products-queries';
import { useListParams } from '@/features/products/use-list-params';
import { WaitingProducts } from '@/features/products/waiting-products';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useStagedList } from '@/lib/use-staged-list';
import { Button, buttonClasses } from '@/ui/button';
import { ListSkeleton } from '@/ui/list-skeleton';
import { Pagination } from '@/ui/pagination';

export interface ProductsPageProps {
  sellerId: string;
  api?: ApiClient;
  /** The vacation state the list answered, so the dashboard's banner can follow the server. */
  onVacationMode?: (isOn: boolean) => void;
}

/** The products page (issue 7): statistics, status tabs, search, sort, a page of products. */
export function ProductsPage({ sellerId, api = appApi, onVacationMode }: ProductsPageProps) {
  const { params, setParams } = useListParams();
  const query = useQuery(productQueries.list(api, sellerId, params));
  const { ask, dialog, deletingId } = useDeleteProduct({ api, sellerId });

  // Once per failed fetch, however often the screen renders meanwhile.
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) {
      toast.error(productMessages.fetchListFailed, productMessages.fetchListFailedDescription);
    }
  }, [failedAt]);

  const vacation = query.data?.sellerVacationMode;
  useEffect(() => {
    if (vacation !== undefined) onVacationMode?.(vacation);
  }, [vacation, onVacationMode]);

  // After deleting the last product of the last page, show the page that now is the last.
  const totalPages = query.data?.totalPages ?? 0;
  const tooFar = !query.isPlaceholderData && totalPages > 0 && params.page > totalPages;
  useEffect(() => {
    if (tooFar) setParams({ page: totalPages }, true);
  });

  // A page of products arrives through useSyncExternalStore, which React draws at once, in one piece;
  // the deferred copy is drawn as a transition, in slices a phone can answer between (issue 20,
  // docs/performance.md). Until it is drawn the loading rows stay.
  const data = useDeferredValue(query.data);
  // The first page's rows below a phone's first screen come a commit later (lib/use-staged-list).
  const rows = useStagedList(data?.products);
  const filtered = params.status !== undefined || params.search !== undefined;

  return (
    <div className="flex flex-col gap-4">
      {vacation && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm"
        >
          <Palmtree className="mt-0.5 size-4 shrink-0" aria-hidden />
          Vacation mode is on: buyers cannot order these products until you turn it off.
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted text-sm">Your catalogue with its prices and stock.</p>
        <Link to={paths.dashboard.addProducts} className={buttonClasses({ size: 'md' })}>
          <PackagePlus className="size-4" aria-hidden />
          Add product
        </Link>
      </div>
      <WaitingProducts sellerId={sellerId} />
      <StatisticsCards statistics={data?.statistics} />
      <section aria-label="Product list" className="rounded-card bg-surface shadow-card">
        <div className="flex flex-col gap-3 border-line border-b p-4">
          <StatusTabs
            value={params.status}
            statistics={data?.statistics}
            onChange={(status) => setParams({ status, page: 1 })}
          />
          <Toolbar
            search={params.search ?? ''}
            onSearch={(search) => setParams({ search: search || undefined, page: 1 }, true)}
            sort={params.sortBy}
            onSort={(sortBy) => setParams({ sortBy, page: 1 })}
          />
        </div>
        <div aria-busy={query.isFetching || undefined}>
          {data === undefined && !query.isError ? (
            <ListSkeleton label="Loading products" rows={5} thumbClassName="size-12" />
          ) : query.isError && !data ? (
            <div className="flex flex-col items-center gap-3 p-8 text-center">
              <p className="font-semibold text-ink">We could not load your products.</p>
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          ) : data && data.products.length === 0 ? (
            <EmptyList
              filtered={filtered}
              search={params.search}
              status={params.status}
              onClear={() => setParams({ search: undefined, status: undefined, page: 1 })}
            />
          ) : data ? (
            <ProductList products={rows ?? data.products} onDelete={ask} deletingId={deletingId} />
          ) : null}
        </div>
        {data && data.totalProducts > 0 && (
          <Pagination
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.totalProducts}
            limit={params.limit}
            onPage={(page) => setParams({ page })}
          />
        )}
      </section>
      {dialog}
    </div>
  );
}
