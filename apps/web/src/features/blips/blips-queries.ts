import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  fetchBlip,
  fetchBlipComments,
  fetchProductChoices,
  fetchSellerBlips,
} from '@/features/blips/blips-api';
import type { ApiClient } from '@/lib/api-client';

/*
 * The blips screens' reads, one factory each (TanStack's queryOptions): components, route loaders
 * and cache edits take their keys from here. Keys nest, so a prefix reaches everything under it:
 * blipKeys.detail(id) covers that blip's comments too.
 */

export const blipKeys = {
  all: ['blips'] as const,
  list: (sellerId: string) => [...blipKeys.all, 'seller', sellerId] as const,
  detail: (blipId: string) => [...blipKeys.all, 'details', blipId] as const,
  comments: (blipId: string) => [...blipKeys.detail(blipId), 'comments'] as const,
  products: (sellerId: string, search: string) => [...blipKeys.all, 'products', sellerId, search] as const,
};

export const blipQueries = {
  /** The seller's grid, a page at a time, newest first. */
  list: (api: ApiClient, sellerId: string) =>
    infiniteQueryOptions({
      queryKey: blipKeys.list(sellerId),
      queryFn: ({ pageParam, signal }) => fetchSellerBlips(api, sellerId, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    }),
  detail: (api: ApiClient, productId: string, blipId: string) =>
    queryOptions({
      queryKey: blipKeys.detail(blipId),
      queryFn: ({ signal }) => fetchBlip(api, productId, blipId, signal),
    }),
  comments: (api: ApiClient, productId: string, blipId: string) =>
    infiniteQueryOptions({
      queryKey: blipKeys.comments(blipId),
      queryFn: ({ pageParam, signal }) => fetchBlipComments(api, productId, blipId, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.currentPage + 1 : undefined),
    }),
  /** The products a new blip can belong to, searched on the server. */
  products: (api: ApiClient, sellerId: string, search: string) =>
    queryOptions({
      queryKey: blipKeys.products(sellerId, search),
      queryFn: ({ signal }) => fetchProductChoices(api, sellerId, search, signal),
      placeholderData: keepPreviousData,
    }),
};
