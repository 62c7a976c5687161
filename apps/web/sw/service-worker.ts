/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  API_CACHE,
  API_CACHE_MAX_AGE_SECONDS,
  API_NETWORK_TIMEOUT_SECONDS,
  CACHED_AT_HEADER,
  isCacheableApiGet,
  isMediaGet,
  MEDIA_CACHE,
  sessionKeyOf,
} from '../src/lib/offline-cache-rules';

/*
 * The app's service worker (docs/phone.md). The app shell is precached, so the dashboard opens with
 * no connection; the dashboard's GET answers are kept network-first, so it opens with the last data
 * seen, marked with the time it was received. A new version installs beside the running one and
 * waits: it takes over when every tab of the app has closed, never by reloading a seller's screen.
 * The Update Available overlay's Refresh Now unregisters this worker, then reloads.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html (the server's history fallback), from the precache.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The server's own pages: the pay links and the local test checkout.
    denylist: [/^\/api\//, /^\/socket\.io\//, /^\/pay\//],
  }),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Chunks left out of the precache (the video SDKs): kept once fetched; their names are hashed.
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'kasuwa-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })],
  }),
);

// Product photos, posters and avatars: immutable URLs, kept for offline lists.
registerRoute(
  ({ url, request }) => isMediaGet(url, request.method, sameOrigin(url)),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

const apiCacheKey = async (request: Request) => {
  const url = new URL(request.url);
  url.searchParams.set('__session', await sessionKeyOf(request.headers.get('authorization')));
  return url.href;
};

/** A kept answer, saying when it was received (the "Offline — showing data from" banner reads it). */
const stamped = (cached: Response) => {
  const headers = new Headers(cached.headers);
  headers.set(CACHED_AT_HEADER, cached.headers.get('date') ?? new Date().toUTCString());
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
};

/** Keeps at most this many answers; the oldest go first. */
const API_CACHE_MAX_ENTRIES = 200;

async function trimApiCache(cache: Cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - API_CACHE_MAX_ENTRIES))) await cache.delete(key);
}

const isFresh = (cached: Response) => {
  const date = Date.parse(cached.headers.get('date') ?? '');
  return Number.isNaN(date) || Date.now() - date < API_CACHE_MAX_AGE_SECONDS * 1000;
};

/*
 * Network first: a fresh answer is shown and kept; with no answer (offline, or nothing after
 * API_NETWORK_TIMEOUT_SECONDS on a crawling connection) the kept one is shown, stamped with its time.
 */
registerRoute(
  ({ url, request }) => isCacheableApiGet(url, request.method, sameOrigin(url)),
  async ({ request, event }) => {
    const cache = await caches.open(API_CACHE);
    const key = await apiCacheKey(request);
    const network = fetch(request);
    const timeout = new Promise<null>((resolve) =>
      setTimeout(() => resolve(null), API_NETWORK_TIMEOUT_SECONDS * 1000),
    );
    const fromCache = async () => {
      const cached = await cache.match(key);
      return cached && isFresh(cached) ? stamped(cached) : null;
    };
    try {
      const response = await Promise.race([network, timeout]);
      if (response) {
        if (response.status === 200) {
          event.waitUntil(cache.put(key, response.clone()).then(() => trimApiCache(cache)));
        }
        return response;
      }
      // Slow: the kept answer now if there is one, else keep waiting for the network.
      return (await fromCache()) ?? (await network);
    } catch (error) {
      const cached = await fromCache();
      if (cached) return cached;
      throw error;
    }
  },
);
