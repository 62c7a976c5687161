import type { StreamStatus } from '@kasuwa/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchSellerStreams } from '@/features/live/streams-api';
import type { ApiClient } from '@/lib/api-client';

/*
 * The scheduling screens' reads. Every list of a seller's shows sits under one prefix, so
 * scheduling, starting or rescheduling a show refreshes them all with one invalidation.
 */

export const liveKeys = {
  all: ['streams'] as const,
  sellerStreams: (sellerId: string) => [...liveKeys.all, 'seller', sellerId] as const,
  sellerStreamList: (sellerId: string, status: readonly StreamStatus[], limit: number) =>
    [...liveKeys.sellerStreams(sellerId), { status, limit }] as const,
};

/** A page holds 50: a seller rarely has more upcoming shows than that. */
export const SELLER_STREAMS_LIMIT = 50;
/** What the scheduling screens and the home screen list as coming up (an expired one waits to be rescheduled). */
export const UPCOMING_STATUSES: readonly StreamStatus[] = ['live', 'expired', 'scheduled'];
export const ENDED_STATUSES: readonly StreamStatus[] = ['ended'];
export const PAST_SHOWS_LIMIT = 20;

export const liveQueries = {
  /** One seller's shows in the given states, a page at a time, newest start first. */
  sellerStreams: (
    api: ApiClient,
    sellerId: string,
    status: readonly StreamStatus[],
    limit = SELLER_STREAMS_LIMIT,
  ) =>
    infiniteQueryOptions({
      queryKey: liveKeys.sellerStreamList(sellerId, status, limit),
      queryFn: ({ pageParam, signal }) =>
        fetchSellerStreams(api, sellerId, { status, page: pageParam, limit }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.currentPage + 1 : undefined),
    }),
  upcoming: (api: ApiClient, sellerId: string) => liveQueries.sellerStreams(api, sellerId, UPCOMING_STATUSES),
  past: (api: ApiClient, sellerId: string) =>
    liveQueries.sellerStreams(api, sellerId, ENDED_STATUSES, PAST_SHOWS_LIMIT),
};
