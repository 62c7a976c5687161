import { describe, expect, it } from 'vitest';
import { type FeatureGateSeller, featureGateRefusal, isFeatureGateCode } from './feature-gate.ts';
import { featureGateErrorResponse } from './feature-gate-response.ts';

const ready: FeatureGateSeller = {
  emailVerified: true,
  accountType: 'individual',
  hasFilledAddress: true,
  hasFilledBusinessAddress: false,
};

describe('the SPEC section 5 gate', () => {
  it('lets a verified seller with the pickup address of their account type through', () => {
    expect(featureGateRefusal(ready)).toBeNull();
    expect(
      featureGateRefusal({
        ...ready,
        accountType: 'business',
        hasFilledAddress: false,
        hasFilledBusinessAddress: true,
      }),
    ).toBeNull();
    // No account type chosen yet: the individual path's address counts, as in the web's guard.
    expect(featureGateRefusal({ ...ready, accountType: null })).toBeNull();
  });

  it('names the e-mail first, then the pickup address', () => {
    expect(featureGateRefusal({ ...ready, emailVerified: false, hasFilledAddress: false })).toBe(
      'EMAIL_VERIFICATION_REQUIRED',
    );
    expect(featureGateRefusal({ ...ready, hasFilledAddress: false })).toBe('PICKUP_ADDRESS_REQUIRED');
  });

  it('judges a business by its business address only, an individual by its seller address only', () => {
    expect(
      featureGateRefusal({
        ...ready,
        accountType: 'business',
        hasFilledAddress: true,
        hasFilledBusinessAddress: false,
      }),
    ).toBe('PICKUP_ADDRESS_REQUIRED');
    expect(featureGateRefusal({ ...ready, hasFilledAddress: false, hasFilledBusinessAddress: true })).toBe(
      'PICKUP_ADDRESS_REQUIRED',
    );
  });

  it('recognises its codes only', () => {
    expect(isFeatureGateCode('PICKUP_ADDRESS_REQUIRED')).toBe(true);
    expect(isFeatureGateCode('ACCOUNT_DISABLED')).toBe(false);
    expect(isFeatureGateCode(undefined)).toBe(false);
    expect(featureGateErrorResponse.safeParse({ message: 'No', code: 'SOMETHING_ELSE' }).success).toBe(false);
    expect(featureGateErrorResponse.safeParse({ message: 'Your account has been disabled.' }).success).toBe(
      true,
    );
  });
});
