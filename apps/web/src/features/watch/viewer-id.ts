import { readStored, writeStored } from '@/lib/storage';

/**
 * The id an anonymous browser gives itself so the server counts its views of a blip once a day
 * (POST /blips/{blipId}/views). Random, kept in local storage, tied to nothing else.
 */
export const BLIP_VIEWER_KEY = 'blipViewerId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A version 4 UUID from getRandomValues, which (unlike randomUUID) plain-http pages also have. */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function blipViewerId(): string {
  const stored = readStored(BLIP_VIEWER_KEY, isUuid);
  if (stored) return stored;
  const id = randomUuid();
  writeStored(BLIP_VIEWER_KEY, id);
  return id;
}
