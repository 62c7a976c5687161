import { streamSocketEvents, type ViewerCountEvent } from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import type { StreamsService } from '@/modules/live/streams.service.ts';
import { type Realtime, streamRoom } from '@/plugins/realtime.ts';

/** Joins and leaves arriving together (a show's link shared in a group) are counted once. */
export const VIEWER_RECOUNT_DELAY_MS = 150;
/** After a count, a show rests this long per viewer before the next (1,000 viewers: 1 s). */
const VIEWER_RECOUNT_REST_MS_PER_VIEWER = 1;
const VIEWER_RECOUNT_MAX_REST_MS = 5000;

type Change = 'joined' | 'left';

type Recount = {
  change: Change;
  /** Waiting to count, counting, or resting after a count (a big room's counts are spaced). */
  state: 'waiting' | 'counting' | 'resting';
  timer: NodeJS.Timeout | null;
  /** Joins or leaves arrived while counting or resting: count again after the rest. */
  again: boolean;
};

/**
 * A show's viewer count after joins and leaves: the sockets in its room across the cluster, the
 * seller's own left out, stored (the peak while live) and sent to the room and the seller.
 *
 * At most one count per show waits or runs at a time: while thousands join, a count that takes
 * longer than the delay (a busy node, the other nodes' answers) is followed by one more, not by one
 * per join piling up behind it. After each count the show rests 1 ms per viewer (at most 5 s) before
 * the next: every count goes to every viewer, so a crowd of N joining would otherwise cost N messages
 * per batch of joins, N² in all (issue 18, `npm run cluster`).
 */
export function viewerCounts({
  realtime,
  streams,
  clock,
  log,
  sellerOf,
  delayMs = VIEWER_RECOUNT_DELAY_MS,
}: {
  realtime: Realtime;
  streams: Pick<StreamsService, 'recordViewers'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  sellerOf: (streamId: string) => Promise<string | undefined>;
  delayMs?: number;
}) {
  const pending = new Map<string, Recount>();
  let closed = false;

  const recount = async (streamId: string, change: Change): Promise<number> => {
    const sellerId = await sellerOf(streamId);
    if (!sellerId) return 0;
    // The seller's own studio and dashboard are in the room too; they are not viewers.
    const viewerCount = await realtime.countIn(streamRoom(streamId), sellerId);
    const stored = await streams.recordViewers(streamId, viewerCount);
    const event: ViewerCountEvent = {
      streamId,
      viewerCount,
      peakViewers: stored?.peakViewers ?? viewerCount,
      timestamp: clock.now().getTime(),
    };
    realtime.toStreamAndSeller(
      streamId,
      sellerId,
      change === 'joined' ? streamSocketEvents.viewerJoined : streamSocketEvents.viewerLeft,
      event,
    );
    return viewerCount;
  };

  const arm = (streamId: string, entry: Recount) => {
    entry.state = 'waiting';
    entry.timer = setTimeout(() => {
      entry.state = 'counting';
      entry.timer = null;
      let viewers = 0;
      recount(streamId, entry.change)
        .then((n) => {
          viewers = n;
        })
        .catch((err: unknown) => log.error({ err, streamId }, 'could not count the viewers of a stream'))
        .finally(() => {
          if (closed) return;
          entry.state = 'resting';
          entry.timer = setTimeout(
            () => {
              entry.timer = null;
              if (entry.again && !closed) {
                entry.again = false;
                arm(streamId, entry);
              } else pending.delete(streamId);
            },
            Math.min(VIEWER_RECOUNT_MAX_REST_MS, viewers * VIEWER_RECOUNT_REST_MS_PER_VIEWER),
          );
        });
    }, delayMs);
  };

  return {
    /** Someone joined or left the show: count it again soon. */
    schedule(streamId: string, change: Change) {
      if (closed) return;
      const existing = pending.get(streamId);
      if (existing) {
        existing.change = change;
        if (existing.state !== 'waiting') existing.again = true;
        return;
      }
      const entry: Recount = { change, state: 'waiting', timer: null, again: false };
      pending.set(streamId, entry);
      arm(streamId, entry);
    },
    /** Stops pending counts (the app is closing). */
    close() {
      closed = true;
      for (const { timer } of pending.values()) if (timer) clearTimeout(timer);
      pending.clear();
    },
  };
}
