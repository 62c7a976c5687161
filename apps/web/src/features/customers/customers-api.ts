import type { CustomerResponse, CustomersResponse } from '@kasuwa/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/* The seller's customers (packages/contracts/src/orders.ts); only types from the contracts, so zod stays out. */

export type CustomerSort = 'last_order' | 'total_spent' | 'orders' | 'name';
export const CUSTOMER_SORTS: readonly CustomerSort[] = ['last_order', 'total_spent', 'orders', 'name'];
export const CUSTOMER_SORT_TEXT: Record<CustomerSort, string> = {
  last_order: 'Last order',
  total_spent: 'Total spent',
  orders: 'Most orders',
  name: 'Name (A–Z)',
};
export const CUSTOMERS_PAGE_SIZE = 20;

export interface CustomerListParams {
  search?: string | undefined;
  sort: CustomerSort;
  page: number;
}

export function readCustomerParams(search: URLSearchParams): CustomerListParams {
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  const text = search.get('search')?.trim().slice(0, 100) ?? '';
  return {
    search: text || undefined,
    sort: CUSTOMER_SORTS.includes(sort as CustomerSort) ? (sort as CustomerSort) : 'last_order',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeCustomerParams(params: CustomerListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.sort !== 'last_order') query.set('sort', params.sort);
  if (params.page !== 1) query.set('page', String(params.page));
  return query;
}

function apiQuery(params: CustomerListParams, paged: boolean): string {
  const query = new URLSearchParams({ sort: params.sort });
  if (params.search) query.set('search', params.search);
  if (paged) {
    query.set('page', String(params.page));
    query.set('limit', String(CUSTOMERS_PAGE_SIZE));
  }
  return query.toString();
}

export const customersExportPath = (params: CustomerListParams) =>
  `/customers/export.csv?${apiQuery(params, false)}`;

/*
 * Keys under ['orders'] on purpose: a customer's spend and orders change with their orders, so the
 * orders feature's one invalidation of ['orders'] after any order change refreshes these too.
 */
export const customerKeys = {
  all: ['orders', 'customers'] as const,
  list: (params: CustomerListParams) => [...customerKeys.all, 'list', params] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
};

export const customerQueries = {
  list: (api: ApiClient, params: CustomerListParams) =>
    queryOptions({
      queryKey: customerKeys.list(params),
      queryFn: ({ signal }) => api.get<CustomersResponse>(`/customers?${apiQuery(params, true)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: customerKeys.detail(id),
      queryFn: ({ signal }) => api.get<CustomerResponse>(`/customers/${encodeURIComponent(id)}`, { signal }),
    }),
};
