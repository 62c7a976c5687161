import type { Blip, StorefrontResponse } from '@kasuwa/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchComments, fetchLikeState, fetchPublicBlip } from '@/features/watch/blip-watch-api';
import type { ApiClient } from '@/lib/api-client';

/*
 * The public blip page's reads (the show's are the live room's). The like state and the comments
 * nest under the blip's key.
 */

export const watchKeys = {
  blip: (blipId: string) => ['watch-blip', blipId] as const,
  /** Per buyer: logging in or out asks the server again whether "I" like it. */
  like: (blipId: string, buyerId: string | null) =>
    [...watchKeys.blip(blipId), 'like', buyerId ?? 'anonymous'] as const,
  comments: (blipId: string) => [...watchKeys.blip(blipId), 'comments'] as const,
};

export const watchQueries = {
  blip: (api: ApiClient, blipId: string) =>
    queryOptions({
      queryKey: watchKeys.blip(blipId),
      queryFn: ({ signal }) => fetchPublicBlip(api, blipId, signal),
    }),
  like: (api: ApiClient, blipId: string, buyerId: string | null) =>
    queryOptions({
      queryKey: watchKeys.like(blipId, buyerId),
      queryFn: ({ signal }) => fetchLikeState(api, blipId, signal),
    }),
  comments: (api: ApiClient, blip: Pick<Blip, '_id' | 'productId'>) =>
    infiniteQueryOptions({
      queryKey: watchKeys.comments(blip._id),
      queryFn: ({ pageParam, signal }) => fetchComments(api, blip, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.currentPage + 1 : undefined),
    }),
};

/** A store's public page, one page of its products at a time (`/store/{slug}`). */
export const storefrontKeys = {
  store: (slug: string) => ['storefront', slug.toLowerCase()] as const,
  page: (slug: string, page: number) => [...storefrontKeys.store(slug), page] as const,
};

export const storefrontQueries = {
  page: (api: ApiClient, slug: string, page: number) =>
    queryOptions({
      queryKey: storefrontKeys.page(slug, page),
      queryFn: ({ signal }) =>
        api.get<StorefrontResponse>(`/stores/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`, {
          signal,
          auth: false,
        }),
      placeholderData: (previous) => previous,
      staleTime: 15_000,
    }),
};
