import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  REPLAY_CHUNK_BYTES,
  type Replay,
  type ReplayUploadState,
  type ShowSummary,
  type StartReplayUploadBody,
  type StreamReplayResponse,
  streamDurationMinutes,
} from '@kasuwa/contracts';
import type { StreamReplayRow } from '@/db/schema/replays.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '@/lib/errors.ts';
import { toNaira } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { abandonedReplayUploads } from '@/modules/replays/replay-abandoned.ts';
import { chunkKey, chunkKeys, fileKey } from '@/modules/replays/replay-keys.ts';
import type { ReplayStream, ReplaysRepository } from '@/modules/replays/replays.repository.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '@/uploads/multipart-files.ts';
import { sniffVideo, videoDurationSeconds } from '@/uploads/videos.ts';
import { channelNameOf, type VideoProvider } from '@/video/video-provider.ts';

const EXT: Record<string, string> = { 'video/webm': 'webm', 'video/mp4': 'mp4' };
const CONTENT_TYPES: Record<string, string> = { webm: 'video/webm', mp4: 'video/mp4' };

export const REPLAY_URL_PREFIX = '/api/media/replays/';
const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(webm|mp4)$/;

const toState = (row: StreamReplayRow): ReplayUploadState => ({
  status: row.status,
  sizeBytes: row.sizeBytes,
  receivedBytes: row.receivedBytes,
  chunkBytes: REPLAY_CHUNK_BYTES,
});

/**
 * Replays of ended shows (issue 21) and the past show's summary. A browser recording arrives in
 * chunks, each stored as it comes (FileStorage: local disk or the S3 bucket) so any API node can
 * take the next one; the last chunk joins them into one checked video. With LiveKit the egress
 * records the room instead, started and stopped with the show. Only a ready replay of an ended
 * show is ever served; chunks and unfinished files never are.
 */
export function replaysService(deps: {
  repo: ReplaysRepository;
  storage: FileStorage;
  clock: Clock;
  video: Pick<VideoProvider, 'recorder'>;
  /** Where the removal of an abandoned upload is queued (graphile-worker's queue in the app). */
  jobs?: JobQueue;
  log?: { warn(obj: unknown, msg: string): void };
}) {
  const { repo, storage, clock } = deps;

  const abandoned = abandonedReplayUploads({ repo, storage, clock, jobs: deps.jobs });
  const watchForAbandon = abandoned.watch;

  async function ownStream(q: Queryable, sellerId: string, streamId: string): Promise<ReplayStream> {
    const row = await repo.lockSellerStream(q, sellerId, streamId);
    if (!row) throw new NotFoundError('Stream');
    return row;
  }

  /** Joins the chunks into one file, checks it is a video, and stores it; the row says how it went. */
  async function assemble(row: StreamReplayRow): Promise<void> {
    const scratch = path.join(storage.scratchDir, `replay-${randomUUID()}`);
    const chunks: string[] = [];
    for (let offset = 0; offset < row.sizeBytes; offset += REPLAY_CHUNK_BYTES) {
      chunks.push(chunkKey(row.sellerId, row.streamId, offset));
    }
    try {
      const out = createWriteStream(scratch, { mode: 0o600 });
      try {
        for (const key of chunks) {
          const file = await storage.read(key);
          if (!file) throw new Error(`replay chunk missing: ${key}`);
          await pipeline(file.stream, out, { end: false });
        }
      } finally {
        await new Promise<void>((resolve, reject) =>
          out.end((err?: Error | null) => (err ? reject(err) : resolve())),
        );
      }
      let ext: string;
      let seconds: number | null;
      try {
        const type = await sniffVideo({
          field: 'replay',
          scratchPath: scratch,
          originalName: 'replay',
          size: row.sizeBytes,
        });
        ext = type.ext;
        if (ext !== 'webm' && ext !== 'mp4')
          throw new UnsupportedMediaTypeError('A replay is a WebM or MP4 video');
        seconds = await videoDurationSeconds(scratch, type);
      } catch (err) {
        if (!(err instanceof UnsupportedMediaTypeError)) throw err;
        await repo.updateReplay(repo.db, row.streamId, {
          status: 'failed',
          failure: 'The recording is not a WebM or MP4 video',
          updatedAt: clock.now(),
        });
        await storage.delete(chunks);
        throw new UnsupportedMediaTypeError('The recording is not a WebM or MP4 video; it was not kept');
      }
      const key = fileKey(row.sellerId, row.streamId, ext);
      await storage.putFile(key, scratch);
      await repo.updateReplay(repo.db, row.streamId, {
        status: 'ready',
        storageKey: key,
        mimeType: CONTENT_TYPES[ext] ?? row.mimeType,
        durationSeconds: seconds === null ? null : Math.round(seconds * 10) / 10,
        updatedAt: clock.now(),
      });
      await storage.delete(chunks);
    } finally {
      await fs.rm(scratch, { force: true });
    }
  }

  /** An egress replay that finished since it was last read becomes ready (or failed). */
  async function refreshEgress(row: StreamReplayRow): Promise<StreamReplayRow> {
    const recorder = deps.video.recorder;
    if (row.source !== 'egress' || row.status !== 'recording' || !row.egressId || !recorder) return row;
    try {
      const state = await recorder.state(row.egressId);
      if (state === 'recording') return row;
      const ready = state === 'complete' && (await storage.exists(row.storageKey));
      return (
        (await repo.updateReplay(repo.db, row.streamId, {
          status: ready ? 'ready' : 'failed',
          failure: ready ? null : 'The recording service did not finish the file',
          updatedAt: clock.now(),
        })) ?? row
      );
    } catch (err) {
      deps.log?.warn({ err, streamId: row.streamId }, 'replay egress state unknown');
      return row;
    }
  }

  function publicReplay(row: StreamReplayRow, stream: ReplayStream): Replay {
    const ext = row.storageKey.split('.').pop() ?? 'mp4';
    const servable = row.status === 'ready' && stream.status === 'ended';
    return {
      status: row.status,
      source: row.source,
      url: servable ? `${REPLAY_URL_PREFIX}${row.streamId}.${ext}` : null,
      mimeType: row.mimeType,
      durationSeconds: row.durationSeconds,
    };
  }

  return {
    /** The graphile-worker task that gives up abandoned uploads. */
    tasks: abandoned.tasks,

    async startUpload(
      sellerId: string,
      streamId: string,
      body: StartReplayUploadBody,
    ): Promise<{ upload: ReplayUploadState; created: boolean }> {
      return repo.transaction(async (tx) => {
        const stream = await ownStream(tx, sellerId, streamId);
        if (stream.status !== 'ended') throw new ConflictError('Upload the replay once the show has ended');
        const existing = await repo.lockReplay(tx, streamId);
        const now = clock.now();
        const startedAt = body.startedAt ? new Date(body.startedAt) : (stream.actualStartTime ?? null);
        if (existing) {
          if (existing.source === 'egress')
            throw new ConflictError('This show is recorded by the video service');
          if (existing.status === 'ready') throw new ConflictError('This show already has a replay');
          // The same recording again (a reloaded tab): go on where it stopped.
          if (
            existing.status === 'uploading' &&
            existing.sizeBytes === body.sizeBytes &&
            existing.mimeType === body.mimeType
          ) {
            return { upload: toState(existing), created: false };
          }
          // Another recording, or one that failed: start over.
          await storage.delete(chunkKeys(sellerId, streamId, existing.receivedBytes));
          const row = await repo.updateReplay(tx, streamId, {
            status: 'uploading',
            mimeType: body.mimeType,
            sizeBytes: body.sizeBytes,
            receivedBytes: 0,
            durationSeconds: null,
            recordingStartedAt: startedAt,
            failure: null,
            updatedAt: now,
          });
          if (!row) throw new NotFoundError('Replay');
          await watchForAbandon(tx, streamId, now);
          return { upload: toState(row), created: false };
        }
        const row = await repo.insertReplay(tx, {
          streamId,
          sellerId,
          source: 'browser',
          status: 'uploading',
          mimeType: body.mimeType,
          sizeBytes: body.sizeBytes,
          receivedBytes: 0,
          storageKey: fileKey(sellerId, streamId, EXT[body.mimeType] ?? 'webm'),
          recordingStartedAt: startedAt,
          createdAt: now,
          updatedAt: now,
        });
        await watchForAbandon(tx, streamId, now);
        return { upload: toState(row), created: true };
      });
    },

    /** The seller's view of the upload: how many bytes the server holds. */
    async uploadState(sellerId: string, streamId: string): Promise<{ upload: ReplayUploadState | null }> {
      const stream = await repo.findStream(repo.db, streamId);
      if (!stream || stream.sellerId !== sellerId) throw new NotFoundError('Stream');
      const row = await repo.findReplay(repo.db, streamId);
      return { upload: row ? toState(await refreshEgress(row)) : null };
    },

    /**
     * One chunk at its offset. Chunks start on REPLAY_CHUNK_BYTES boundaries and only the last is
     * shorter; a chunk the server holds already is answered again (a retry after a lost answer),
     * one past what it holds is refused with where to go on from.
     */
    async putChunk(
      sellerId: string,
      streamId: string,
      offset: number,
      data: Buffer,
    ): Promise<{ upload: ReplayUploadState }> {
      const { row, complete } = await repo.transaction(async (tx) => {
        // Whose show it is comes first: another seller learns nothing, not even what a chunk must be.
        await ownStream(tx, sellerId, streamId);
        if (data.length === 0) throw new BadRequestError('The chunk is empty');
        if (data.length > REPLAY_CHUNK_BYTES) {
          throw new PayloadTooLargeError(`A chunk is at most ${REPLAY_CHUNK_BYTES} bytes`);
        }
        if (offset % REPLAY_CHUNK_BYTES !== 0) {
          throw new BadRequestError(`offset: chunks start at multiples of ${REPLAY_CHUNK_BYTES} bytes`);
        }
        const row = await repo.lockReplay(tx, streamId);
        if (row?.source !== 'browser') throw new NotFoundError('Replay upload');
        if (row.status !== 'uploading' || offset < row.receivedBytes) return { row, complete: false };
        if (offset > row.receivedBytes) {
          throw new HttpError(409, `The server has ${row.receivedBytes} bytes; send from there`, {
            receivedBytes: row.receivedBytes,
          });
        }
        const end = offset + data.length;
        if (end > row.sizeBytes) throw new BadRequestError('The chunk goes past the end of the recording');
        if (end < row.sizeBytes && data.length !== REPLAY_CHUNK_BYTES) {
          throw new BadRequestError(`Only the last chunk may be shorter than ${REPLAY_CHUNK_BYTES} bytes`);
        }
        await storage.putBuffer(chunkKey(sellerId, streamId, offset), data);
        const updated = await repo.updateReplay(tx, streamId, { receivedBytes: end, updatedAt: clock.now() });
        if (!updated) throw new NotFoundError('Replay upload');
        return { row: updated, complete: end === row.sizeBytes };
      });
      if (complete) {
        await assemble(row);
        const done = await repo.findReplay(repo.db, streamId);
        return { upload: toState(done ?? row) };
      }
      return { upload: toState(row) };
    },

    /** The public replay of a show and its sold moments (none served before the show has ended). */
    async replay(streamId: string): Promise<StreamReplayResponse> {
      const stream = await repo.findStream(repo.db, streamId);
      if (!stream) throw new NotFoundError('Stream');
      if (stream.status !== 'ended') return { replay: null, moments: [] };
      const found = await repo.findReplay(repo.db, streamId);
      const row = found ? await refreshEgress(found) : null;
      const zero = row?.recordingStartedAt ?? stream.actualStartTime;
      const moments = (await repo.soldMoments(repo.db, streamId)).map((m) => {
        // The hammer fell when the clock ran out (ends_at), or earlier when the seller closed it.
        const soldAt =
          m.closedAt && m.endsAt ? Math.min(m.closedAt.getTime(), m.endsAt.getTime()) : m.closedAt?.getTime();
        return {
          streamProductId: m.id,
          productName: m.productName,
          image: m.image,
          amount: toNaira(m.amountKobo ?? 0),
          atSeconds: zero && soldAt ? Math.max(0, Math.round((soldAt - zero.getTime()) / 100) / 10) : 0,
        };
      });
      return { replay: row && row.status === 'ready' ? publicReplay(row, stream) : null, moments };
    },

    /** The replay file by its name below /api/media/replays/: a ready replay of an ended show only. */
    async open(name: string) {
      const match = FILE.exec(name);
      if (!match) throw new NotFoundError('File');
      const [, streamId = '', ext = ''] = match;
      const stream = await repo.findStream(repo.db, streamId);
      const row = stream ? await repo.findReplay(repo.db, streamId) : null;
      if (
        !stream ||
        !row ||
        stream.status !== 'ended' ||
        row.status !== 'ready' ||
        !row.storageKey.endsWith(`.${ext}`)
      ) {
        throw new NotFoundError('File');
      }
      const file = await storage.read(row.storageKey);
      if (!file) throw new NotFoundError('File');
      return { ...file, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' };
    },

    async summary(sellerId: string, streamId: string): Promise<{ summary: ShowSummary }> {
      const stream = await repo.findStream(repo.db, streamId);
      if (!stream || stream.sellerId !== sellerId) throw new NotFoundError('Stream');
      const now = clock.now();
      const from = stream.actualStartTime;
      const to = stream.endedAt ?? now;
      const [orders, bids, followers, giveaways] = await Promise.all([
        repo.orderFigures(repo.db, streamId),
        repo.bidCount(repo.db, streamId),
        from ? repo.followersBetween(repo.db, sellerId, from, to) : Promise.resolve(0),
        repo.giveawayCount(repo.db, streamId),
      ]);
      return {
        summary: {
          sales: toNaira(orders.salesKobo),
          orders: orders.orders,
          buyers: orders.buyers,
          bids,
          peakViewers: stream.peakViewers,
          viewerCount: stream.status === 'live' ? stream.viewerCount : 0,
          giveaways,
          newFollowers: followers,
          durationMinutes: from ? streamDurationMinutes(from, to) : 0,
        },
      };
    },

    /**
     * The show went live or ended (called after the commit). With a recording video service
     * (LiveKit), its egress starts and stops with the show; a failure is logged, never the show's.
     */
    async onStreamStatus(e: { streamId: string; sellerId: string; status: 'live' | 'ended' }): Promise<void> {
      const recorder = deps.video.recorder;
      if (!recorder) return;
      try {
        if (e.status === 'live') {
          const key = fileKey(e.sellerId, e.streamId, 'mp4');
          const { egressId } = await recorder.start(
            { streamId: e.streamId, channelName: channelNameOf(e.streamId) },
            key,
          );
          const now = clock.now();
          await repo.transaction(async (tx) => {
            const existing = await repo.lockReplay(tx, e.streamId);
            const values = {
              source: 'egress' as const,
              status: 'recording' as const,
              mimeType: 'video/mp4',
              storageKey: key,
              egressId,
              recordingStartedAt: now,
              failure: null,
              updatedAt: now,
            };
            if (existing) await repo.updateReplay(tx, e.streamId, values);
            else
              await repo.insertReplay(tx, {
                streamId: e.streamId,
                sellerId: e.sellerId,
                createdAt: now,
                ...values,
              });
          });
        } else {
          const row = await repo.findReplay(repo.db, e.streamId);
          if (row?.source === 'egress' && row.status === 'recording' && row.egressId) {
            await recorder.stop(row.egressId);
          }
        }
      } catch (err) {
        deps.log?.warn(
          { err, streamId: e.streamId },
          `replay egress could not ${e.status === 'live' ? 'start' : 'stop'}`,
        );
      }
    },
  };
}
export type ReplaysService = ReturnType<typeof replaysService>;
