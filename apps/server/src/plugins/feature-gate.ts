import { FEATURE_GATE_REFUSALS, type FeatureGateCode, featureGateRefusal } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '@/db/client.ts';
import { type SellerRow, sellers } from '@/db/schema/index.ts';
import { HttpError } from '@/lib/errors.ts';
import { currentSeller } from '@/plugins/auth.ts';

/**
 * SPEC section 5/6: a verified e-mail and a pickup address gate product creation and editing and
 * all live-stream features. The web's route guard only hides screens; the API must refuse too, or
 * any seller with a token could write products and run shows without either.
 *
 * Answered 403 `{ message, code }`: the message is the guard's description, the code says which
 * condition is missing (featureGateErrorResponse in the contracts).
 */
export class FeatureGateError extends HttpError {
  constructor(code: FeatureGateCode) {
    super(403, FEATURE_GATE_REFUSALS[code].message, { code });
  }
}

/** Throws FeatureGateError unless the seller may use the gated features. */
export function assertFeatureAccess(
  seller: Pick<SellerRow, 'emailVerified' | 'accountType' | 'hasFilledAddress' | 'hasFilledBusinessAddress'>,
): void {
  const refusal = featureGateRefusal(seller);
  if (refusal) throw new FeatureGateError(refusal);
}

/**
 * The `onRequest` hook of every gated route, placed after the seller auth hook (which has just
 * read the seller's row, so the flags are current):
 * `onRequest: [requireSeller(), requireFeatureAccess]`. It runs before the body is read, so a
 * refused seller gets the 403 rather than a 400 about the body, and no upload is received.
 */
export async function requireFeatureAccess(request: FastifyRequest): Promise<void> {
  assertFeatureAccess(currentSeller(request));
}

/** Why a seller may not use the gated features now, read fresh (sockets outlive the handshake). */
export type SellerFeatureGate = (sellerId: string) => Promise<FeatureGateCode | null>;

export function sellerFeatureGate(db: Database): SellerFeatureGate {
  return async (sellerId) => {
    const [row] = await db
      .select({
        emailVerified: sellers.emailVerified,
        accountType: sellers.accountType,
        hasFilledAddress: sellers.hasFilledAddress,
        hasFilledBusinessAddress: sellers.hasFilledBusinessAddress,
      })
      .from(sellers)
      .where(eq(sellers.id, sellerId))
      .limit(1);
    // A seller removed since the handshake has nothing to be let into.
    if (!row) return 'EMAIL_VERIFICATION_REQUIRED';
    return featureGateRefusal(row);
  };
}
