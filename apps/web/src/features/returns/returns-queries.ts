import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  fetchBuyerReturn,
  fetchReturn,
  fetchReturnOptions,
  fetchReturns,
  type ReturnListParams,
} from '@/features/returns/returns-api';
import type { ApiClient } from '@/lib/api-client';

/*
 * The returns reads, keys nested so one invalidation reaches what a change touches:
 *   ['returns']                          every seller return query (the notification socket's
 *                                        return_* refresh, features/notifications, names this key)
 *   ['returns', 'list', params]          one page of the Returns Center
 *   ['returns', 'detail', id]            one return
 *   ['buyer-returns', id]                the buyer's view of a return
 *   ['buyer-returns', 'options', orderId] whether an order can still be returned
 */
export const returnKeys = {
  all: ['returns'] as const,
  lists: () => [...returnKeys.all, 'list'] as const,
  detail: (id: string) => [...returnKeys.all, 'detail', id] as const,
  buyerAll: ['buyer-returns'] as const,
  buyer: (id: string) => [...returnKeys.buyerAll, id] as const,
  options: (orderId: string) => [...returnKeys.buyerAll, 'options', orderId] as const,
};

/**
 * Buyers act while the seller looks: every seller read refreshes when the tab comes back into view
 * and every half minute while it is on screen (hidden tabs do not poll), besides the socket's push.
 */
export const RETURNS_REFRESH_MS = 30_000;

export const returnQueries = {
  list: (api: ApiClient, params: ReturnListParams) =>
    queryOptions({
      queryKey: [...returnKeys.lists(), params],
      queryFn: ({ signal }) => fetchReturns(api, params, signal),
      placeholderData: keepPreviousData,
      refetchOnWindowFocus: true,
      refetchInterval: RETURNS_REFRESH_MS,
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: returnKeys.detail(id),
      queryFn: ({ signal }) => fetchReturn(api, id, signal),
      select: (data) => data.return,
      refetchOnWindowFocus: true,
      refetchInterval: RETURNS_REFRESH_MS,
    }),
  buyer: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: returnKeys.buyer(id),
      queryFn: ({ signal }) => fetchBuyerReturn(api, id, signal),
      select: (data) => data.return,
      refetchOnWindowFocus: true,
      refetchInterval: RETURNS_REFRESH_MS,
    }),
  options: (api: ApiClient, orderId: string) =>
    queryOptions({
      queryKey: returnKeys.options(orderId),
      queryFn: ({ signal }) => fetchReturnOptions(api, orderId, signal),
    }),
};
