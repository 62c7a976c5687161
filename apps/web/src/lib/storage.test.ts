import { afterEach, describe, expect, it } from 'vitest';
import {
  chatWidgetKeyPrefix,
  clearSession,
  localKeys,
  onboardingKeyPrefix,
  readStored,
  sessionKeys,
  writeStored,
} from '@/lib/storage';

const isString = (value: unknown): value is string => typeof value === 'string';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storage', () => {
  it('reads back a JSON value that passes the check', () => {
    writeStored(localKeys.visitorId, 'visitor-1');
    expect(readStored(localKeys.visitorId, isString)).toBe('visitor-1');
  });

  it('returns null for a value that fails the check or is not JSON', () => {
    writeStored(localKeys.visitorId, 42);
    expect(readStored(localKeys.visitorId, isString)).toBeNull();
    localStorage.setItem(localKeys.seller, '{not json');
    expect(readStored(localKeys.seller, isString)).toBeNull();
  });

  it('keeps session values in sessionStorage', () => {
    writeStored(sessionKeys.directLoginAccess, 'yes', 'session');
    expect(sessionStorage.getItem(sessionKeys.directLoginAccess)).toBe('"yes"');
    expect(localStorage.getItem(sessionKeys.directLoginAccess)).toBeNull();
  });

  it('clears the session, chat-widget and onboarding-draft keys at logout but keeps the analytics consent', () => {
    for (const key of Object.values(localKeys)) localStorage.setItem(key, '"x"');
    localStorage.setItem(`${chatWidgetKeyPrefix}conversation`, '"c"');
    localStorage.setItem(`${onboardingKeyPrefix}businessDetails`, '"b"');
    localStorage.setItem('unrelated', '"u"');

    clearSession();

    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
    expect(localStorage.getItem(localKeys.seller)).toBeNull();
    expect(localStorage.getItem(localKeys.onboardingProcess)).toBeNull();
    expect(localStorage.getItem(localKeys.visitorId)).toBeNull();
    expect(localStorage.getItem(localKeys.tokenErrorHandled)).toBeNull();
    expect(localStorage.getItem(`${chatWidgetKeyPrefix}conversation`)).toBeNull();
    expect(localStorage.getItem(`${onboardingKeyPrefix}businessDetails`)).toBeNull();
    expect(localStorage.getItem(localKeys.analyticsConsent)).toBe('"x"');
    expect(localStorage.getItem('unrelated')).toBe('"u"');
  });
});
