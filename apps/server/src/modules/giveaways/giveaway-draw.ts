import { createHash, createHmac, randomBytes } from 'node:crypto';
import { GIVEAWAY_ENTRANTS_JOINER } from '@kasuwa/contracts';

/**
 * The draw of a giveaway, kept pure so anyone can check it (docs/live-giveaways.md):
 *
 * 1. At the start the server draws a seed, 32 bytes from node:crypto, and publishes only its
 *    SHA-256 (`seedHash`): the seed is fixed before anyone enters.
 * 2. At the end, the entrants' buyer ids are sorted and joined by "\n"; their SHA-256 is
 *    `entrantsHash`.
 * 3. winner index = HMAC-SHA256(key = seed bytes, message = entrantsHash as text), read as a
 *    big-endian 256-bit integer, mod the number of entrants. The seed is then revealed.
 *
 * Nobody can steer the result: the seed is committed before the entrants are known, and the
 * entrants cannot know the seed. (The modulo bias of a 256-bit number over n ≤ 2^31 is below 2^-224.)
 */

export const newSeed = (): string => randomBytes(32).toString('hex');

export const sha256Hex = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** The entrants as the record hashes them: buyer ids sorted (code-unit order) and joined. */
export function entrantsHashOf(buyerIds: readonly string[]): string {
  return sha256Hex([...buyerIds].sort().join(GIVEAWAY_ENTRANTS_JOINER));
}

export function winnerIndexOf(seedHex: string, entrantsHash: string, count: number): number {
  if (count <= 0) throw new Error('no entrants to draw from');
  const mac = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(entrantsHash).digest('hex');
  return Number(BigInt(`0x${mac}`) % BigInt(count));
}

export type Draw = { entrantsHash: string; winnerIndex: number; winnerId: string; sorted: string[] };

/** The winner among `buyerIds` for `seedHex`; the sorted list is the one the index points into. */
export function drawWinner(seedHex: string, buyerIds: readonly string[]): Draw {
  const sorted = [...buyerIds].sort();
  const entrantsHash = sha256Hex(sorted.join(GIVEAWAY_ENTRANTS_JOINER));
  const winnerIndex = winnerIndexOf(seedHex, entrantsHash, sorted.length);
  const winnerId = sorted[winnerIndex];
  if (winnerId === undefined) throw new Error('the winner index is out of range');
  return { entrantsHash, winnerIndex, winnerId, sorted };
}
