import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@/db/client.ts';
import { type SellerRow, sellers } from '@/db/schema/index.ts';
import { ForbiddenError, HttpError, UnauthorizedError } from '@/lib/errors.ts';
import type { TokenService } from '@/lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    seller: SellerRow | null;
  }
}

export const ACCOUNT_DISABLED_MESSAGE = 'Your account has been disabled. Please contact support.';

/** A blocked seller is answered 404, which the web reports as 'Unauthorized Seller' (SPEC section 4). */
export class SellerBlockedError extends HttpError {
  constructor() {
    super(404, 'Seller not found');
  }
}

export type RequireSeller = (options?: {
  /** The profile stays readable to a disabled seller, so the dashboard can say why they are stopped. */
  allowDisabled?: boolean;
}) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Builds the `onRequest` hook of every route that needs a signed-in seller: a valid bearer token
 * whose version matches the seller's, for a seller who is neither blocked nor (by default) disabled.
 */
export function sellerAuth(db: Database, tokens: TokenService): RequireSeller {
  const authenticate = tokenAuthenticator(db, tokens);
  return (options = {}) =>
    async (request) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      request.seller = await authenticate(token, options);
    };
}

export type AuthenticateToken = (token: string, options?: { allowDisabled?: boolean }) => Promise<SellerRow>;

/**
 * The seller a bearer token belongs to, with the same rules for HTTP calls and socket handshakes:
 * a valid signature, the seller's current token version, not blocked, not (by default) disabled.
 */
export function tokenAuthenticator(db: Database, tokens: TokenService): AuthenticateToken {
  return async (token, options = {}) => {
    if (!token) throw new UnauthorizedError('Invalid token');
    const claims = await tokens.verify(token);
    const [seller] = await db.select().from(sellers).where(eq(sellers.id, claims.sub)).limit(1);
    if (!seller || seller.tokenVersion !== claims.ver) throw new UnauthorizedError('Invalid token');
    if (seller.isBlocked) throw new SellerBlockedError();
    if (seller.isDisabled && !options.allowDisabled) throw new ForbiddenError(ACCOUNT_DISABLED_MESSAGE);
    return seller;
  };
}

/** The seller the auth hook found; only call it from a route that has the hook. */
export function currentSeller(request: FastifyRequest): SellerRow {
  if (!request.seller) throw new UnauthorizedError('Invalid token');
  return request.seller;
}
