/**
 * What the service worker (sw/service-worker.ts) may keep of the API's answers, so the dashboard
 * opens with its last-seen data when the phone has no connection. Pure functions, shared by the
 * worker and its tests.
 *
 * Never kept: anything about signing in or money changing hands (log-in, tokens, passwords,
 * checkout, payments, payouts, bank details), verification documents, exports and downloaded files
 * (CSV, PDF, zip), and the resumable
 * upload protocol's answers (a transfer's state, never last week's). Photos and video
 * (/api/media) have their own cache.
 */
export const API_CACHE = 'kasuwa-api';
export const MEDIA_CACHE = 'kasuwa-media';
/** Set by the worker on an answer it served from its cache: when the answer was first received. */
export const CACHED_AT_HEADER = 'x-kasuwa-cached-at';
/** How long a kept answer may be shown offline. */
export const API_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** On a slow connection, the kept answer is shown after this long, and the fresh one follows. */
export const API_NETWORK_TIMEOUT_SECONDS = 10;

const NEVER_CACHED =
  /(^|\/)(auth|login|logout|signup|sign-up|register|password|forgot-password|reset-password|[\w-]*token[\w-]*|otp|verify|verification|session|sessions|checkout|pay|payment|payments|payout|payouts|paystack|flutterwave|bank|banks|bank-account|kyc|webhooks?|export|exports|data-export|admin|uploads)(\/|$|\?|\.)/i;

export function isCacheableApiGet(url: URL, method: string, sameOrigin: boolean): boolean {
  if (method !== 'GET' || !sameOrigin) return false;
  const path = url.pathname;
  if (!path.startsWith('/api/') || path.startsWith('/api/media/')) return false;
  // Files to download (CSV lists of buyers, statements, packing slips, the data zip) are never kept.
  if (/\.(csv|pdf|zip)$/i.test(path)) return false;
  return !NEVER_CACHED.test(path.slice('/api'.length));
}

export function isMediaGet(url: URL, method: string, sameOrigin: boolean): boolean {
  return (
    method === 'GET' &&
    sameOrigin &&
    url.pathname.startsWith('/api/media/') &&
    /\.(webp|avif|jpe?g|png)$/i.test(url.pathname)
  );
}

/** The seller a bearer token names (its JWT payload's `id`), or null for any other token. */
export function tokenSubject(authorization: string | null): string | null {
  const payload = authorization?.replace(/^Bearer\s+/i, '').split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof json !== 'object' || json === null) return null;
    const record = json as Record<string, unknown>;
    const id = record.id ?? record.sub;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/**
 * The part of a cache key that keeps one seller's answers from another's on a shared phone: the
 * seller the token names (tokens are renewed often; the seller stays), else the token itself.
 */
export async function sessionKeyOf(authorization: string | null): Promise<string> {
  if (!authorization) return 'anonymous';
  const subject = tokenSubject(authorization) ?? authorization;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(subject));
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}
