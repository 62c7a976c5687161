import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The studio's recording of a show, kept on the device until the server has acknowledged it
 * (issue 21). MediaRecorder hands over a piece every few seconds; each is written at once, so a
 * crashed or reloaded tab loses at most the last piece, and after the show the upload reads the
 * pieces back as chunks. Pieces the server holds are deleted as it acknowledges them.
 */
export interface RecordingMeta {
  streamId: string;
  mimeType: string;
  /** ISO-8601 of the first frame: the replay's 0. */
  startedAt: string;
  /** Bytes recorded so far (the end offset of the last piece). */
  totalBytes: number;
  /** The recorder stopped: the size is final and the upload may start. */
  finished: boolean;
}

export interface RecordingStore {
  begin(streamId: string, mimeType: string, startedAt: string): Promise<void>;
  append(streamId: string, piece: Blob): Promise<void>;
  finish(streamId: string): Promise<void>;
  get(streamId: string): Promise<RecordingMeta | null>;
  /** The bytes [from, to) of the recording, from the pieces still held. */
  slice(streamId: string, from: number, to: number): Promise<Blob>;
  /** The server holds everything below `upTo`: those pieces may go. */
  acknowledge(streamId: string, upTo: number): Promise<void>;
  remove(streamId: string): Promise<void>;
}

type Piece = { streamId: string; start: number; size: number; blob: Blob };

interface ReplayDb extends DBSchema {
  recordings: { key: string; value: RecordingMeta };
  pieces: { key: [string, number]; value: Piece; indexes: { byStream: string } };
}

function assemble(pieces: Piece[], from: number, to: number): Blob {
  const parts: Blob[] = [];
  for (const p of pieces.sort((a, b) => a.start - b.start)) {
    const end = p.start + p.size;
    if (end <= from || p.start >= to) continue;
    parts.push(p.blob.slice(Math.max(0, from - p.start), Math.min(p.size, to - p.start)));
  }
  return new Blob(parts);
}

/** The store in the browser's IndexedDB (database `kasuwa-replays`). */
export function indexedDbRecordingStore(name = 'kasuwa-replays'): RecordingStore {
  let opened: Promise<IDBPDatabase<ReplayDb>> | null = null;
  const db = () => {
    opened ??= openDB<ReplayDb>(name, 1, {
      upgrade(d) {
        d.createObjectStore('recordings', { keyPath: 'streamId' });
        d.createObjectStore('pieces', { keyPath: ['streamId', 'start'] }).createIndex('byStream', 'streamId');
      },
    });
    return opened;
  };
  // Appends of one recording run one after another, so each starts where the last ended.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    begin: (streamId, mimeType, startedAt) =>
      serial(async () => {
        const d = await db();
        const existing = await d.get('recordings', streamId);
        // A studio reopened during the same show carries on: only an unfinished recording is kept.
        if (existing && !existing.finished) return;
        if (existing) await removeAll(d, streamId);
        await d.put('recordings', { streamId, mimeType, startedAt, totalBytes: 0, finished: false });
      }),
    append: (streamId, piece) =>
      serial(async () => {
        if (piece.size === 0) return;
        const d = await db();
        const tx = d.transaction(['recordings', 'pieces'], 'readwrite');
        const meta = await tx.objectStore('recordings').get(streamId);
        if (!meta || meta.finished) return;
        await tx
          .objectStore('pieces')
          .put({ streamId, start: meta.totalBytes, size: piece.size, blob: piece });
        await tx.objectStore('recordings').put({ ...meta, totalBytes: meta.totalBytes + piece.size });
        await tx.done;
      }),
    finish: (streamId) =>
      serial(async () => {
        const d = await db();
        const meta = await d.get('recordings', streamId);
        if (meta) await d.put('recordings', { ...meta, finished: true });
      }),
    async get(streamId) {
      return (await (await db()).get('recordings', streamId)) ?? null;
    },
    async slice(streamId, from, to) {
      const pieces = await (await db()).getAllFromIndex('pieces', 'byStream', streamId);
      return assemble(pieces, from, to);
    },
    async acknowledge(streamId, upTo) {
      const d = await db();
      const tx = d.transaction('pieces', 'readwrite');
      for (const p of await tx.store.index('byStream').getAll(streamId)) {
        if (p.start + p.size <= upTo) await tx.store.delete([streamId, p.start]);
      }
      await tx.done;
    },
    remove: (streamId) => serial(async () => removeAll(await db(), streamId)),
  };
}

async function removeAll(d: IDBPDatabase<ReplayDb>, streamId: string) {
  const tx = d.transaction(['recordings', 'pieces'], 'readwrite');
  for (const key of await tx.objectStore('pieces').index('byStream').getAllKeys(streamId)) {
    await tx.objectStore('pieces').delete(key);
  }
  await tx.objectStore('recordings').delete(streamId);
  await tx.done;
}

/** The same store in memory, for tests and for browsers without IndexedDB. */
export function memoryRecordingStore(): RecordingStore {
  const metas = new Map<string, RecordingMeta>();
  let pieces: Piece[] = [];
  return {
    async begin(streamId, mimeType, startedAt) {
      const existing = metas.get(streamId);
      if (existing && !existing.finished) return;
      pieces = pieces.filter((p) => p.streamId !== streamId);
      metas.set(streamId, { streamId, mimeType, startedAt, totalBytes: 0, finished: false });
    },
    async append(streamId, piece) {
      const meta = metas.get(streamId);
      if (!meta || meta.finished || piece.size === 0) return;
      pieces.push({ streamId, start: meta.totalBytes, size: piece.size, blob: piece });
      metas.set(streamId, { ...meta, totalBytes: meta.totalBytes + piece.size });
    },
    async finish(streamId) {
      const meta = metas.get(streamId);
      if (meta) metas.set(streamId, { ...meta, finished: true });
    },
    async get(streamId) {
      return metas.get(streamId) ?? null;
    },
    async slice(streamId, from, to) {
      return assemble(
        pieces.filter((p) => p.streamId === streamId),
        from,
        to,
      );
    },
    async acknowledge(streamId, upTo) {
      pieces = pieces.filter((p) => p.streamId !== streamId || p.start + p.size > upTo);
    },
    async remove(streamId) {
      metas.delete(streamId);
      pieces = pieces.filter((p) => p.streamId !== streamId);
    },
  };
}

let shared: RecordingStore | null = null;
/** The app's store: IndexedDB where the browser has it, memory otherwise. */
export function recordingStore(): RecordingStore {
  shared ??= typeof indexedDB === 'undefined' ? memoryRecordingStore() : indexedDbRecordingStore();
  return shared;
}
