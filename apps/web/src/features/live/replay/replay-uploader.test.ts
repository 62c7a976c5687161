import { REPLAY_CHUNK_BYTES, type ReplayUploadResponse, startReplayUploadBody } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { memoryRecordingStore } from '@/features/live/replay/recording-store';
import type { SendChunk } from '@/features/live/replay/replay-api';
import { uploadRecording } from '@/features/live/replay/replay-uploader';
import { ApiError } from '@/lib/api-client';
import { fakeApiClient } from '@/test/in-memory-api';

const STREAM = 'b3f1c2d4-0000-4000-8000-000000000001';
const SIZE = 2 * REPLAY_CHUNK_BYTES + 500;

/** A finished recording of SIZE bytes in pieces of 700 kB, as MediaRecorder hands them over. */
async function recorded() {
  const store = memoryRecordingStore();
  await store.begin(STREAM, 'video/webm;codecs=vp8,opus', '2026-03-06T18:12:00.000Z');
  const bytes = new Uint8Array(SIZE).map((_, i) => i % 251);
  for (let at = 0; at < SIZE; at += 700_000)
    await store.append(STREAM, new Blob([bytes.slice(at, at + 700_000)]));
  await store.finish(STREAM);
  return { store, bytes };
}

/** The server: holds `held` bytes, takes the next chunk in order, and answers 409 to any other. */
function server(held: number) {
  const sent: Array<{ offset: number; size: number; first: number }> = [];
  const api = fakeApiClient((call) => {
    if (call.method === 'POST' && call.path === `/streams/${STREAM}/replay/upload`) {
      const body = startReplayUploadBody.parse(call.body);
      return {
        status: held === 0 ? 201 : 200,
        body: {
          upload: {
            status: 'uploading',
            sizeBytes: body.sizeBytes,
            receivedBytes: held,
            chunkBytes: REPLAY_CHUNK_BYTES,
          },
        },
      };
    }
    return { status: 404, body: { message: 'unexpected' } };
  });
  const failures: Array<'network' | number> = [];
  const send: SendChunk = async (_id, offset, chunk) => {
    const next = failures.shift();
    if (next === 'network') throw new ApiError({ status: 0, kind: 'network', message: 'offline' });
    if (typeof next === 'number') {
      // The server took this chunk before, but its answer was lost: it now holds `next` bytes.
      held = next;
      throw new ApiError({
        status: 409,
        kind: 'http',
        message: 'send from there',
        body: { receivedBytes: next },
      });
    }
    const first = new Uint8Array(await chunk.slice(0, 1).arrayBuffer())[0] ?? -1;
    sent.push({ offset, size: chunk.size, first });
    if (offset === held) held += chunk.size;
    const done = held === SIZE;
    return {
      upload: {
        status: done ? 'ready' : 'uploading',
        sizeBytes: SIZE,
        receivedBytes: held,
        chunkBytes: REPLAY_CHUNK_BYTES,
      },
    } satisfies ReplayUploadResponse;
  };
  return { api: api.api, calls: api.calls, send, sent, failures };
}

describe('uploading a recording', () => {
  it('goes on from the offset the server holds, in whole chunks, and clears the device when done', async () => {
    const { store, bytes } = await recorded();
    const s = server(REPLAY_CHUNK_BYTES);
    const progress: number[] = [];
    const state = await uploadRecording({
      api: s.api,
      store,
      streamId: STREAM,
      send: s.send,
      onProgress: (p) => progress.push(p.sent),
    });
    expect(s.calls[0]?.body).toEqual({
      sizeBytes: SIZE,
      mimeType: 'video/webm',
      startedAt: '2026-03-06T18:12:00.000Z',
    });
    expect(s.sent.map((c) => [c.offset, c.size])).toEqual([
      [REPLAY_CHUNK_BYTES, REPLAY_CHUNK_BYTES],
      [2 * REPLAY_CHUNK_BYTES, 500],
    ]);
    // The bytes are the recording's own at that offset.
    expect(s.sent[0]?.first).toBe(bytes[REPLAY_CHUNK_BYTES]);
    expect(state?.status).toBe('ready');
    expect(progress.at(0)).toBe(REPLAY_CHUNK_BYTES);
    expect(progress.at(-1)).toBe(SIZE);
    expect(await store.get(STREAM)).toBeNull();
  });

  it('retries a dropped connection, follows the server after a lost answer, and drops acknowledged pieces', async () => {
    const { store } = await recorded();
    const s = server(0);
    s.failures.push('network', REPLAY_CHUNK_BYTES);
    const waits: number[] = [];
    let acknowledgedAfterFirst: number | null = null;
    const state = await uploadRecording({
      api: s.api,
      store,
      streamId: STREAM,
      send: async (...args) => {
        const answer = await s.send(...args);
        acknowledgedAfterFirst ??= (await store.slice(STREAM, 0, SIZE)).size;
        return answer;
      },
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(waits).toEqual([1000]);
    // The 409 said the server held the first chunk already: the next one went, not the first again.
    expect(s.sent.map((c) => c.offset)).toEqual([REPLAY_CHUNK_BYTES, 2 * REPLAY_CHUNK_BYTES]);
    expect(state?.status).toBe('ready');
    // Once the server held 1 MiB, the pieces wholly below it were gone from the device.
    expect(acknowledgedAfterFirst).toBeLessThan(SIZE);
  });

  it('gives up after its retries with the error, keeping the recording for the next try', async () => {
    const { store } = await recorded();
    const s = server(0);
    s.failures.push('network', 'network', 'network');
    await expect(
      uploadRecording({
        api: s.api,
        store,
        streamId: STREAM,
        send: s.send,
        retries: 2,
        wait: async () => {},
      }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect((await store.get(STREAM))?.totalBytes).toBe(SIZE);
  });

  it('sends nothing while the recording is unfinished or absent', async () => {
    const store = memoryRecordingStore();
    const s = server(0);
    expect(await uploadRecording({ api: s.api, store, streamId: STREAM, send: s.send })).toBeNull();
    await store.begin(STREAM, 'video/webm', '2026-03-06T18:12:00.000Z');
    await store.append(STREAM, new Blob(['abc']));
    expect(await uploadRecording({ api: s.api, store, streamId: STREAM, send: s.send })).toBeNull();
    expect(s.calls).toHaveLength(0);
  });
});
