/**
 * SPEC section 5/6: "A verified e-mail and a pickup address gate product creation and editing and
 * all live-stream features." The web's route guard and the server apply the same rule, and a
 * refusal from the server names which condition is missing with `code`, so the web can say the
 * guard's words and send the seller where the guard sends them.
 *
 * This module carries no zod (its schemas are in feature-gate-response.ts), so the web's entry chunk
 * (the API client) can use it without loading the contracts' schemas on /login.
 */
export const FEATURE_GATE_CODES = ['EMAIL_VERIFICATION_REQUIRED', 'PICKUP_ADDRESS_REQUIRED'] as const;
export type FeatureGateCode = (typeof FEATURE_GATE_CODES)[number];

/** The route guard's toast: `title` with `message` as its description; `message` is the API's too. */
export const FEATURE_GATE_REFUSALS: Readonly<Record<FeatureGateCode, { title: string; message: string }>> = {
  EMAIL_VERIFICATION_REQUIRED: {
    title: 'Email Verification Required',
    message: 'Verify your email to access this feature',
  },
  PICKUP_ADDRESS_REQUIRED: {
    title: 'Pickup Address Required',
    message: 'Register your pickup address to access this feature',
  },
};

export function isFeatureGateCode(value: unknown): value is FeatureGateCode {
  return typeof value === 'string' && (FEATURE_GATE_CODES as readonly string[]).includes(value);
}

export interface FeatureGateSeller {
  emailVerified: boolean;
  accountType: 'individual' | 'business' | null;
  hasFilledAddress: boolean;
  hasFilledBusinessAddress: boolean;
}

/**
 * The pickup address is the address of the seller's onboarding path: a business registers its
 * business address, anyone else (an individual, or a seller who has not chosen yet) a seller address.
 */
export function hasPickupAddress(
  seller: Pick<FeatureGateSeller, 'accountType' | 'hasFilledAddress' | 'hasFilledBusinessAddress'>,
): boolean {
  return seller.accountType === 'business' ? seller.hasFilledBusinessAddress : seller.hasFilledAddress;
}

/** Why the seller may not use the gated features yet (the e-mail first, as the guard checks), or null. */
export function featureGateRefusal(seller: FeatureGateSeller): FeatureGateCode | null {
  if (!seller.emailVerified) return 'EMAIL_VERIFICATION_REQUIRED';
  if (!hasPickupAddress(seller)) return 'PICKUP_ADDRESS_REQUIRED';
  return null;
}
