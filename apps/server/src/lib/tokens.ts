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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') throw new UnauthorizedError();
        return { sub: payload.sub, ver: payload.ver };
      } catch (err) {
        if (err instanceof UnauthorizedError || err instanceof errors.JOSEError)
          throw new UnauthorizedError('Invalid token');
        throw err;
      }
    },
  };
}
