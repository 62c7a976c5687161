import { queryOptions } from '@tanstack/react-query';
import {
  fetchReplay,
  fetchShowSummary,
  fetchStreamDetails,
  fetchUploadState,
} from '@/features/live/replay/replay-api';
import type { ApiClient } from '@/lib/api-client';

/* The past show page's reads (issue 21). */

export const replayKeys = {
  all: ['replays'] as const,
  show: (streamId: string) => [...replayKeys.all, streamId] as const,
  replay: (streamId: string) => [...replayKeys.show(streamId), 'replay'] as const,
  summary: (streamId: string) => [...replayKeys.show(streamId), 'summary'] as const,
  stream: (streamId: string) => [...replayKeys.show(streamId), 'stream'] as const,
  upload: (streamId: string) => [...replayKeys.show(streamId), 'upload'] as const,
};

export const replayQueries = {
  replay: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: replayKeys.replay(streamId),
      queryFn: ({ signal }) => fetchReplay(api, streamId, signal),
    }),
  summary: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: replayKeys.summary(streamId),
      queryFn: ({ signal }) => fetchShowSummary(api, streamId, signal).then((r) => r.summary),
    }),
  stream: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: replayKeys.stream(streamId),
      queryFn: ({ signal }) => fetchStreamDetails(api, streamId, signal).then((r) => r.stream),
    }),
  upload: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: replayKeys.upload(streamId),
      queryFn: ({ signal }) => fetchUploadState(api, streamId, signal).then((r) => r.upload),
    }),
};
