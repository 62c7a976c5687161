import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { BuyerRow } from '@/db/schema/buyers.ts';
import { type SellerRow, sellers } from '@/db/schema/index.ts';
import { ForbiddenError, HttpError, UnauthorizedError } from '@/lib/errors.ts';
import type { MediaAccess } from '@/lib/media-access.ts';
import type { SessionClaims, TokenService } from '@/lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the seller hooks below; null on routes without them or for a visitor. */
    seller: SellerRow | null;
    /** Set by `requireBuyer`; null on routes without it. */
    buyer: BuyerRow | null;
    /** Set by a deferred seller hook (`DeferredSeller`): the token's claims, its seller not yet read. */
    sellerClaims: SessionClaims | null;
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

type SellerHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type RequireSeller = ((options?: {
  /** The profile stays readable to a disabled seller, so the dashboard can say why they are stopped. */
  allowDisabled?: boolean;
}) => SellerHook) & {
  /** The same rules for a read that fetches the seller's standing in its own statement. */
  deferred: DeferredSeller;
};

/** What the rules need of a seller's row: its token version and its two switches. */
export type SellerStanding = Pick<SellerRow, 'tokenVersion' | 'isBlocked' | 'isDisabled'>;

/**
 * The seller hook split in two for a hot read (the Orders list): `hook` checks the token alone (its
 * signature and expiry: 401 otherwise) and keeps its claims; the route's own statement reads the
 * seller's standing beside its answer (one database round trip instead of two), and the `admit` that
 * `answer` hands the route applies the same rules to it before anything is answered — a stale token
 * 401, a blocked seller 404, a disabled one 403 — then records the device and refreshes the media
 * cookie as the full hook does. Whatever the route throws before admitting (its own 400s, including
 * a query the schema refused: the route sets `attachValidation`) is thrown only after the full
 * hook's read and rules, so a bad query with a dead token is still a 401, as on every seller route.
 */
export type DeferredSeller = {
  hook: SellerHook;
  answer: <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (sellerId: string, admit: (standing: SellerStanding | undefined) => void) => Promise<T>,
  ) => Promise<T>;
};

/** A seller's standing against a token's claims: the seller, or the error every seller route answers. */
function admitted<S extends SellerStanding>(
  seller: S | undefined,
  claims: SessionClaims,
  options: { allowDisabled?: boolean },
): S {
  if (!seller || seller.tokenVersion !== claims.ver) throw new UnauthorizedError('Invalid token');
  if (seller.isBlocked) throw new SellerBlockedError();
  if (seller.isDisabled && !options.allowDisabled) throw new ForbiddenError(ACCOUNT_DISABLED_MESSAGE);
  return seller;
}

/**
 * Builds the `onRequest` hook of every route that needs a signed-in seller: a valid bearer token
 * whose version matches the seller's, for a seller who is neither blocked nor (by default) disabled.
 */
export function sellerAuth(
  db: Database,
  tokens: TokenService,
  media?: MediaAccess,
  /** Told of each request a token let in (Settings' list of signed-in devices); must not throw or wait. */
  seen?: (seller: Pick<SellerRow, 'id' | 'tokenVersion'>, request: FastifyRequest) => void,
): RequireSeller {
  const authenticate = tokenAuthenticator(db, tokens);
  const letIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    seller: Pick<SellerRow, 'id' | 'tokenVersion'>,
  ) => {
    seen?.(seller, request);
    // The dashboard's <img> tags of the seller's own draft photos carry this cookie, not the token.
    media?.refresh(request, reply, seller.id);
  };
  const requireSeller = (options: { allowDisabled?: boolean } = {}) =>
    tagged(async (request: FastifyRequest, reply: FastifyReply) => {
      request.seller = await authenticate(bearerToken(request), options);
      letIn(request, reply, request.seller);
    }, 'seller');
  const read = requireSeller();
  const claimsOf = (request: FastifyRequest): SessionClaims => {
    if (!request.sellerClaims) throw new UnauthorizedError('Invalid token');
    return request.sellerClaims;
  };
  const deferred: DeferredSeller = {
    hook: tagged(async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new UnauthorizedError('Invalid token');
      request.sellerClaims = await tokens.verify(token);
    }, 'seller'),
    answer: async (request, reply, work) => {
      const claims = claimsOf(request);
      let admittedOnce = false;
      const admit = (standing: SellerStanding | undefined) => {
        admitted(standing, claims, {});
        admittedOnce = true;
        letIn(request, reply, { id: claims.sub, tokenVersion: claims.ver });
      };
      try {
        if (request.validationError) throw request.validationError;
        return await work(claims.sub, admit);
      } catch (err) {
        // Refused by the rules, or a 400 (or a failure) before them: the full read answers first.
        if (!admittedOnce) await read(request, reply);
        throw err;
      }
    },
  };
  return Object.assign(requireSeller, { deferred });
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
    return admitted(seller, claims, options);
  };
}

/** The seller the auth hook found; only call it from a route that has the hook. */
export function currentSeller(request: FastifyRequest): SellerRow {
  if (!request.seller) throw new UnauthorizedError('Invalid token');
  return request.seller;
}
