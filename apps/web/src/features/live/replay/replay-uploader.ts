import type { REPLAY_MIME_TYPES, ReplayUploadState } from '@kasuwa/contracts';
import type { RecordingStore } from '@/features/live/replay/recording-store';
import { type SendChunk, sendReplayChunk, startReplayUpload } from '@/features/live/replay/replay-api';
import { type ApiClient, isApiError } from '@/lib/api-client';

export type UploadProgress = { sent: number; total: number };

/** Waits before the next try after a dropped connection: 1 s, 2 s, 4 s … up to 30 s. */
const backoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

const receivedOf = (error: unknown): number | null => {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = error.body as { receivedBytes?: unknown } | undefined;
  return typeof body?.receivedBytes === 'number' ? body.receivedBytes : null;
};

const mimeOf = (recorded: string): (typeof REPLAY_MIME_TYPES)[number] =>
  recorded.startsWith('video/mp4') ? 'video/mp4' : 'video/webm';

/**
 * Sends a finished recording to the server in chunks. The server says how much it holds (start
 * answers `receivedBytes`), so a reloaded tab or a second try goes on from there; every chunk it
 * acknowledges is dropped from the device. A dropped connection is retried with a growing wait
 * (`retries` times, then the error is thrown for the screen's Retry). Answers the final state,
 * or null when there is nothing to send.
 */
export async function uploadRecording({
  api,
  store,
  streamId,
  onProgress,
  signal,
  send = sendReplayChunk,
  retries = 6,
  wait = sleep,
}: {
  api: ApiClient;
  store: RecordingStore;
  streamId: string;
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
  send?: SendChunk;
  retries?: number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}): Promise<ReplayUploadState | null> {
  const meta = await store.get(streamId);
  if (!meta?.finished) return null;
  if (meta.totalBytes === 0) {
    await store.remove(streamId);
    return null;
  }
  const { upload } = await startReplayUpload(api, streamId, {
    sizeBytes: meta.totalBytes,
    mimeType: mimeOf(meta.mimeType),
    startedAt: meta.startedAt,
  });
  let state = upload;
  let offset = upload.receivedBytes;
  onProgress?.({ sent: offset, total: meta.totalBytes });
  await store.acknowledge(streamId, offset);
  let failures = 0;
  while (state.status === 'uploading' && offset < meta.totalBytes) {
    if (signal?.aborted) throw new DOMException('The upload was stopped', 'AbortError');
    const chunk = await store.slice(streamId, offset, Math.min(meta.totalBytes, offset + state.chunkBytes));
    const from = offset;
    try {
      state = (
        await send(streamId, offset, chunk, {
          api,
          ...(signal ? { signal } : {}),
          onProgress: (loaded) => onProgress?.({ sent: from + loaded, total: meta.totalBytes }),
        })
      ).upload;
      offset = state.receivedBytes;
      failures = 0;
    } catch (error) {
      const held = receivedOf(error);
      if (held !== null) {
        offset = held;
      } else if (
        isApiError(error) &&
        (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500)
      ) {
        if (failures >= retries) throw error;
        await wait(backoff(failures), signal);
        failures += 1;
        continue;
      } else {
        throw error;
      }
    }
    await store.acknowledge(streamId, offset);
    onProgress?.({ sent: offset, total: meta.totalBytes });
  }
  if (state.status === 'ready' || state.status === 'failed') await store.remove(streamId);
  return state;
}
