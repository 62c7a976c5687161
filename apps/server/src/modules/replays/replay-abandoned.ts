import { z } from 'zod';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { chunkKeys } from '@/modules/replays/replay-keys.ts';
import type { ReplaysRepository } from '@/modules/replays/replays.repository.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

/** An upload that has not moved for this long is given up: its chunks are removed (docs/live-replays.md). */
export const REPLAY_UPLOAD_ABANDONED_MS = 7 * 24 * 3_600_000;
export const ABANDONED_UPLOAD_FAILURE =
  'The upload was not finished within 7 days, so its parts were removed. Send the recording again from this phone.';
const REMOVE_ABANDONED_TASK = 'replays.remove-abandoned-upload';
const abandonedJobKey = (streamId: string) => `replay-upload:${streamId}`;

/**
 * Browser uploads of replays that were started and never finished (a seller who never came back):
 * each start queues a look a week later on the job queue (docs/live-replays.md).
 */
export function abandonedReplayUploads({
  repo,
  storage,
  clock,
  jobs,
}: {
  repo: ReplaysRepository;
  storage: FileStorage;
  clock: Clock;
  jobs?: JobQueue | undefined;
}) {
  /** Looks at the upload again once it may have been idle for REPLAY_UPLOAD_ABANDONED_MS. */
  const watchForAbandon = (q: Queryable, streamId: string, from: Date) =>
    jobs?.add(
      q,
      REMOVE_ABANDONED_TASK,
      { streamId },
      { runAt: new Date(from.getTime() + REPLAY_UPLOAD_ABANDONED_MS), jobKey: abandonedJobKey(streamId) },
    );

  /**
   * An upload that has not received a chunk for REPLAY_UPLOAD_ABANDONED_MS is given up: marked failed
   * (committed first, keeping how many bytes it held), then its chunks are removed and the count
   * cleared. One still moving is looked at again a week after its last chunk. Idempotent: a retry
   * after a crash between the two steps finds it failed with chunks left and removes them.
   */
  async function removeAbandoned(streamId: string): Promise<void> {
    const row = await repo.transaction(async (tx) => {
      const found = await repo.lockReplay(tx, streamId);
      if (found?.source !== 'browser') return null;
      if (found.status === 'uploading') {
        const idleFrom = found.updatedAt;
        if (idleFrom.getTime() + REPLAY_UPLOAD_ABANDONED_MS > clock.now().getTime()) {
          await watchForAbandon(tx, streamId, idleFrom);
          return null;
        }
        return repo.updateReplay(tx, streamId, {
          status: 'failed',
          failure: ABANDONED_UPLOAD_FAILURE,
          updatedAt: clock.now(),
        });
      }
      return found.status === 'failed' && found.failure === ABANDONED_UPLOAD_FAILURE ? found : null;
    });
    if (!row || row.receivedBytes === 0) return;
    await storage.delete(chunkKeys(row.sellerId, row.streamId, row.receivedBytes));
    await repo.transaction(async (tx) => {
      const again = await repo.lockReplay(tx, streamId);
      if (again?.status === 'failed' && again.failure === ABANDONED_UPLOAD_FAILURE) {
        await repo.updateReplay(tx, streamId, { receivedBytes: 0 });
      }
    });
  }

  const tasks: TaskList = {
    [REMOVE_ABANDONED_TASK]: taskOf(z.object({ streamId: z.string().uuid() }), ({ streamId }) =>
      removeAbandoned(streamId),
    ),
  };

  return { watch: watchForAbandon, tasks };
}
