import { BID_TIMER_INTERVAL_MS } from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { type ClusterSchedule, clusterSchedule } from '@/lib/cluster-schedule.ts';

/** The advisory lock key of the auction clock: one holder in the whole cluster ("kasu"). */
export const AUCTION_TICKER_LOCK_KEY = 0x6b61_7375;
/** How often a node that is not the owner tries to take over. */
export const TICKER_LOCK_RETRY_MS = 3_000;

export type AuctionTicker = ClusterSchedule;

/**
 * Runs the auction clock on one node at a time (lib/cluster-schedule.ts): the holder of the lock
 * calls `tick` every second, the others try to take over every few seconds. Nothing is kept in
 * memory: each tick reads the running auctions' end times from the database, so a new owner simply
 * carries on. Two owners for a moment (a connection lost unnoticed) would at worst send a timer
 * twice: closing an auction locks its row and checks it is still running.
 */
export function auctionTicker({
  connect,
  tick,
  log,
  intervalMs = BID_TIMER_INTERVAL_MS,
  retryMs = TICKER_LOCK_RETRY_MS,
}: {
  /** A new client on the application's database, not yet connected. */
  connect: () => pg.Client;
  tick: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  intervalMs?: number;
  retryMs?: number;
}): AuctionTicker {
  return clusterSchedule({
    name: 'auction clock',
    lockKey: AUCTION_TICKER_LOCK_KEY,
    connect,
    run: tick,
    log,
    intervalMs,
    retryMs,
  });
}
