import {
  type SellerPresenceEvent,
  type SellerPresenceResponse,
  sellerPresenceEvents,
} from '@kasuwa/contracts';
import { z } from 'zod';
import type { JobQueue, TaskList } from '@/jobs/job-queue.ts';
import { taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import type { AuctionsService } from '@/modules/live/auctions.service.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';
import type { LiveAnnouncer, LiveEvents } from '@/modules/live/live-announcer.ts';
import { graceEndsAt, resumedEndsAt } from '@/modules/live/seller-away-rules.ts';

/** issue 20: how long a show waits for its seller's studio to come back before it ends. */
export const DEFAULT_SELLER_AWAY_GRACE_MS = 2 * 60_000;
export const SELLER_AWAY_END_TASK = 'live.end-show-seller-away';
const awayJobKey = (streamId: string) => `stream:${streamId}:seller-away`;

/**
 * A show whose seller's studio dropped mid-show (issue 20, docs/proxy-bidding.md). `away` when the
 * studio holding the show is gone and none came back: the show is marked (streams.seller_away_since),
 * bids are refused and the ticker holds the running clock; a keyed job ends the show after the
 * grace period. `back` when a studio of the seller claims the show again: each running auction's
 * end moves on by the time lost. Each change holds the show's row; the room hears after the commit.
 */
export function sellerPresenceService({
  repo,
  clock,
  jobs,
  events,
  announce,
  auctions,
  graceMs = DEFAULT_SELLER_AWAY_GRACE_MS,
}: {
  repo: LiveRepository;
  clock: Clock;
  jobs: JobQueue;
  events: LiveEvents;
  announce: Pick<LiveAnnouncer, 'auctionActivated' | 'auctionClosed' | 'streamStatus'>;
  auctions: Pick<AuctionsService, 'closeRunning'>;
  graceMs?: number;
}) {
  const tell = (row: { id: string; sellerId: string }, since: Date | null) => {
    const event: SellerPresenceEvent = {
      streamId: row.id,
      away: since !== null,
      since: since?.toISOString() ?? null,
      graceEndsAt: since ? graceEndsAt(since, graceMs).toISOString() : null,
      timestamp: clock.now().getTime(),
    };
    events.toStreamAndSeller(row.id, row.sellerId, sellerPresenceEvents.presence, event);
  };

  return {
    /** The studio of a live show is gone: pause it (once), and end it unless the seller is back in time. */
    async away(streamId: string, sellerId: string): Promise<boolean> {
      const now = clock.now();
      const row = await repo.transaction(async (tx) => {
        const row = await repo.lockSellerStream(tx, sellerId, streamId);
        if (row?.status !== 'live' || row.sellerAwaySince) return null;
        await repo.updateStream(tx, row.id, { sellerAwaySince: now });
        await jobs.add(
          tx,
          SELLER_AWAY_END_TASK,
          { streamId: row.id, sellerId, since: now.toISOString() },
          { runAt: graceEndsAt(now, graceMs), jobKey: awayJobKey(row.id) },
        );
        return row;
      });
      if (row) tell(row, now);
      return row !== null;
    },

    /** A studio of the seller holds the show again: clocks move on by the time lost, bids reopen. */
    async back(streamId: string, sellerId: string): Promise<boolean> {
      const now = clock.now();
      const done = await repo.transaction(async (tx) => {
        const row = await repo.lockSellerStream(tx, sellerId, streamId);
        if (!row?.sellerAwaySince) return null;
        const since = row.sellerAwaySince;
        const resumed = [];
        for (const item of await repo.lockActiveOfStream(tx, row.id)) {
          if (!item.endsAt) continue;
          const endsAt = resumedEndsAt(item.endsAt, since, now);
          await repo.updateStreamProduct(tx, item.id, { endsAt });
          resumed.push({ item, endsAt });
        }
        await repo.updateStream(tx, row.id, { sellerAwaySince: null });
        await jobs.remove(tx, awayJobKey(row.id));
        return { row, resumed };
      });
      if (!done) return false;
      tell(done.row, null);
      for (const { item, endsAt } of done.resumed) {
        announce.auctionActivated(
          done.row,
          { productId: item.productId ?? item.id, streamProductId: item.id },
          endsAt,
          now,
        );
      }
      return true;
    },

    /** GET /streams/{id}/seller-presence (public). */
    async presence(streamId: string): Promise<SellerPresenceResponse> {
      const row = await repo.findStream(repo.db, streamId);
      if (!row) throw new NotFoundError('Stream');
      const since = row.status === 'live' ? row.sellerAwaySince : null;
      return {
        streamId,
        away: since !== null,
        since: since?.toISOString() ?? null,
        graceEndsAt: since ? graceEndsAt(since, graceMs).toISOString() : null,
      };
    },

    /**
     * The grace period ran out (the job): if the seller is still away since that very moment, the
     * show ends as if they had ended it — running auctions close with the bids standing, sold
     * ones become orders. Idempotent: a show that came back, or ended, is left alone.
     */
    tasks: {
      [SELLER_AWAY_END_TASK]: taskOf(
        z.object({ streamId: z.string(), sellerId: z.string(), since: z.string() }),
        async ({ streamId, sellerId, since }) => {
          const now = clock.now();
          const ended = await repo.transaction(async (tx) => {
            const row = await repo.lockSellerStream(tx, sellerId, streamId);
            if (row?.status !== 'live' || row.sellerAwaySince?.toISOString() !== since) return null;
            const closed = await auctions.closeRunning(tx, row, now);
            await repo.updateStream(tx, row.id, { status: 'ended', endedAt: now, sellerAwaySince: null });
            return { row, closed };
          });
          if (!ended) return;
          for (const c of ended.closed) await announce.auctionClosed(c);
          announce.streamStatus(ended.row, 'ended');
        },
      ),
    } satisfies TaskList,
  };
}
export type SellerPresenceService = ReturnType<typeof sellerPresenceService>;
