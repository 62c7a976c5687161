import { describe, expect, it } from 'vitest';
import {
  isDirectLoginAccess,
  readBearerToken,
  readSellerToken,
  replaceBearerToken,
  writeSeller,
  writeSession,
} from '@/lib/session-token';
import { localKeys, sessionKeys } from '@/lib/storage';
import { testSeller } from '@/test/fake-api';

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('the stored session', () => {
  it('is kept as sellerToken {data, token, isVerified} plus the seller record and onboarding marker', () => {
    const seller = testSeller({ onboardingProcess: 'create-profile' });
    writeSession({ data: seller, token: 'tok', isVerified: true });
    expect(stored(localKeys.sellerToken)).toEqual({ data: seller, token: 'tok', isVerified: true });
    expect(stored(localKeys.seller)).toEqual(seller);
    expect(stored(localKeys.onboardingProcess)).toBe('create-profile');
    expect(readBearerToken()).toBe('tok');
  });

  it('reads as no session when the stored value is not a session', () => {
    localStorage.setItem(localKeys.sellerToken, JSON.stringify({ token: 't' }));
    expect(readSellerToken()).toBeNull();
    localStorage.setItem(
      localKeys.sellerToken,
      JSON.stringify({ data: testSeller(), token: '', isVerified: true }),
    );
    expect(readBearerToken()).toBeNull();
  });

  it('replaces the token only while the session it refreshes is still stored', () => {
    writeSession({ data: testSeller(), token: 'old', isVerified: true });
    expect(replaceBearerToken('other', 'new')).toBe(false);
    expect(readBearerToken()).toBe('old');
    expect(replaceBearerToken('old', 'new')).toBe(true);
    expect(readBearerToken()).toBe('new');
    localStorage.clear();
    expect(replaceBearerToken('new', 'newer')).toBe(false);
    expect(readBearerToken()).toBeNull();
  });

  it('keeps the seller inside the session current and forgets a marker that is gone', () => {
    writeSession({ data: testSeller(), token: 'tok', isVerified: true });
    const updated = testSeller({ storeName: 'New Name', onboardingProcess: null });
    writeSeller(updated);
    expect(stored(localKeys.sellerToken)).toEqual({ data: updated, token: 'tok', isVerified: true });
    expect(localStorage.getItem(localKeys.onboardingProcess)).toBeNull();
  });
});

describe('direct-login access', () => {
  it("is on when the tab's storage says true, written raw or as JSON", () => {
    expect(isDirectLoginAccess()).toBe(false);
    sessionStorage.setItem(sessionKeys.directLoginAccess, 'true');
    expect(isDirectLoginAccess()).toBe(true);
    sessionStorage.setItem(sessionKeys.directLoginAccess, '"true"');
    expect(isDirectLoginAccess()).toBe(true);
  });

  it('is off for any other value, and in local storage it does not count', () => {
    sessionStorage.setItem(sessionKeys.directLoginAccess, 'false');
    expect(isDirectLoginAccess()).toBe(false);
    sessionStorage.clear();
    localStorage.setItem(sessionKeys.directLoginAccess, 'true');
    expect(isDirectLoginAccess()).toBe(false);
  });
});
