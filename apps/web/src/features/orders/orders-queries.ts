import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchOrder, fetchOrders, type OrderListParams } from '@/features/orders/orders-api';
import type { ApiClient } from '@/lib/api-client';

/*
 * The orders reads, keys nested so one invalidation reaches everything an order change touches:
 *   ['orders']                          every orders query (lists, details, the home overview)
 *   ['orders', 'list', params]          one page of the Orders screen
 *   ['orders', 'detail', id]            one order
 * The home overview (features/home) and customers (features/customers) keep their keys under
 * ['orders'] too, so shipping an order refreshes the home cards and a customer's orders.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

export const orderQueries = {
  list: (api: ApiClient, params: OrderListParams) =>
    queryOptions({
      queryKey: [...orderKeys.lists(), params],
      queryFn: ({ signal }) => fetchOrders(api, params, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: orderKeys.detail(id),
      queryFn: ({ signal }) => fetchOrder(api, id, signal),
      select: (data) => data.order,
    }),
};
