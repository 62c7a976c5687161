import { describe, expect, it } from 'vitest';
import { checkProtectedPath, isProtectedPath } from '@/features/auth/feature-guard';
import { testSeller } from '@/test/fake-api';

describe('the route guard of SPEC section 5', () => {
  it('protects product editing and every live-stream feature, and nothing else', () => {
    for (const path of [
      '/dashboard/add-products',
      '/dashboard/edit-product',
      '/dashboard/edit-product/p-1',
      '/dashboard/livestreaming',
      '/dashboard/live-streams/create-live-auction',
      '/dashboard/live-streams/create-live-show',
      '/dashboard/live-streams/live-stream-studio/s-1',
    ]) {
      expect(isProtectedPath(path), path).toBe(true);
    }
    for (const path of ['/dashboard/home', '/dashboard/products', '/dashboard/live-streams/live-stream']) {
      expect(isProtectedPath(path), path).toBe(false);
    }
  });

  it('asks for a verified e-mail first', () => {
    const seller = testSeller({ emailVerified: false, hasFilledAddress: false });
    expect(checkProtectedPath('/dashboard/add-products', seller)).toEqual({
      title: 'Email Verification Required',
      description: 'Verify your email to access this feature',
      redirectTo: '/dashboard/home',
    });
  });

  it('then a pickup address: the seller address for individuals, the business address for businesses', () => {
    expect(checkProtectedPath('/dashboard/add-products', testSeller({ hasFilledAddress: false }))).toEqual({
      title: 'Pickup Address Required',
      description: 'Register your pickup address to access this feature',
      redirectTo: '/dashboard/home?pickupAddressRequired=true',
    });
    const business = testSeller({
      accountType: 'business',
      hasFilledAddress: true,
      hasFilledBusinessAddress: false,
    });
    expect(checkProtectedPath('/dashboard/livestreaming', business)?.title).toBe('Pickup Address Required');
    const ready = testSeller({ accountType: 'business', hasFilledBusinessAddress: true });
    expect(checkProtectedPath('/dashboard/livestreaming', ready)).toBeNull();
  });
});
