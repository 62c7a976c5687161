import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { cutConnection } from '@/db/availability.ts';

/** After a lost or failed connection, the first try again waits this long, doubling up to RECONNECT_MAX_MS. */
const RECONNECT_MS = 500;
const RECONNECT_MAX_MS = 5_000;
/** The owner's check that its lock connection lives; a frozen server must not stall it for ever. */
const LIVENESS_TIMEOUT_MS = 5_000;

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
 * means the lock is gone, and the node goes back to trying. A connection that failed (the database
 * stopped, restarting or frozen) is tried again soon, 0.5 s doubling up to 5 s (or `retryMs` if
 * shorter), not after the `retryMs` meant for waiting on another owner: when the database comes back,
 * the schedule owns its lock again within seconds, with no server restart. While the connection is
 * down nothing runs: the auction clock pauses rather than acting on a dead database. The next run is due `intervalMs` after
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
  let failures = 0;
  const reconnectMs = () => Math.min(RECONNECT_MS * 2 ** failures++, RECONNECT_MAX_MS, retryMs);

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
    // A dead connection means the lock is gone: stop acting as owner at once, and try to get it
    // back soon rather than at the next run (the sweeper's is an hour away).
    const lost = () => {
      if (client !== fresh) return;
      dropClient();
      if (stopped || !timer) return;
      clearTimeout(timer);
      timer = null;
      schedule(acquire, reconnectMs());
    };
    fresh.on('error', lost);
    fresh.on('end', lost);
    client = fresh;
    try {
      await fresh.connect();
      const { rows } = await fresh.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        lockKey,
      ]);
      // Stopped meanwhile: stop() has ended the connection, and the lock with it.
      if (stopped || client !== fresh) return;
      failures = 0;
      if (rows[0]?.locked) {
        owner = true;
        log.info({ intervalMs }, `${name}: this node runs it`);
        schedule(loop, firstDelayMs);
        return;
      }
    } catch (err) {
      if (stopped) return;
      if (failures === 0) log.error({ err }, `${name}: could not try the lock`);
      dropClient();
      schedule(acquire, reconnectMs());
      return;
    }
    dropClient();
    schedule(acquire, retryMs);
  };

  const loop = async (): Promise<void> => {
    const started = Date.now();
    try {
      // The lock lives as long as its connection: check it is still there before acting as owner.
      if (!client) throw new Error('no lock connection');
      await withTimeout(client, client.query('SELECT 1'), LIVENESS_TIMEOUT_MS);
    } catch (err) {
      if (stopped) return;
      log.error({ err }, `${name}: lock connection failed`);
      dropClient();
      schedule(acquire, reconnectMs());
      return;
    }
    try {
      await run();
    } catch (err) {
      log.error({ err }, `${name}: a run failed`);
    }
    if (owner) schedule(loop, Math.max(0, intervalMs - (Date.now() - started)));
    else schedule(acquire, reconnectMs());
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
      // A frozen server would never answer the goodbye: then the socket is cut instead.
      if (c) await withTimeout(c, c.end(), LIVENESS_TIMEOUT_MS).catch(() => {});
    },
    isOwner: () => owner,
  };
}

/** `work`, or an error after `ms` with the client's socket cut (a frozen server answers nothing). */
async function withTimeout<T>(client: pg.Client, work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          cutConnection(client);
          reject(new Error(`the database did not answer within ${ms} ms`));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
