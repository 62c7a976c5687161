import { localKeys, readStored, writeStored } from '@/lib/storage';

const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;
let cached: string | null = null;

/**
 * This browser's id, made once and kept (through logouts, like the consent choice): the server names
 * the devices a seller is signed in on by it (Settings → Security). Null where storage is refused.
 */
export function deviceId(): string | null {
  if (cached) return cached;
  const stored = readStored(
    localKeys.deviceId,
    (v): v is string => typeof v === 'string' && DEVICE_ID.test(v),
  );
  if (stored) {
    cached = stored;
    return stored;
  }
  if (typeof crypto === 'undefined' || typeof crypto.randomUUID !== 'function') return null;
  const made = crypto.randomUUID();
  writeStored(localKeys.deviceId, made);
  cached = made;
  return made;
}
