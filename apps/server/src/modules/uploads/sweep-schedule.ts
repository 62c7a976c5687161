import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { type ClusterSchedule, clusterSchedule } from '@/lib/cluster-schedule.ts';

/** The advisory lock key of the upload sweeper's schedule: one owner in the cluster ("kasw"). */
export const UPLOAD_SWEEP_LOCK_KEY = 0x6b61_7377;
/** How often a node that is not the owner tries to become it. */
export const SWEEP_LOCK_RETRY_MS = 60_000;
/** The owner's first run waits this long (or one interval, if shorter): start-up is busy enough. */
export const FIRST_SWEEP_DELAY_MS = 60_000;

/** `stop()` waits for a run in progress, which stops between batches. */
export type SweepSchedule = ClusterSchedule;

/**
 * Runs the upload sweeper on one node of the cluster every `intervalMs`, like the auction clock
 * (lib/cluster-schedule.ts). Two sweeps at once (an operator's `sweep-uploads` on another node) are
 * safe anyway: every removal is decided under the seller's lock, and removing a removed file does
 * nothing. The lock only keeps the nodes from doing the same work.
 */
export function sweepSchedule({
  connect,
  run,
  log,
  intervalMs,
  retryMs = SWEEP_LOCK_RETRY_MS,
  firstDelayMs = Math.min(FIRST_SWEEP_DELAY_MS, intervalMs),
}: {
  /** A new client on the application's database, not yet connected. */
  connect: () => pg.Client;
  run: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  intervalMs: number;
  retryMs?: number;
  firstDelayMs?: number;
}): SweepSchedule {
  return clusterSchedule({
    name: 'upload sweeper',
    lockKey: UPLOAD_SWEEP_LOCK_KEY,
    connect,
    run,
    log,
    intervalMs,
    retryMs,
    firstDelayMs,
  });
}
