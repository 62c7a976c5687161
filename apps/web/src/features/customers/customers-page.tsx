import type { CustomerSummary } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download, Search, Users } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { formatDate } from '@/features/customers/customer-format';
import {
  CUSTOMER_SORT_TEXT,
  CUSTOMER_SORTS,
  CUSTOMERS_PAGE_SIZE,
  type CustomerListParams,
  type CustomerSort,
  customerQueries,
  customersExportPath,
  readCustomerParams,
  writeCustomerParams,
} from '@/features/customers/customers-api';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { downloadFile, type FileDownloader, lagosDate } from '@/lib/download-file';
import { formatNaira } from '@/lib/money';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { stateText } from '@/lib/state-name';
import { toast } from '@/lib/toast';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { useMediaQuery, WIDE_LIST_QUERY } from '@/lib/use-media-query';
import { Button } from '@/ui/button';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { Pagination } from '@/ui/pagination';
import { SearchInput } from '@/ui/search-input';
import { Unbroken } from '@/ui/unbroken';

function useCustomerParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCustomerParams(searchParams);
  const setParams = (next: Partial<CustomerListParams>, replace = false) =>
    setSearchParams(writeCustomerParams({ ...params, ...next }), { replace });
  return { params, setParams };
}

function Toolbar({
  params,
  onChange,
}: {
  params: CustomerListParams;
  onChange: (next: Partial<CustomerListParams>, replace?: boolean) => void;
}) {
  const searchId = useId();
  const sortId = useId();
  const value = params.search ?? '';
  const [text, setText] = useDebouncedSearch(value, (search) =>
    onChange({ search: search || undefined, page: 1 }, true),
  );
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <label htmlFor={searchId} className="font-medium text-ink text-sm">
          Search customers
        </label>
        <SearchInput
          id={searchId}
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name"
        />
      </div>
      <div className="flex flex-col gap-1.5 sm:w-56">
        <label htmlFor={sortId} className="font-medium text-ink text-sm">
          Sort by
        </label>
        <select
          id={sortId}
          value={params.sort}
          onChange={(e) => onChange({ sort: e.target.value as CustomerSort, page: 1 })}
          className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink"
        >
          {CUSTOMER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {CUSTOMER_SORT_TEXT[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

const nameLink = (c: CustomerSummary) => (
  <Link
    to={paths.dashboard.customer(c._id)}
    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
  >
    {c.name}
  </Link>
);

const TableRow = memo(function TableRow({ customer: c }: { customer: CustomerSummary }) {
  return (
    <tr className="border-line border-b last:border-0">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        {nameLink(c)}
      </th>
      <td className="px-4 py-3">{c.state ? stateText(c.state) : '—'}</td>
      <td className="px-4 py-3 text-right tabular-nums">{c.orderCount}</td>
      <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatNaira(c.totalSpent)}</td>
      <td className="px-4 py-3">{formatDate(c.lastOrderAt)}</td>
    </tr>
  );
});

function CustomerRows({ customers }: { customers: CustomerSummary[] }) {
  const wide = useMediaQuery(WIDE_LIST_QUERY);
  if (!wide) {
    return (
      <ul className="divide-y divide-line">
        {customers.map((c) => (
          <li key={c._id} className="flex items-start justify-between gap-3 p-4">
            <div className="min-w-0">
              {nameLink(c)}
              <p className="text-ink-muted text-xs">
                {c.state ? `${stateText(c.state)} · ` : ''}
                {c.orderCount} {c.orderCount === 1 ? 'order' : 'orders'} · last{' '}
                <Unbroken>{formatDate(c.lastOrderAt)}</Unbroken>
              </p>
            </div>
            <span className="font-semibold tabular-nums">{formatNaira(c.totalSpent)}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-ink-muted">
        <tr className="border-line border-b">
          <th scope="col" className="px-4 py-3 font-medium">
            Name
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            State
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium">
            Orders
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium">
            Total spent
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Last order
          </th>
        </tr>
      </thead>
      <tbody>
        {customers.map((c) => (
          <TableRow key={c._id} customer={c} />
        ))}
      </tbody>
    </table>
  );
}

/** The Customers screen: the buyers who ordered from the store, searchable, sortable, exportable. */
export function CustomersPage({
  api = appApi,
  download = downloadFile,
}: {
  api?: ApiClient;
  download?: FileDownloader;
}) {
  const { params, setParams } = useCustomerParams();
  const query = useQuery(customerQueries.list(api, params));
  const data = query.data;
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await download(customersExportPath(params), `customers-${lagosDate()}.csv`);
    } catch (error) {
      toast.error('Could not export the customers', apiErrorDetail(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted text-sm">The buyers who have ordered from your store.</p>
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
          <Download className="size-4" aria-hidden />
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <section aria-label="Customers" className="rounded-card bg-surface shadow-card">
        <div className="border-line border-b p-4">
          <Toolbar params={params} onChange={setParams} />
        </div>
        <div aria-busy={query.isFetching || undefined}>
          {query.isPending ? (
            <ListSkeleton label="Loading customers" />
          ) : query.isError && !data ? (
            <LoadFailed what="your customers" onRetry={() => void query.refetch()} />
          ) : data && data.customers.length === 0 ? (
            params.search ? (
              <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
                <Search className="size-10 text-ink-subtle" aria-hidden />
                <p className="font-semibold text-ink">No customers match “{params.search}”.</p>
                <Button variant="secondary" onClick={() => setParams({ search: undefined, page: 1 })}>
                  Clear search
                </Button>
              </div>
            ) : (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
                <Users className="size-10 text-brand-600" aria-hidden />
                <p className="font-semibold text-ink">No customers yet.</p>
                <p className="max-w-sm text-ink-muted text-sm">
                  Buyers appear here after their first order. Go live or share your store to get your first
                  one.
                </p>
              </div>
            )
          ) : data ? (
            <CustomerRows customers={data.customers} />
          ) : null}
        </div>
        {data && data.pagination.total > 0 && (
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            total={data.pagination.total}
            limit={CUSTOMERS_PAGE_SIZE}
            onPage={(page) => setParams({ page })}
          />
        )}
      </section>
    </div>
  );
}
