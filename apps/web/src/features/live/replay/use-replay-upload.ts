import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordingStore } from '@/features/live/replay/recording-store';
import { replayKeys } from '@/features/live/replay/replay-queries';
import { type UploadProgress, uploadRecording } from '@/features/live/replay/replay-uploader';
import type { ApiClient } from '@/lib/api-client';
import { apiErrorDetail } from '@/lib/mutation-errors';

export type ReplayUploadPhase =
  | { kind: 'checking' }
  | { kind: 'none' }
  | { kind: 'uploading'; progress: UploadProgress }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; progress: UploadProgress | null };

/**
 * Sends this device's recording of the show, if it holds one, as soon as the page opens, and
 * again when the phone is back online; the server's offset makes every start a resume.
 */
export function useReplayUpload({
  api,
  store,
  streamId,
  upload = uploadRecording,
}: {
  api: ApiClient;
  store: RecordingStore;
  streamId: string;
  upload?: typeof uploadRecording;
}) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ReplayUploadPhase>({ kind: 'checking' });
  const running = useRef<AbortController | null>(null);
  const lastProgress = useRef<UploadProgress | null>(null);

  const run = useCallback(async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    try {
      const meta = await store.get(streamId);
      if (!meta?.finished) {
        setPhase({ kind: 'none' });
        return;
      }
      const initial = { sent: 0, total: meta.totalBytes };
      setPhase({ kind: 'uploading', progress: lastProgress.current ?? initial });
      const state = await upload({
        api,
        store,
        streamId,
        signal: controller.signal,
        onProgress: (progress) => {
          lastProgress.current = progress;
          setPhase({ kind: 'uploading', progress });
        },
      });
      if (state?.status === 'failed') {
        setPhase({
          kind: 'failed',
          message: 'The recording could not be read, so there is no replay.',
          progress: null,
        });
      } else setPhase(state ? { kind: 'done' } : { kind: 'none' });
      await queryClient.invalidateQueries({ queryKey: replayKeys.show(streamId) });
    } catch (error) {
      if (controller.signal.aborted) return;
      setPhase({
        kind: 'failed',
        message: apiErrorDetail(error) ?? 'The upload stopped. Check your connection and try again.',
        progress: lastProgress.current,
      });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, [api, store, streamId, upload, queryClient]);

  useEffect(() => {
    void run();
    const online = () => void run();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      running.current?.abort();
      running.current = null;
    };
  }, [run]);

  return { phase, retry: () => void run() };
}
