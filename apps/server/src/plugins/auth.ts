import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { BuyerRow } from '@/db/schema/buyers.ts';
import { type SellerRow, sellers } from '@/db/schema/index.ts';
import { ForbiddenError, HttpError, UnauthorizedError } from '@/lib/errors.ts';
import type { MediaAccess } from '@/lib/media-access.ts';
import type { TokenService } from '@/lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the seller hooks below; null on routes without them or for a visitor. */
    seller: SellerRow | null;
    /** Set by `requireBuyer`; null on routes without it. */
    buyer: BuyerRow | null;
  }
}

/**
 * Who a route's auth hook lets in, kept on the hook function itself so the route inventory
 * (src/test/route-inventory.ts) can tell from a route's options who may call it.
 */
export type HookAccess = 'seller' | 'buyer' | 'optional-seller';
export const HOOK_ACCESS: unique symbol = Symbol('kasuwa.hookAccess');
const tagged = <F extends object>(hook: F, access: HookAccess): F =>
  Object.assign(hook, { [HOOK_ACCESS]: access });
export const hookAccessOf = (hook: unknown): HookAccess | undefined =>
  typeof hook === 'function' ? (hook as { [HOOK_ACCESS]?: HookAccess })[HOOK_ACCESS] : undefined;

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
export function sellerAuth(
  db: Database,
  tokens: TokenService,
  media?: MediaAccess,
  /** Told of each request a token let in (Settings' list of signed-in devices); must not throw or wait. */
  seen?: (seller: SellerRow, request: FastifyRequest) => void,
): RequireSeller {
  const authenticate = tokenAuthenticator(db, tokens);
  return (options = {}) =>
    tagged(async (request: FastifyRequest, reply: FastifyReply) => {
      request.seller = await authenticate(bearerToken(request), options);
      seen?.(request.seller, request);
      // The dashboard's <img> tags of the seller's own draft photos carry this cookie, not the token.
      media?.refresh(request, reply, request.seller.id);
    }, 'seller');
}

/** The token of an `Authorization: Bearer …` header, or '' when there is none. */
export const bearerToken = (request: FastifyRequest): string => {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

/**
 * The `onRequest` hook of public reads that show the owner more (drafts, archived products) when a
 * seller's token is sent: a missing or bad token only means the caller is treated as a visitor.
 */
export function optionalSeller(requireSeller: RequireSeller) {
  const authenticate = requireSeller();
  return tagged(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) return;
    try {
      await authenticate(request, reply);
    } catch {
      request.seller = null;
    }
  }, 'optional-seller');
}

/**
 * The buyer of the request's bearer token, also kept as `request.buyer` (so it serves as an
 * `onRequest` hook, and the write rate limit counts per buyer); 401 for none, a seller's token or
 * a stale one.
 */
export type RequireBuyer = (request: FastifyRequest) => Promise<BuyerRow>;

export function buyerAuth(authenticate: (token: string) => Promise<BuyerRow>): RequireBuyer {
  return tagged(async (request: FastifyRequest) => {
    const buyer = await authenticate(bearerToken(request));
    request.buyer = buyer;
    return buyer;
  }, 'buyer');
}

/** The buyer the `requireBuyer` hook found; only call it from a route that has the hook. */
export function currentBuyer(request: FastifyRequest): BuyerRow {
  if (!request.buyer) throw new UnauthorizedError('Invalid token');
  return request.buyer;
}

export type AuthenticateToken = (token: string, options?: { allowDisabled?: boolean }) => Promise<SellerRow>;

/**
 * The seller a bearer token belongs to, with the same rules for HTTP calls and socket handshakes:
 * a valid signature, the seller's current token version, not blocked, not (by default) disabled.
 */
export function tokenAuthenticator(db: Database, tokens: TokenService): AuthenticateToken {
  // Every signed-in request reads its seller: built once and prepared once per pooled connection,
  // where building the query and PostgreSQL's parsing and planning it each time cost more CPU than
  // reading the row (docs/order-lists.md).
  const sellerById = db
    .select()
    .from(sellers)
    .where(eq(sellers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_seller_by_id');
  return async (token, options = {}) => {
    if (!token) throw new UnauthorizedError('Invalid token');
    const claims = await tokens.verify(token);
    const [seller] = await sellerById.execute({ id: claims.sub });
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
