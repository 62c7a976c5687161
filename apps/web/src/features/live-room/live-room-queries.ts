import type { Stream, StreamCommentsResponse, StreamDetailsResponse } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/*
 * A show's reads, which the studio and the watch page both make through useLiveRoom. The socket
 * keeps both current, so they never go stale on their own; a reconnection refetches them. The chat
 * nests under the stream's key, so refetching the stream's prefix brings both.
 */

export const liveRoomKeys = {
  stream: (streamId: string) => ['stream', streamId] as const,
  comments: (streamId: string) => [...liveRoomKeys.stream(streamId), 'comments'] as const,
};

export function fetchStream(api: ApiClient, streamId: string, signal?: AbortSignal): Promise<Stream> {
  // SPEC section 6: stream details are fetched without a token.
  return api
    .get<StreamDetailsResponse>(`/streams/${encodeURIComponent(streamId)}`, { signal, auth: false })
    .then((answer) => answer.stream);
}

export const liveRoomQueries = {
  stream: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: liveRoomKeys.stream(streamId),
      queryFn: ({ signal }) => fetchStream(api, streamId, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The chat so far, for whoever (re)joins. */
  comments: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: liveRoomKeys.comments(streamId),
      queryFn: ({ signal }) =>
        api.get<StreamCommentsResponse>(`/streams/${encodeURIComponent(streamId)}/comments`, {
          signal,
          auth: false,
        }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
