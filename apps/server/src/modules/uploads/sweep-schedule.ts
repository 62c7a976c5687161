import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The advisory lock key of the upload sweeper's schedule: one owner in the cluster ("kasw"). */
export const UPLOAD_SWEEP_LOCK_KEY = 0x6b61_7377;
/** How often a node that is not the owner tries to become it. */
export const SWEEP_LOCK_RETRY_MS = 60_000;
/** The owner's first run waits this long (or one interval, if shorter): start-up is busy enough. */
export const FIRST_SWEEP_DELAY_MS = 60_000;

export type SweepSchedule = {
  start(): void;
  /** Stops the timer, waits for a run in progress (which stops between batches), lets the lock go. */
  stop(): Promise<void>;
  /** Whether this node holds the lock and runs the sweeps. */
  isOwner(): boolean;
};

/**
 * Runs the upload sweeper on one node of the cluster every `intervalMs`, like the auction clock
 * (live/auction-ticker.ts): the owner holds `pg_try_advisory_lock` on a connection of its own,
 * outside the pool; PostgreSQL lets the lock go when that connection ends, so when the owner stops
 * or dies another node takes over at its next try. Two sweeps at once (an operator's
 * `sweep-uploads` on another node) are safe anyway: every removal is decided under the seller's
 * lock, and removing a removed file does nothing. The lock only keeps the nodes from doing the
 * same work. A node that is not the owner closes its connection until its next try.
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
  let client: pg.Client | null = null;
  let owner = false;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const dropClient = () => {
    const c = client;
    client = null;
    if (owner) log.warn('upload sweeper: lost the lock connection; another node will take over');
    owner = false;
    c?.end().catch(() => {});
  };

  const schedule = (fn: () => Promise<void>, ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = fn().finally(() => {
        running = null;
      });
    }, ms);
    // A waiting sweep never keeps the process alive.
    timer.unref();
  };

  const acquire = async (): Promise<void> => {
    const fresh = connect();
    // A dead connection means the lock is gone: stop sweeping until it is taken again.
    fresh.on('error', () => {
      if (client === fresh) dropClient();
    });
    fresh.on('end', () => {
      if (client === fresh) dropClient();
    });
    client = fresh;
    try {
      await fresh.connect();
      const { rows } = await fresh.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        UPLOAD_SWEEP_LOCK_KEY,
      ]);
      // Stopped meanwhile: stop() has ended the connection, and the lock with it.
      if (stopped || client !== fresh) return;
      if (rows[0]?.locked) {
        owner = true;
        log.info({ intervalMs }, 'upload sweeper: this node sweeps orphaned uploads');
        schedule(loop, firstDelayMs);
        return;
      }
    } catch (err) {
      if (stopped) return;
      log.error({ err }, 'upload sweeper: could not try the lock');
    }
    dropClient();
    schedule(acquire, retryMs);
  };

  const loop = async (): Promise<void> => {
    try {
      // The lock lives as long as its connection: check it is still there before acting as owner.
      if (!client) throw new Error('no lock connection');
      await client.query('SELECT 1');
    } catch (err) {
      if (stopped) return;
      log.error({ err }, 'upload sweeper: lock connection failed');
      dropClient();
      schedule(acquire, retryMs);
      return;
    }
    try {
      await run();
    } catch (err) {
      log.error({ err }, 'upload sweeper: a run failed');
    }
    if (owner) schedule(loop, intervalMs);
    else schedule(acquire, retryMs);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      running = acquire().finally(() => {
        running = null;
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
      const c = client;
      client = null;
      owner = false;
      // Ending the session releases the lock at once, so another node need not wait for a retry.
      await c?.end().catch(() => {});
    },
    isOwner: () => owner,
  };
}
