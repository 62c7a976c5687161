import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { setPhotoProgress } from '@/lib/photo-progress';

/**
 * The outbox: what the seller saved while the phone had no connection (a product, a live show),
 * kept in IndexedDB until the server has it. Nothing a seller typed is lost to a dropped connection
 * or a closed tab: the entry and its photos outlive the page, and are sent when the connection
 * returns (features/offline/outbox-runner.tsx).
 *
 * Photos picked offline are kept here as blobs, and stand in the form's values as `local-photo:<id>`
 * URLs. Each is uploaded once: its server URL is written into the entry as soon as it is up, so a
 * connection that drops half-way through a draft re-sends only the photos not yet sent.
 */

export const LOCAL_PHOTO_PREFIX = 'local-photo:';
export const isLocalPhoto = (url: string | null | undefined): url is string =>
  typeof url === 'string' && url.startsWith(LOCAL_PHOTO_PREFIX);

export type OutboxKind = 'product' | 'live-show';

export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  sellerId: string;
  /** ISO-8601: when the seller saved it. */
  createdAt: string;
  /** A name for lists ("Waiting to upload: Ankara dress"). */
  title: string;
  /** What to send, in the sender's own shape; photos as local-photo: URLs. */
  payload: unknown;
  /** Local photo URL → the URL the server gave it, as each one finishes. */
  uploaded: Record<string, string>;
  status: 'waiting' | 'sending' | 'failed';
  /** The server's reason, when it refused the entry (status 'failed'). */
  error: string | null;
}

/** The storage under the outbox: IndexedDB in the browser, a Map in tests. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  values(): Promise<unknown[]>;
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, unknown>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => {
      map.set(key, value);
    },
    del: async (key) => {
      map.delete(key);
    },
    values: async () => [...map.values()],
  };
}

/**
 * One object store in its own IndexedDB database, through `idb` (the replay recordings use it too).
 * The layout is the one idb-keyval made (version 1, one store, out-of-line keys), so outboxes
 * written before the switch open as they are.
 */
async function idbStore(db: string, store: string): Promise<KeyValueStore> {
  const { openDB } = await import('idb');
  const handle = openDB(db, 1, { upgrade: (d) => void d.createObjectStore(store) });
  return {
    get: async (key) => (await handle).get(store, key),
    set: async (key, value) => void (await (await handle).put(store, value, key)),
    del: async (key) => (await handle).delete(store, key),
    values: async () => (await handle).getAll(store),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isEntry(value: unknown): value is OutboxEntry {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    (value.kind === 'product' || value.kind === 'live-show') &&
    typeof value.sellerId === 'string' &&
    typeof value.createdAt === 'string' &&
    typeof value.title === 'string' &&
    isRecord(value.uploaded) &&
    (value.status === 'waiting' || value.status === 'sending' || value.status === 'failed')
  );
}

export type SendTools = {
  /**
   * The server URL of a photo: a local-photo: URL not yet up is uploaded with `upload` and
   * remembered at once; any other URL is returned as it is. Null for a photo the browser no longer
   * has (evicted storage): the rest of the draft can still be sent.
   */
  resolvePhoto(url: string, upload: PhotoUpload): Promise<string | null>;
};

/**
 * Sends one photo; `key` names it across reloads (its local-photo: URL), so a resumable upload
 * (lib/resumable-upload.ts) picks up where the last try stopped, and `onProgress` feeds the bar.
 */
export type PhotoUpload = (
  file: File,
  progress: { key: string; onProgress: (fraction: number) => void },
) => Promise<string>;

/** Every local-photo: URL in a value, in order of appearance, once each. */
export function localPhotosIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (isLocalPhoto(value) && !found.includes(value)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) localPhotosIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) localPhotosIn(item, found);
  }
  return found;
}

/** `value` with each local photo URL replaced by its server URL; photos with none are left out. */
export function replacePhotos<T>(value: T, urls: ReadonlyMap<string, string | null>): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return isLocalPhoto(item) ? (urls.get(item) ?? null) : item;
    if (Array.isArray(item)) return item.map(walk).filter((x, i) => x !== null || item[i] === null);
    if (typeof item === 'object' && item !== null) {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    }
    return item;
  };
  return walk(value) as T;
}

export type OutboxSender = (entry: OutboxEntry, tools: SendTools) => Promise<void>;

/** A failure worth trying again later: no answer, or the server's own trouble. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

export interface FlushReport {
  sent: OutboxEntry[];
  failed: OutboxEntry[];
  /** True when a send stopped for want of a connection; the rest wait for the next try. */
  interrupted: boolean;
}

export function createOutbox(stores: { entries: KeyValueStore; photos: KeyValueStore }) {
  const listeners = new Set<() => void>();
  /** Told when there is something new to send (an entry added, or a failed one tried again). */
  const workers = new Set<() => void>();
  const kick = () => {
    for (const worker of workers) worker();
  };
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('kasuwa-outbox') : null;
  const notify = (broadcast = true) => {
    for (const listener of listeners) listener();
    if (broadcast) channel?.postMessage('changed');
  };
  if (channel) channel.onmessage = () => notify(false);

  const list = async (): Promise<OutboxEntry[]> =>
    (await stores.entries.values()).filter(isEntry).sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  const patch = async (id: string, change: Partial<OutboxEntry>): Promise<OutboxEntry | null> => {
    const current = await stores.entries.get(id);
    if (!isEntry(current)) return null;
    const next = { ...current, ...change };
    await stores.entries.set(id, next);
    notify();
    return next;
  };

  const photoUrlsOf = (value: unknown) => new Set(localPhotosIn(value));

  const outbox = {
    list,

    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Called when there is something new to send. */
    onWork(worker: () => void) {
      workers.add(worker);
      return () => {
        workers.delete(worker);
      };
    },

    async add(
      entry: Omit<OutboxEntry, 'id' | 'createdAt' | 'uploaded' | 'status' | 'error'>,
      now = new Date(),
    ) {
      const full: OutboxEntry = {
        ...entry,
        id: crypto.randomUUID(),
        createdAt: now.toISOString(),
        uploaded: {},
        status: 'waiting',
        error: null,
      };
      await stores.entries.set(full.id, full);
      notify();
      kick();
      return full;
    },

    /** Forgets an entry and the photos only it used. */
    async remove(id: string) {
      const current = await stores.entries.get(id);
      await stores.entries.del(id);
      if (isEntry(current)) {
        const others = new Set((await list()).flatMap((entry) => localPhotosIn(entry.payload)));
        for (const url of photoUrlsOf(current.payload)) if (!others.has(url)) await stores.photos.del(url);
      }
      notify();
    },

    /** Keeps a photo on the phone; the returned local-photo: URL stands for it in a form. */
    async savePhoto(file: File): Promise<string> {
      const url = `${LOCAL_PHOTO_PREFIX}${crypto.randomUUID()}`;
      await stores.photos.set(url, file);
      return url;
    },

    async readPhoto(url: string): Promise<File | null> {
      const value = await stores.photos.get(url);
      if (value instanceof File) return value;
      if (value instanceof Blob) return new File([value], 'photo', { type: value.type });
      return null;
    },

    async deletePhoto(url: string) {
      await stores.photos.del(url);
    },

    /**
     * Sends every waiting entry of `sellerId`, oldest first, through the sender of its kind. An
     * entry the server refuses (a 4xx) is kept as 'failed' with the server's reason, never dropped;
     * a lost connection stops the run and leaves the rest waiting.
     */
    async flush(sellerId: string, senders: Partial<Record<OutboxKind, OutboxSender>>): Promise<FlushReport> {
      const report: FlushReport = { sent: [], failed: [], interrupted: false };
      for (const entry of await list()) {
        if (entry.sellerId !== sellerId || entry.status === 'failed') continue;
        const sender = senders[entry.kind];
        if (!sender) continue;
        let uploaded = { ...entry.uploaded };
        await patch(entry.id, { status: 'sending' });
        const tools: SendTools = {
          resolvePhoto: async (url, upload) => {
            if (!isLocalPhoto(url)) return url;
            const done = uploaded[url];
            if (done) return done;
            const file = await outbox.readPhoto(url);
            if (!file) return null;
            setPhotoProgress(entry.id, 0);
            const onProgress = (fraction: number) => setPhotoProgress(entry.id, fraction);
            const serverUrl = await upload(file, { key: url, onProgress }).finally(() =>
              setPhotoProgress(entry.id, null),
            );
            uploaded = { ...uploaded, [url]: serverUrl };
            await patch(entry.id, { uploaded });
            return serverUrl;
          },
        };
        try {
          await sender({ ...entry, uploaded }, tools);
        } catch (error) {
          if (isRetryable(error)) {
            await patch(entry.id, { status: 'waiting' });
            report.interrupted = true;
            break;
          }
          const message = error instanceof Error ? error.message : 'The server refused it.';
          const failed = await patch(entry.id, { status: 'failed', error: message });
          if (failed) report.failed.push(failed);
          continue;
        }
        await outbox.remove(entry.id);
        report.sent.push(entry);
      }
      return report;
    },

    /** A failed entry, tried again (after the seller fixed what the server refused, or just again). */
    async retry(id: string) {
      await patch(id, { status: 'waiting', error: null });
      kick();
    },

    /** An entry left 'sending' by a tab that closed mid-send is waiting again. */
    async recover() {
      for (const entry of await list())
        if (entry.status === 'sending') await patch(entry.id, { status: 'waiting' });
    },
  };
  return outbox;
}

export type Outbox = ReturnType<typeof createOutbox>;

let shared: Promise<Outbox> | null = null;

/** The app's outbox in IndexedDB; null where the browser has none (private modes of old browsers). */
export function appOutbox(): Promise<Outbox> {
  if (!shared) {
    shared = (async () =>
      createOutbox({
        entries: await idbStore('kasuwa-outbox', 'entries'),
        photos: await idbStore('kasuwa-outbox-photos', 'photos'),
      }))();
  }
  return shared;
}

/** Keeps a draft in the app's outbox; true once it is safely stored on the phone. */
export async function keepInOutbox(draft: Parameters<Outbox['add']>[0]): Promise<boolean> {
  try {
    await (await appOutbox()).add(draft);
    return true;
  } catch {
    return false;
  }
}

/**
 * `body` with each photo still on the phone sent with `upload` (each once: `tools` remembers what is
 * up) and replaced by its server URL. The senders of every kind of draft send their photos this way.
 */
export async function withServerPhotos<T>(body: T, tools: SendTools, upload: PhotoUpload): Promise<T> {
  const urls = new Map<string, string | null>();
  for (const local of localPhotosIn(body)) urls.set(local, await tools.resolvePhoto(local, upload));
  return replacePhotos(body, urls);
}

/** Tests: the outbox every hook and component uses. */
export function setAppOutbox(outbox: Outbox | null): void {
  shared = outbox ? Promise.resolve(outbox) : null;
}

/** The entries of one seller and kind, following changes (this tab's and other tabs'). */
export function useOutboxEntries(sellerId: string | null, kind: OutboxKind): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (!sellerId) return;
    let live = true;
    let unsubscribe = () => {};
    void appOutbox()
      .then((outbox) => {
        const load = () =>
          void outbox
            .list()
            .then((all) => live && setEntries(all.filter((e) => e.sellerId === sellerId && e.kind === kind)))
            .catch(() => {});
        unsubscribe = outbox.subscribe(load);
        load();
      })
      .catch(() => {});
    return () => {
      live = false;
      unsubscribe();
    };
  }, [sellerId, kind]);
  return entries;
}

/** An <img> src for a photo URL: a local-photo: URL becomes an object URL of the kept blob. */
export function useLocalPhotoSrc(url: string | null): string | null {
  const [src, setSrc] = useState<string | null>(isLocalPhoto(url) ? null : url);
  useEffect(() => {
    if (!isLocalPhoto(url)) {
      setSrc(url);
      return;
    }
    let objectUrl: string | null = null;
    let live = true;
    void appOutbox()
      .then((outbox) => outbox.readPhoto(url))
      .then((file) => {
        if (!live || !file) return;
        objectUrl = URL.createObjectURL(file);
        setSrc(objectUrl);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}
