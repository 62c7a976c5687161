import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock.ts';

export const MEDIA_COOKIE = 'kasuwa_media';
/** A seller who stops using the dashboard keeps seeing their own private photos this long. */
const LIFETIME_SECONDS = 12 * 60 * 60;
/** How many cookie values one node remembers having signed or checked; all are forgotten when full. */
const REMEMBERED = 10_000;

/**
 * Lets a seller's browser load the seller's own not-yet-public media (a draft product's photos)
 * through plain `<img>` tags, which send cookies but never the dashboard's bearer token.
 *
 * Every authenticated seller call (plugins/auth.ts) sets an HttpOnly cookie scoped to
 * `/api/media`, `<sellerId>.<expiry>.<HMAC>`, when the browser has none for that seller or half its
 * life is gone. It proves only "this browser recently held this seller's session" and opens only
 * the seller's own media: nothing else reads it, scripts cannot, and other sites' pages do not
 * send it (SameSite=Lax).
 */
export function mediaAccess(secret: string, clock: Clock) {
  const key = createHmac('sha256', secret).update('kasuwa media access cookie').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  // Every signed-in call reads the cookie and most calls without one get one: the values this node
  // signed or checked are remembered (as tokens.ts does with tokens), so a request pays no HMAC.
  const checked = new Map<string, { sellerId: string; expires: number }>();
  const issued = new Map<string, { value: string; expires: number }>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= REMEMBERED) map.clear();
    map.set(key, value);
  };

  const read = (request: FastifyRequest): { sellerId: string; expires: number } | null => {
    const header = request.headers.cookie ?? '';
    const raw = header
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${MEDIA_COOKIE}=`))
      ?.slice(MEDIA_COOKIE.length + 1);
    if (!raw) return null;
    let valid = checked.get(raw);
    if (!valid) {
      const [sellerId, expiresText, mac] = raw.split('.');
      if (!sellerId || !expiresText || !mac) return null;
      const expected = Buffer.from(sign(`${sellerId}.${expiresText}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expires = Number(expiresText);
      if (!Number.isInteger(expires)) return null;
      valid = { sellerId, expires };
      remember(checked, raw, valid);
    }
    return valid.expires > nowSeconds() ? valid : null;
  };

  /** A cookie value for `sellerId` with over half its life left: the one last signed, or a new one. */
  const current = (sellerId: string): { value: string; expires: number } => {
    const now = nowSeconds();
    const last = issued.get(sellerId);
    if (last && last.expires - now > LIFETIME_SECONDS / 2) return last;
    const expires = now + LIFETIME_SECONDS;
    const fresh = { value: `${sellerId}.${expires}.${sign(`${sellerId}.${expires}`)}`, expires };
    remember(issued, sellerId, fresh);
    return fresh;
  };
  const cookieValue = (sellerId: string) => current(sellerId).value;

  return {
    /** A fresh cookie value for `sellerId` (what refresh sets; tests send it as a browser would). */
    cookieValue,

    /** The seller whose media this browser may load, or null. */
    sellerOf: (request: FastifyRequest): string | null => read(request)?.sellerId ?? null,

    /** Gives the browser a fresh cookie for `sellerId` unless it holds one with over half its life left. */
    refresh(request: FastifyRequest, reply: FastifyReply, sellerId: string): void {
      const held = read(request);
      if (held?.sellerId === sellerId && held.expires - nowSeconds() > LIFETIME_SECONDS / 2) return;
      const { value, expires } = current(sellerId);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      // The browser keeps it as long as the server accepts it.
      reply.header(
        'set-cookie',
        `${MEDIA_COOKIE}=${value}; Path=/api/media; Max-Age=${expires - nowSeconds()}; HttpOnly; SameSite=Lax${secure}`,
      );
    },
  };
}
export type MediaAccess = ReturnType<typeof mediaAccess>;
