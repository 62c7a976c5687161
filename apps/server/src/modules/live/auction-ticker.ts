import { BID_TIMER_INTERVAL_MS } from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The advisory lock key of the auction clock: one holder in the whole cluster ("kasu"). */
export const AUCTION_TICKER_LOCK_KEY = 0x6b61_7375;
/** How often a node that is not the owner tries to take over. */
export const TICKER_LOCK_RETRY_MS = 3_000;

export type AuctionTicker = {
  start(): void;
  stop(): Promise<void>;
  /** Whether this node holds the lock and runs the clock. */
  isOwner(): boolean;
};

/**
 * Runs the auction clock on one node at a time. A dedicated PostgreSQL connection (outside the
 * pool) holds `pg_try_advisory_lock`; its holder calls `tick` every second, the others retry every
 * few seconds. PostgreSQL releases a session lock when its connection ends, so when the owner stops
 * or dies another node takes over within a retry. Nothing is kept in memory: each tick reads the
 * running auctions' end times from the database, so the new owner simply carries on. Two owners for
 * a moment (a connection lost unnoticed) would at worst send a timer twice: closing an auction
 * locks its row and checks it is still running.
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
  let client: pg.Client | null = null;
  let owner = false;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;

  const dropClient = () => {
    const c = client;
    client = null;
    if (owner) log.warn('auction clock: lost the lock connection; another node will take over');
    owner = false;
    c?.end().catch(() => {});
  };

  const schedule = (fn: () => Promise<void>, ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void fn();
    }, ms);
    timer.unref();
  };

  const acquire = async (): Promise<void> => {
    try {
      let c = client;
      if (!c) {
        const fresh = connect();
        // A dead connection means the lock is gone: stop ticking at once.
        fresh.on('error', () => {
          if (client === fresh) dropClient();
        });
        fresh.on('end', () => {
          if (client === fresh) dropClient();
        });
        client = fresh;
        c = fresh;
        await fresh.connect();
      }
      const { rows } = await c.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        AUCTION_TICKER_LOCK_KEY,
      ]);
      // Stopped meanwhile: stop() has ended the connection, and the lock with it.
      if (stopped || client !== c) return;
      if (rows[0]?.locked) {
        owner = true;
        log.info('auction clock: this node runs the auction timers');
        schedule(loop, 0);
        return;
      }
    } catch (err) {
      if (stopped) return;
      log.error({ err }, 'auction clock: could not try the lock');
      dropClient();
    }
    schedule(acquire, retryMs);
  };

  const loop = async (): Promise<void> => {
    const started = Date.now();
    try {
      // The lock lives as long as its connection: check it is still there before acting as owner.
      await client?.query('SELECT 1');
      if (!client) throw new Error('no lock connection');
    } catch (err) {
      log.error({ err }, 'auction clock: lock connection failed');
      dropClient();
      schedule(acquire, retryMs);
      return;
    }
    try {
      await tick();
    } catch (err) {
      log.error({ err }, 'auction clock: a tick failed');
    }
    if (owner) schedule(loop, Math.max(0, intervalMs - (Date.now() - started)));
    else schedule(acquire, retryMs);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void acquire();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const c = client;
      client = null;
      owner = false;
      // Ending the session releases the lock at once, so another node need not wait for a timeout.
      await c?.end().catch(() => {});
    },
    isOwner: () => owner,
  };
}
