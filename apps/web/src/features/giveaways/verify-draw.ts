import type { GiveawayDrawRecord } from '@kasuwa/contracts';

const hex = (buf: ArrayBuffer) =>
  [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
const bytes = (h: string) => new Uint8Array((h.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)));

export type DrawCheck = { seedMatches: boolean; indexMatches: boolean };

/**
 * Checks a drawn giveaway's record in the browser, with Web Crypto, as anyone could: the seed
 * revealed at the draw hashes to the seed hash published at the start, and
 * HMAC-SHA256(seed, entrantsHash) mod entrants is the recorded winner index.
 */
export async function verifyDraw(
  record: GiveawayDrawRecord,
  subtle: SubtleCrypto = crypto.subtle,
): Promise<DrawCheck | null> {
  if (!record.seed || !record.entrantsHash || record.winnerIndex === null || record.entrantsCount < 1)
    return null;
  const seedBytes = bytes(record.seed);
  const seedHash = hex(await subtle.digest('SHA-256', seedBytes));
  const key = await subtle.importKey('raw', seedBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = hex(await subtle.sign('HMAC', key, new TextEncoder().encode(record.entrantsHash)));
  const index = Number(BigInt(`0x${mac}`) % BigInt(record.entrantsCount));
  return { seedMatches: seedHash === record.seedHash, indexMatches: index === record.winnerIndex };
}
