import type {
  ReplayUploadResponse,
  ReplayUploadStatusResponse,
  ShowSummaryResponse,
  StartReplayUploadBody,
  StreamDetailsResponse,
  StreamReplayResponse,
} from '@kasuwa/contracts';
import type { ApiClient } from '@/lib/api-client';
import { type UploadOptions, uploadBytes } from '@/lib/upload';

/* The replay calls of issue 21 (apps/server modules/replays). */

const streamPath = (streamId: string) => `/streams/${encodeURIComponent(streamId)}`;

export const fetchReplay = (api: ApiClient, streamId: string, signal?: AbortSignal) =>
  api.get<StreamReplayResponse>(`${streamPath(streamId)}/replay`, { signal, auth: false });

export const fetchShowSummary = (api: ApiClient, streamId: string, signal?: AbortSignal) =>
  api.get<ShowSummaryResponse>(`${streamPath(streamId)}/summary`, { signal });

export const fetchStreamDetails = (api: ApiClient, streamId: string, signal?: AbortSignal) =>
  api.get<StreamDetailsResponse>(streamPath(streamId), { signal, auth: false });

export const fetchUploadState = (api: ApiClient, streamId: string, signal?: AbortSignal) =>
  api.get<ReplayUploadStatusResponse>(`${streamPath(streamId)}/replay/upload`, { signal });

export const startReplayUpload = (api: ApiClient, streamId: string, body: StartReplayUploadBody) =>
  api.post<ReplayUploadResponse>(`${streamPath(streamId)}/replay/upload`, body);

export type SendChunk = (
  streamId: string,
  offset: number,
  chunk: Blob,
  options: UploadOptions,
) => Promise<ReplayUploadResponse>;

export const sendReplayChunk: SendChunk = (streamId, offset, chunk, options) =>
  uploadBytes<ReplayUploadResponse>('PUT', `${streamPath(streamId)}/replay/upload/${offset}`, chunk, options);
