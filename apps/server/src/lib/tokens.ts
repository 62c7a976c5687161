import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '@/lib/clock.ts';
import { UnauthorizedError } from '@/lib/errors.ts';

const ISSUER = 'kasuwa-seller-api';
/** Seller sessions. */
export const SELLER_AUDIENCE = 'kasuwa-seller-web';
/** Buyer sessions: same secret, another audience, so neither kind of token passes for the other. */
export const BUYER_AUDIENCE = 'kasuwa-buyer';
// One fixed algorithm: a token naming any other (including "none") is refused before its signature is read.
const ALGORITHM = 'HS256';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** How many verified tokens one node remembers (about 300 bytes each); all are forgotten when full. */
const REMEMBERED_TOKENS = 10_000;

export type SessionClaims = {
  /** Seller id (or buyer id, for the buyer audience). */
  sub: string;
  /** The account's token version when issued; a password reset bumps it and retires older tokens. */
  ver: number;
};

export type TokenService = ReturnType<typeof tokenService>;

/** Session tokens: JWTs signed with the server's secret, checked for issuer, audience and expiry. */
export function tokenService(
  secret: string,
  clock: Clock,
  ttlSeconds = SESSION_TTL_SECONDS,
  audience = SELLER_AUDIENCE,
) {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens whose signature and claims were checked, with the times their validity depends on. A
   * token is a fixed string, so its signature never needs checking twice; only its expiry (and a
   * not-before, were one ever set) is compared with the clock again. Checking an HS256 signature
   * through WebCrypto cost about 0.4 ms of CPU, more than the rest of a small request
   * (docs/order-lists.md). Whether the seller may still use it (token version, blocked, disabled)
   * is read on every request, as before.
   */
  const verified = new Map<string, { claims: SessionClaims; exp: number; nbf: number | undefined }>();
  return {
    async sign(account: { id: string; tokenVersion: number }): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ ver: account.tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(account.id)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },

    async verify(token: string): Promise<SessionClaims> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const known = verified.get(token);
      // The same tests as jose's: valid while exp > now and nbf <= now.
      if (known && known.exp > now && (known.nbf === undefined || known.nbf <= now)) return known.claims;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') throw new UnauthorizedError();
        const claims = { sub: payload.sub, ver: payload.ver };
        if (typeof payload.exp === 'number') {
          if (verified.size >= REMEMBERED_TOKENS) verified.clear();
          verified.set(token, { claims, exp: payload.exp, nbf: payload.nbf });
        }
        return claims;
      } catch (err) {
        if (err instanceof UnauthorizedError || err instanceof errors.JOSEError)
          throw new UnauthorizedError('Invalid token');
        throw err;
      }
    },
  };
}
