import pg from 'pg';
import type { JobLog } from '@/jobs/job-worker.ts';

/** The liveness connection says so in pg_stat_activity. */
export const LIVENESS_APPLICATION_NAME = 'kasuwa-jobs-liveness';

/** A job locked more recently than this is never taken from its worker (the lock is being taken). */
export const RECLAIM_AFTER_MS = 5_000;
/** How often a running worker looks for jobs left locked by a dead one. */
export const RECLAIM_EVERY_MS = 30_000;

export type WorkerLiveness = {
  /**
   * Says "alive" for this id (what graphile-worker writes in `locked_by`: a worker pool's id) for as
   * long as this process (and its connection) lives.
   */
  hold(workerId: string): void;
  /** Frees the jobs of every worker that is not alive; returns their ids. */
  reclaim(): Promise<string[]>;
  stop(): Promise<void>;
};

const lockOf = (workerId: string) => `hashtextextended('kasuwa-job-worker:' || ${workerId}, 0)`;

/**
 * graphile-worker locks a job to the worker running it and, if that worker dies without a word
 * (SIGKILL, the OOM killer, a power cut), leaves it locked for four hours: a payout or a refund
 * whose server was killed mid-call then waited four hours after the restart (issue 18, found by
 * `npm run chaos`). Each of our workers therefore says it is alive with a PostgreSQL session lock
 * keyed on its id, on a connection of this process; PostgreSQL lets go of it the moment that
 * process dies. At start and every 30 s a worker frees the jobs (graphile-worker's own
 * `force_unlock_workers`) of every worker whose lock nobody holds, so they run again at once.
 * Handlers are idempotent (a payout or refund asks the provider about its reference before sending
 * again), which is what makes running a dead worker's job again safe.
 */
export function workerLiveness({
  connection,
  log,
  reclaimAfterMs = RECLAIM_AFTER_MS,
}: {
  connection: pg.ClientConfig;
  log: JobLog;
  reclaimAfterMs?: number;
}): WorkerLiveness {
  const held = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let stopped = false;

  /** The connection holding our locks; a new one (taking them all again) after it was lost. */
  const connected = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ ...connection, application_name: LIVENESS_APPLICATION_NAME });
      c.on('error', () => {
        if (client === c) client = null;
      });
      c.on('end', () => {
        if (client === c) client = null;
      });
      try {
        await c.connect();
        for (const id of held) await c.query(`select pg_advisory_lock(${lockOf('$1')})`, [id]);
        client = c;
        return c;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };

  // One statement at a time on the connection: holds and sweeps queue behind each other.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  return {
    hold(workerId) {
      held.add(workerId);
      void serially(async () => {
        const c = await connected();
        await c.query(`select pg_advisory_lock(${lockOf('$1')})`, [workerId]);
      }).catch((err: unknown) => log.warn({ err, workerId }, 'could not say the job worker is alive'));
    },
    reclaim: () => serially(sweep),
    async stop() {
      stopped = true;
      await queue;
      const c = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await c?.end().catch(() => {});
    },
  };

  async function sweep(): Promise<string[]> {
    if (stopped) return [];
    const c = await connected();
    const { rows } = await c.query<{ locked_by: string }>(
      `select distinct locked_by from graphile_worker._private_jobs
          where locked_by is not null and locked_at < now() - make_interval(secs => $1::float8 / 1000)
         union
         select distinct locked_by from graphile_worker._private_job_queues
          where locked_by is not null and locked_at < now() - make_interval(secs => $1::float8 / 1000)`,
      [reclaimAfterMs],
    );
    const dead: string[] = [];
    for (const { locked_by: id } of rows) {
      // Our own session holds our workers' locks (a session can take its own lock again).
      if (held.has(id)) continue;
      const { rows: got } = await c.query<{ free: boolean }>(
        `select pg_try_advisory_lock(${lockOf('$1')}) as free`,
        [id],
      );
      if (!got[0]?.free) continue;
      await c.query(`select pg_advisory_unlock(${lockOf('$1')})`, [id]);
      dead.push(id);
    }
    if (dead.length) {
      await c.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
      log.warn({ workers: dead }, 'freed the jobs of job workers that died: they run again now');
    }
    return dead;
  }
}
