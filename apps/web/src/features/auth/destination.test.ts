import { describe, expect, it } from 'vitest';
import { destinationAfterLogin } from '@/features/auth/destination';

describe('destinationAfterLogin', () => {
  it('starts onboarding when the seller has no marker yet', () => {
    expect(destinationAfterLogin({ onboardingProcess: null, isVerified: false })).toBe('/onboarding/profile');
  });

  it('opens the dashboard for an approved seller whose marker is account-approval', () => {
    expect(destinationAfterLogin({ onboardingProcess: 'account-approval', isVerified: true })).toBe(
      '/dashboard/home',
    );
  });

  it('shows the approval screen to a seller still in review', () => {
    expect(destinationAfterLogin({ onboardingProcess: 'account-approval', isVerified: false })).toBe(
      '/onboarding/account-approval',
    );
  });

  it.each([
    'business-onboarding',
    'business-information-onboarding',
    'business-verification-onboarding',
    'business-bank-onboarding',
    'business-category-onboarding',
    'individual-onboarding',
    'individual-verification-onboarding',
    'create-profile',
  ] as const)('resumes onboarding at %s', (marker) => {
    expect(destinationAfterLogin({ onboardingProcess: marker, isVerified: true })).toBe(
      `/onboarding/${marker}`,
    );
  });
});
