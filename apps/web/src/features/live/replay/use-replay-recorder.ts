import { useEffect, useRef } from 'react';
import type { RecordingStore } from '@/features/live/replay/recording-store';

/** A piece every 2 s: a crashed tab loses at most that much of the show. */
export const RECORDER_TIMESLICE_MS = 2_000;
/** What the recorder asks for, best first; a phone's browser takes the first it supports. */
const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'];
/** A replay for phones: about 1 Mb/s of video is sharp on a phone and small to upload. */
const VIDEO_BITS_PER_SECOND = 1_000_000;

export type MediaRecorderCtor = {
  new (stream: MediaStream, options?: MediaRecorderOptions): MediaRecorder;
  isTypeSupported(type: string): boolean;
};

const browserRecorder = (): MediaRecorderCtor | null =>
  typeof MediaRecorder === 'undefined' ? null : MediaRecorder;

/**
 * Records the studio's camera while the show is live and this window publishes it with the local
 * video provider (issue 21). Pieces go to the device's store as they come; `stop()` (the show
 * ended) waits for the last piece and marks the recording finished, ready to upload.
 */
export function useReplayRecorder({
  streamId,
  stream,
  active,
  store,
  Recorder = browserRecorder(),
  now = () => new Date(),
}: {
  streamId: string;
  stream: MediaStream | null;
  active: boolean;
  store: RecordingStore;
  Recorder?: MediaRecorderCtor | null;
  now?: () => Date;
}) {
  const recorder = useRef<MediaRecorder | null>(null);
  const writes = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (!active || !stream || !Recorder || recorder.current) return;
    const mimeType = MIME_TYPES.find((t) => Recorder.isTypeSupported(t));
    let started: MediaRecorder;
    try {
      started = new Recorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
      });
    } catch {
      return; // No recorder for this camera: the show goes on without a replay.
    }
    recorder.current = started;
    const begun = store.begin(streamId, started.mimeType || mimeType || 'video/webm', now().toISOString());
    writes.current = begun;
    started.ondataavailable = (event) => {
      const piece = event.data;
      writes.current = writes.current.then(() => store.append(streamId, piece)).catch(() => undefined);
    };
    started.start(RECORDER_TIMESLICE_MS);
  }, [active, stream, Recorder, store, streamId, now]);

  // Leaving the studio while live (a reload) stops the recorder; the pieces so far stay stored.
  useEffect(
    () => () => {
      const r = recorder.current;
      if (r && r.state !== 'inactive') r.stop();
    },
    [],
  );

  /** Stops recording and marks it finished once the last piece is stored. */
  const stop = async (): Promise<boolean> => {
    const r = recorder.current;
    if (!r) return (await store.get(streamId))?.totalBytes ? finish() : false;
    recorder.current = null;
    if (r.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        r.addEventListener('stop', () => resolve(), { once: true });
        r.stop();
      });
    }
    return finish();
  };

  const finish = async () => {
    await writes.current;
    await store.finish(streamId);
    return true;
  };

  return { stop };
}
