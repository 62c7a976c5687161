import type { Stream, StreamStatus } from '@kasuwa/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { liveQueries, SELLER_STREAMS_LIMIT } from '@/features/live/live-queries';
import type { ApiClient } from '@/lib/api-client';

/**
 * One seller's shows in the given states, a page at a time. The API lists the newest start first;
 * a seller rarely has more than a page of upcoming shows, so screens order what they have.
 */
export function useSellerStreams(
  api: ApiClient,
  sellerId: string,
  status: readonly StreamStatus[],
  limit = SELLER_STREAMS_LIMIT,
) {
  const query = useInfiniteQuery(liveQueries.sellerStreams(api, sellerId, status, limit));
  const streams: Stream[] = query.data?.pages.flatMap((page) => page.streams) ?? [];
  return { ...query, streams };
}

const startOf = (stream: Stream) => new Date(stream.scheduledStartTime).getTime();

/** Soonest first: the next show to prepare for is at the top. */
export function bySoonest(a: Stream, b: Stream): number {
  return startOf(a) - startOf(b);
}
