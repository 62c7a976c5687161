import { API_CACHE } from '@/lib/offline-cache-rules';

/**
 * Every browser-storage key the app uses, and the only code that touches localStorage and
 * sessionStorage. Values are stored as JSON.
 */
export const localKeys = {
  sellerToken: 'sellerToken',
  seller: 'seller',
  onboardingProcess: 'onboardingProcess',
  visitorId: 'visitorId',
  tokenErrorHandled: 'tokenErrorHandled',
  analyticsConsent: 'analyticsConsent',
  /** This browser's id, sent with every signed-in call (Settings lists signed-in devices); kept at logout. */
  deviceId: 'deviceId',
} as const;

export const sessionKeys = {
  directLoginAccess: 'directLoginAccess',
} as const;

/** The chat-support widget keeps its own keys under this prefix; logout clears all of them. */
export const chatWidgetKeyPrefix = 'chatWidget.';

/**
 * Onboarding drafts (form steps saved between visits) live under this prefix, so logout can clear
 * "onboarding data" (SPEC §3) without listing every step's key here.
 */
export const onboardingKeyPrefix = 'onboarding.';

export type LocalKey = (typeof localKeys)[keyof typeof localKeys];
export type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys];
export type StorageArea = 'local' | 'session';

/** Narrows an unknown parsed value; callers pass a schema check so stored data is never trusted blindly. */
export type StoredValueGuard<T> = (value: unknown) => value is T;

// Storage can throw (Safari private mode, storage disabled, quota), and losing a stored value
// must never break a screen, so every access degrades to "nothing stored".
function area(which: StorageArea): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored<T>(
  key: LocalKey | SessionKey | string,
  isValid: StoredValueGuard<T>,
  which: StorageArea = 'local',
): T | null {
  try {
    const raw = area(which)?.getItem(key);
    if (raw == null) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStored(
  key: LocalKey | SessionKey | string,
  value: unknown,
  which: StorageArea = 'local',
): void {
  try {
    area(which)?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the app keeps working with in-memory state.
  }
}

export function removeStored(
  keys: readonly (LocalKey | SessionKey | string)[],
  which: StorageArea = 'local',
): void {
  const storage = area(which);
  if (!storage) return;
  for (const key of keys) {
    try {
      storage.removeItem(key);
    } catch {
      // See area(): a storage that refuses access has nothing of ours to remove.
    }
  }
}

/** What the not-found page forgets before sending someone off the dashboard back to /login. */
export const notFoundResetKeys: readonly LocalKey[] = [
  localKeys.sellerToken,
  localKeys.seller,
  localKeys.onboardingProcess,
  localKeys.visitorId,
];

/**
 * Logout: forgets the token, seller record, onboarding progress and drafts, visitor id, the
 * token-error flag and the chat widget's keys. The analytics consent choice survives, as it belongs
 * to the device.
 */
export function clearSession(): void {
  const storage = area('local');
  if (!storage) return;
  const prefixedKeys: string[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(chatWidgetKeyPrefix) || key?.startsWith(onboardingKeyPrefix)) {
        prefixedKeys.push(key);
      }
    }
  } catch {
    // Enumeration refused: the fixed keys below are still removed.
  }
  removeStored([...notFoundResetKeys, localKeys.tokenErrorHandled, ...prefixedKeys]);
  // The dashboard answers the service worker kept for offline use go with the session.
  void globalThis.caches?.delete(API_CACHE).catch(() => {});
}
