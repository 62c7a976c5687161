/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
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
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html (the server's history fallback), from the precache.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/socket\.io\//],
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

registerRoute(
  ({ url, request }) => isCacheableApiGet(url, request.method, sameOrigin(url)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        // One seller's answers are never shown to another signed in on the same phone.
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          url.searchParams.set('__session', await sessionKeyOf(request.headers.get('authorization')));
          return url.href;
        },
        // Only successful answers are kept.
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
        // An answer from the cache says when it was received, for the "Offline" banner.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(CACHED_AT_HEADER, cachedResponse.headers.get('date') ?? new Date().toUTCString());
          return new Response(cachedResponse.body, {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: API_CACHE_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);
