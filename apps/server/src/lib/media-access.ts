import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock.ts';

export const MEDIA_COOKIE = 'kasuwa_media';
/** A seller who stops using the dashboard keeps seeing their own private photos this long. */
const LIFETIME_SECONDS = 12 * 60 * 60;

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

  const read = (request: FastifyRequest): { sellerId: string; expires: number } | null => {
    const header = request.headers.cookie ?? '';
    const raw = header
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${MEDIA_COOKIE}=`))
      ?.slice(MEDIA_COOKIE.length + 1);
    const [sellerId, expiresText, mac] = (raw ?? '').split('.');
    if (!sellerId || !expiresText || !mac) return null;
    const expected = Buffer.from(sign(`${sellerId}.${expiresText}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const expires = Number(expiresText);
    return Number.isInteger(expires) && expires > nowSeconds() ? { sellerId, expires } : null;
  };

  const cookieValue = (sellerId: string) => {
    const expires = nowSeconds() + LIFETIME_SECONDS;
    return `${sellerId}.${expires}.${sign(`${sellerId}.${expires}`)}`;
  };

  return {
    /** A fresh cookie value for `sellerId` (what refresh sets; tests send it as a browser would). */
    cookieValue,

    /** The seller whose media this browser may load, or null. */
    sellerOf: (request: FastifyRequest): string | null => read(request)?.sellerId ?? null,

    /** Gives the browser a fresh cookie for `sellerId` unless it holds one with over half its life left. */
    refresh(request: FastifyRequest, reply: FastifyReply, sellerId: string): void {
      const held = read(request);
      if (held?.sellerId === sellerId && held.expires - nowSeconds() > LIFETIME_SECONDS / 2) return;
      const value = cookieValue(sellerId);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${MEDIA_COOKIE}=${value}; Path=/api/media; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
    },
  };
}
export type MediaAccess = ReturnType<typeof mediaAccess>;
