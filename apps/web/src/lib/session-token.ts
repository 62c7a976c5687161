import type { OnboardingProcessMarker, Seller } from '@kasuwa/contracts';
import { localKeys, readStored, removeStored, sessionKeys, writeStored } from '@/lib/storage';

/**
 * The stored session, shaped as SPEC §3 names it: `sellerToken` = { data: <seller>, token,
 * isVerified: <e-mail verified> }. The seller record is also kept on its own under `seller`.
 */
export interface StoredSellerToken {
  data: Seller;
  token: string;
  isVerified: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Structural checks only: zod would put ~15 KB into the entry chunk that every screen downloads.
// A record that someone edited by hand still fails safely (no session) instead of crashing a screen.
function isSeller(value: unknown): value is Seller {
  return (
    isObject(value) &&
    typeof value._id === 'string' &&
    typeof value.email === 'string' &&
    typeof value.firstName === 'string' &&
    typeof value.lastName === 'string' &&
    typeof value.storeName === 'string'
  );
}

function isStoredSellerToken(value: unknown): value is StoredSellerToken {
  return (
    isObject(value) &&
    typeof value.token === 'string' &&
    value.token !== '' &&
    typeof value.isVerified === 'boolean' &&
    isSeller(value.data)
  );
}

export function readSellerToken(): StoredSellerToken | null {
  return readStored(localKeys.sellerToken, isStoredSellerToken);
}

/** The bearer token, or null when nobody is logged in on this device. */
export function readBearerToken(): string | null {
  return readSellerToken()?.token ?? null;
}

export function readStoredSeller(): Seller | null {
  return readStored(localKeys.seller, isSeller);
}

/** Stores a new session: the token with its seller, and the seller record and onboarding marker alone. */
export function writeSession(session: StoredSellerToken): void {
  writeStored(localKeys.sellerToken, session);
  writeSeller(session.data);
}

/** Keeps the record and its onboarding marker current, e.g. after the profile is fetched again. */
export function writeSeller(seller: Seller): void {
  writeStored(localKeys.seller, seller);
  writeOnboardingProcess(seller.onboardingProcess);
  const current = readSellerToken();
  if (current) writeStored(localKeys.sellerToken, { ...current, data: seller });
}

export function writeOnboardingProcess(marker: OnboardingProcessMarker | null): void {
  if (marker === null) removeStored([localKeys.onboardingProcess]);
  else writeStored(localKeys.onboardingProcess, marker);
}

/**
 * Swaps in a refreshed token, but only while the session it refreshes is still the stored one: an
 * answer that arrives after a logout (or after another log-in) must not bring a session back.
 */
export function replaceBearerToken(previous: string, next: string): boolean {
  const current = readSellerToken();
  if (!current || current.token !== previous) return false;
  writeStored(localKeys.sellerToken, { ...current, token: next });
  return true;
}

/**
 * SPEC §4: `directLoginAccess = true` in tab storage skips the profile fetch and session-expiry
 * handling. Whoever sets it may write the raw string 'true' or JSON, so both count.
 */
export function isDirectLoginAccess(): boolean {
  const flag = readStored(
    sessionKeys.directLoginAccess,
    (value): value is true | 'true' => value === true || value === 'true',
    'session',
  );
  return flag !== null;
}
