import { useSyncExternalStore } from 'react';
import { CACHED_AT_HEADER } from '@/lib/offline-cache-rules';

/**
 * Whether the phone has a connection, and how old the data on screen is when it has not.
 *
 * The service worker answers the dashboard's GET calls from its cache when the network fails, and
 * marks such an answer with CACHED_AT_HEADER (the time the answer was first received). The API
 * client reports every answer here, so the offline banner can say "showing data from 14:05".
 */

let online = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
/** The oldest cached answer shown since the last fresh one, or null when everything is fresh. */
let cachedSince: number | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function setOnline(next: boolean) {
  if (next === online) return;
  online = next;
  notify();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setOnline(true));
  window.addEventListener('offline', () => setOnline(false));
}

/** Called by the API client with every answer: a cached one carries the time it was saved. */
export function noteAnswer(headers: Pick<Headers, 'get'> | undefined): void {
  const stamp = typeof headers?.get === 'function' ? headers.get(CACHED_AT_HEADER) : null;
  const at = stamp ? Date.parse(stamp) : Number.NaN;
  if (Number.isNaN(at)) {
    if (cachedSince !== null) {
      cachedSince = null;
      notify();
    }
    return;
  }
  if (cachedSince === null || at < cachedSince) {
    cachedSince = at;
    notify();
  }
}

/** A request that got no answer at all: the phone is offline whatever navigator.onLine believes. */
export function noteNoAnswer(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) setOnline(false);
}

export interface OnlineStatus {
  online: boolean;
  /** When the oldest answer on screen was received, if it came from the cache. */
  cachedSince: number | null;
}

let snapshot: OnlineStatus = { online, cachedSince };
function read(): OnlineStatus {
  if (snapshot.online !== online || snapshot.cachedSince !== cachedSince) snapshot = { online, cachedSince };
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useOnlineStatus(): OnlineStatus {
  return useSyncExternalStore(subscribe, read, read);
}

/** Tests: back to a fresh, online start. */
export function resetOnlineStatus(next: { online: boolean } = { online: true }): void {
  online = next.online;
  cachedSince = null;
  notify();
}
