import type { StreamRow } from '@/db/schema/live.ts';
import { NotFoundError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';

/**
 * Locks the seller's own stream row for a state change, inside the caller's transaction. Another
 * seller's stream answers exactly like a missing one: ids reveal nothing.
 */
export async function lockOwnStream(
  repo: Pick<LiveRepository, 'lockSellerStream'>,
  tx: Queryable,
  sellerId: string,
  id: string,
): Promise<StreamRow> {
  const row = await repo.lockSellerStream(tx, sellerId, id);
  if (!row) throw new NotFoundError('Stream');
  return row;
}
