import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export type ClusterSchedule = {
  start(): void;
  /** Stops the timer, waits for a run in progress, lets the lock go. */
  stop(): Promise<void>;
  /** Whether this node holds the lock and runs the work. */
  isOwner(): boolean;
};

/**
 * Runs `run` every `intervalMs` on ONE node of the cluster. The owner holds
 * `pg_try_advisory_lock(lockKey)` on a PostgreSQL connection of its own, outside the pool; the other
 * nodes try again every `retryMs` (closing their connection meanwhile). PostgreSQL lets a session
 * lock go when its connection ends, so when the owner stops or dies another node takes over at its
 * next try. Before each run the owner checks that its lock connection is still alive; a dead one
 * means the lock is gone, and the node goes back to trying. The next run is due `intervalMs` after
 * the previous one started (at once if it took longer). Used by the auction clock and the upload
 * sweeper; what each does is safe if two nodes ever run it at the same moment, the lock only keeps
 * them from doing the same work.
 */
export function clusterSchedule({
  name,
  lockKey,
  connect,
  run,
  log,
  intervalMs,
  retryMs,
  firstDelayMs = 0,
}: {
  /** Says what runs, in log lines ("auction clock"). */
  name: string;
  lockKey: number;
  /** A new client on the application's database, not yet connected. */
  connect: () => pg.Client;
  run: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  intervalMs: number;
  retryMs: number;
  /** How long the new owner waits before its first run. */
  firstDelayMs?: number;
}): ClusterSchedule {
  let client: pg.Client | null = null;
  let owner = false;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const dropClient = () => {
    const c = client;
    client = null;
    if (owner) log.warn(`${name}: lost the lock connection; another node will take over`);
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
    // A waiting run never keeps the process alive.
    timer.unref();
  };

  const acquire = async (): Promise<void> => {
    const fresh = connect();
    // A dead connection means the lock is gone: stop acting as owner at once.
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
        lockKey,
      ]);
      // Stopped meanwhile: stop() has ended the connection, and the lock with it.
      if (stopped || client !== fresh) return;
      if (rows[0]?.locked) {
        owner = true;
        log.info({ intervalMs }, `${name}: this node runs it`);
        schedule(loop, firstDelayMs);
        return;
      }
    } catch (err) {
      if (stopped) return;
      log.error({ err }, `${name}: could not try the lock`);
    }
    dropClient();
    schedule(acquire, retryMs);
  };

  const loop = async (): Promise<void> => {
    const started = Date.now();
    try {
      // The lock lives as long as its connection: check it is still there before acting as owner.
      if (!client) throw new Error('no lock connection');
      await client.query('SELECT 1');
    } catch (err) {
      if (stopped) return;
      log.error({ err }, `${name}: lock connection failed`);
      dropClient();
      schedule(acquire, retryMs);
      return;
    }
    try {
      await run();
    } catch (err) {
      log.error({ err }, `${name}: a run failed`);
    }
    if (owner) schedule(loop, Math.max(0, intervalMs - (Date.now() - started)));
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
