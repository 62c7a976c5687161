import type { Product, ProductSort, ProductStatistics, ProductStatus } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, PackagePlus, Palmtree, Search } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { type DeleteTarget, useDeleteProduct } from '@/features/products/delete-product';
import { readListQuery, writeListQuery } from '@/features/products/list-query';
import { ListSkeleton, productThumb, statusBadgeClasses } from '@/features/products/product-bits';
import {
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductListParams,
  productMessages,
  sortLabels,
  statusLabels,
} from '@/features/products/products-api';
import { productQueries } from '@/features/products/products-queries';
import { useMediaQuery } from '@/features/products/use-media-query';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/ui/button';
import { SearchInput } from '@/ui/search-input';

/** Long enough to skip the keystrokes of a word, short enough to feel instant. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ProductsPageProps {
  sellerId: string;
  api?: ApiClient;
  /** The vacation state the list answered, so the dashboard's banner can follow the server. */
  onVacationMode?: (isOn: boolean) => void;
}

/** The products page (issue 7): statistics, status tabs, search, sort, a page of products. */
export function ProductsPage({ sellerId, api = appApi, onVacationMode }: ProductsPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListQuery(searchParams);
  const setParams = (next: Partial<ProductListParams>, replace = false) =>
    setSearchParams(writeListQuery({ ...params, ...next }), { replace });

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
    if (tooFar) setSearchParams(writeListQuery({ ...params, page: totalPages }), { replace: true });
  });

  const data = query.data;
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
          {query.isPending ? (
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
            <ProductList products={data.products} onDelete={ask} deletingId={deletingId} />
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

const statisticCards: Array<{ key: keyof Omit<ProductStatistics, 'totalStockValue'>; label: string }> = [
  { key: 'total', label: 'Total products' },
  { key: 'active', label: 'Active' },
  { key: 'draft', label: 'Drafts' },
  { key: 'out_of_stock', label: 'Out of stock' },
  { key: 'archived', label: 'Archived' },
];

function StatisticsCards({ statistics }: { statistics: ProductStatistics | undefined }) {
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
          <span className="inline-block h-7 w-12 animate-pulse rounded bg-line">
            <span className="sr-only">Loading</span>
          </span>
        )}
      </dd>
    </div>
  );
}

function StatusTabs({
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

function Toolbar({
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
  const [text, setText] = useState(search);
  // The parent hands a new callback on every render; the pending search must not restart for that.
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;

  // The URL can change under the box (back button, clearing the filters): follow it.
  useEffect(() => {
    setText((current) => (current.trim() === search ? current : search));
  }, [search]);

  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const timer = setTimeout(() => latestOnSearch.current(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

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

/** How many combinations a product sells, for the stock column. */
function combinations(product: Product): number {
  let count = 0;
  for (const v of product.variants) {
    if (v.subVariants.length === 0) count += 1;
    for (const s of v.subVariants) count += Math.max(1, s.subSubVariants.length);
  }
  return count;
}

const editLinkClasses = buttonClasses({ variant: 'secondary', size: 'sm' });
const deleteButtonClasses = clsx(buttonClasses({ variant: 'ghost', size: 'sm' }), 'text-danger-700');

type RowProps = { product: Product; onDelete: (target: DeleteTarget) => void; busy: boolean };

/*
 * A row is one component drawing plain elements and a router <Link>: no per-cell components and
 * no icon components. Rows are memoised, so a refetch or a keystroke in the search box redraws none.
 * They are keyed by product id: a row is always its product's, so after a delete, focus and the
 * screen reader's place never move to another product's buttons.
 */

// The names say which product; they begin with the visible word, so speech input still finds them.
function rowActions({ product, onDelete, busy }: RowProps) {
  return (
    <>
      <Link
        to={paths.dashboard.editProduct(product._id)}
        aria-label={`Edit ${product.name}`}
        className={editLinkClasses}
      >
        Edit
      </Link>
      <button
        type="button"
        aria-label={`Delete ${product.name}`}
        className={deleteButtonClasses}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => onDelete({ _id: product._id, name: product.name })}
      >
        Delete
      </button>
    </>
  );
}

function variantsNote(product: Product) {
  const count = combinations(product);
  return count > 0 ? <span className="block text-ink-muted text-xs">in {count} variants</span> : null;
}

const TableRow = memo(function TableRow(props: RowProps) {
  const { product } = props;
  return (
    <tr className="border-line border-b last:border-0">
      <th scope="row" className="px-4 py-3 font-normal">
        <div className="flex items-center gap-3">
          {productThumb(product.images[0])}
          <p className="line-clamp-2 min-w-0 font-semibold text-ink">{product.name}</p>
        </div>
      </th>
      <td className="px-4 py-3 text-right tabular-nums">{formatNaira(product.price)}</td>
      <td className="px-4 py-3 text-right tabular-nums">
        {product.stock}
        {variantsNote(product)}
      </td>
      <td className="px-4 py-3">
        <span className={statusBadgeClasses[product.status]}>{statusLabels[product.status]}</span>
      </td>
      <td className="space-x-2 whitespace-nowrap px-4 py-3 text-right">{rowActions(props)}</td>
    </tr>
  );
});

const CardRow = memo(function CardRow(props: RowProps) {
  const { product } = props;
  return (
    <li className="flex flex-col gap-3 p-4">
      <div className="flex gap-3">
        {productThumb(product.images[0], 'lg')}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <p className="line-clamp-2 font-semibold text-ink">{product.name}</p>
            <span className={statusBadgeClasses[product.status]}>{statusLabels[product.status]}</span>
          </div>
          <p className="mt-1 font-semibold text-ink tabular-nums">{formatNaira(product.price)}</p>
          <p className="text-ink-muted text-sm">
            Stock: <span className="tabular-nums">{product.stock}</span>
            {variantsNote(product)}
          </p>
        </div>
      </div>
      <div className="flex items-center justify-end gap-2">{rowActions(props)}</div>
    </li>
  );
});

function ProductList({
  products,
  onDelete,
  deletingId,
}: {
  products: Product[];
  onDelete: (target: DeleteTarget) => void;
  deletingId: string | undefined;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (wide) {
    return (
      <table className="w-full text-left text-sm">
        <thead className="text-ink-muted">
          <tr className="border-line border-b">
            <th scope="col" className="px-4 py-3 font-medium">
              Product
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Price
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Stock
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <TableRow
              key={product._id}
              product={product}
              onDelete={onDelete}
              busy={deletingId === product._id}
            />
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {products.map((product) => (
        <CardRow key={product._id} product={product} onDelete={onDelete} busy={deletingId === product._id} />
      ))}
    </ul>
  );
}

function EmptyList({
  filtered,
  search,
  status,
  onClear,
}: {
  filtered: boolean;
  search: string | undefined;
  status: ProductStatus | undefined;
  onClear: () => void;
}) {
  if (!filtered) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
        <PackagePlus className="size-10 text-brand-600" aria-hidden />
        <p className="font-semibold text-ink text-lg">No products yet</p>
        <p className="max-w-sm text-ink-muted text-sm">
          Add your first product with its photos, price and stock, then sell it in your store and live shows.
        </p>
        <Link to={paths.dashboard.addProducts} className={buttonClasses({ size: 'md' })}>
          Add product
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <Search className="size-10 text-ink-subtle" aria-hidden />
      <p className="font-semibold text-ink">
        {search
          ? `No products match “${search}”`
          : `No ${statusLabels[status ?? 'active'].toLowerCase()} products`}
      </p>
      <p className="text-ink-muted text-sm">Try another word or status.</p>
      <Button variant="secondary" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}

function Pagination({
  page,
  totalPages,
  total,
  limit,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-3 border-line border-t px-4 py-3 text-sm"
    >
      <p className="text-ink-muted">
        {first}–{last} of {total}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </Button>
        <span className="hidden text-ink-muted tabular-nums sm:inline">
          Page {page} of {Math.max(1, totalPages)}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
