import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  type TaskList as GraphileTaskList,
  type LogFunctionFactory,
  Logger,
  run,
  runMigrations,
  runOnce,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import type { TaskList } from '@/jobs/tasks.ts';
import { RECLAIM_EVERY_MS, workerLiveness } from '@/jobs/worker-liveness.ts';

export type JobLog = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/** The worker's connections say so in pg_stat_activity (and pg_terminate_backend finds them). */
export const JOBS_APPLICATION_NAME = 'kasuwa-jobs';

/**
 * A small pool of the worker's own: polling and LISTEN must not take connections requests need, and
 * the request pool's statement time-out and availability guard are for requests. `connection` is
 * where to connect (a URL, or the request pool's options minus what only requests want).
 */
export function openJobPool(connection: pg.PoolConfig, concurrency: number): pg.Pool {
  const pool = new pg.Pool({
    ...connection,
    // A connection per running job (completing it), one for LISTEN, one for polling.
    max: concurrency + 2,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: JOBS_APPLICATION_NAME,
  });
  // An idle connection lost to a database restart must not crash the process; graphile-worker
  // adds its own listeners too, and the pool makes a new connection on the next checkout.
  pool.on('error', () => {});
  ignoreLostClients(pool);
  return pool;
}

/**
 * A checked-out client whose connection drops (a database restart) emits 'error'; with no listener
 * that would crash the process. graphile-worker asks for this listener on any pool it is given.
 */
function ignoreLostClients(pool: pg.Pool) {
  if (pool.listeners('connect').length === 0) pool.on('connect', (client) => client.on('error', () => {}));
}

/** graphile-worker's log lines into ours. Its `info` is a line per job, so it goes to debug. */
export function jobLogger(log: JobLog): Logger {
  const factory: LogFunctionFactory = (scope) => (level, message, meta) => {
    const { error, ...rest } = meta ?? {};
    const fields = { ...scope, ...rest, ...(error ? { err: error } : {}) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  };
  return new Logger(factory);
}

/** Our handlers as graphile-worker calls them: the payload and what the run is. */
function graphileTasks(tasks: TaskList): GraphileTaskList {
  const list: GraphileTaskList = {};
  for (const [name, handler] of Object.entries(tasks)) {
    list[name] = (payload, helpers) =>
      handler(payload, {
        id: helpers.job.id,
        task: helpers.job.task_identifier,
        attempts: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        key: helpers.job.key,
      });
  }
  return list;
}

const common = (pool: pg.Pool, tasks: TaskList, log: JobLog) => ({
  pgPool: pool,
  taskList: graphileTasks(tasks),
  logger: jobLogger(log),
  // Node's time, not PostgreSQL's, decides what is due: the same source the queue's run_at comes
  // from (the app's clock), and one tests can set. graphile-worker reads it from `new Date()`.
  useNodeTime: true,
  // The server and the worker CLI own SIGTERM/SIGINT and stop the worker themselves.
  noHandleSignals: true,
  // By default graphile-worker marks a job done (or failed) without waiting for it, so a worker
  // stopping, or a runOnce returning, could leave a finished job locked for four hours and then run
  // it again. Batching with no delay is the same query, but a stop waits for what is in flight.
  preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
});

/**
 * Installs or upgrades graphile-worker's schema (`graphile_worker`), under its own lock, so several
 * nodes starting together do not race. The server runs it after the drizzle migrations.
 */
export async function installJobSchema(pool: pg.Pool, log: JobLog): Promise<void> {
  if (pool.listeners('error').length === 0) pool.on('error', () => {});
  ignoreLostClients(pool);
  await runMigrations({ pgPool: pool, logger: jobLogger(log) });
}

export type JobWorker = {
  /** Stops taking jobs, waits for the running ones (aborted after 5 s), then resolves. */
  stop(): Promise<void>;
};

/**
 * A running graphile-worker: `concurrency` jobs at once, woken by LISTEN/NOTIFY when a job is added,
 * and polling every `pollIntervalMs` for jobs that became due (and while LISTEN is reconnecting after
 * the database restarted: graphile-worker reconnects on its own, with back-off). Does not end `pool`.
 */
export async function startJobWorker({
  pool,
  tasks,
  concurrency,
  pollIntervalMs = 2_000,
  reclaimEveryMs = RECLAIM_EVERY_MS,
  log,
}: {
  pool: pg.Pool;
  tasks: TaskList;
  concurrency: number;
  pollIntervalMs?: number;
  /** How often to free the jobs of workers that died (worker-liveness.ts). */
  reclaimEveryMs?: number;
  log: JobLog;
}): Promise<JobWorker> {
  // Each worker says it is alive while this process lives, and jobs left locked by dead ones are
  // freed at start and every 30 s instead of after graphile-worker's four hours (worker-liveness.ts).
  const { Client: _client, ...connection } = pool.options as pg.PoolConfig & { Client?: unknown };
  const liveness = workerLiveness({ connection, log });
  const events: WorkerEvents = new EventEmitter();
  // graphile-worker locks a job with the id of the worker pool (this runner), not of one worker.
  events.on('pool:create', ({ workerPool }) => liveness.hold(workerPool.id));
  const runner = await run({
    ...common(pool, tasks, log),
    concurrency,
    pollInterval: pollIntervalMs,
    events,
    // No crontab file is read from the working folder; cron items, when there are some, are code.
    parsedCronItems: [],
  });
  // The runner's promise rejects only if the worker gave up; that must be a log line, not an
  // unhandled rejection that ends the process.
  const finished = runner.promise.catch((err: unknown) => log.error({ err }, 'job worker stopped'));
  const reclaim = () =>
    liveness.reclaim().catch((err: unknown) => log.warn({ err }, 'could not look for jobs of dead workers'));
  void reclaim();
  const reclaiming = setInterval(reclaim, reclaimEveryMs);
  reclaiming.unref();
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      clearInterval(reclaiming);
      stopping ??= runner
        .stop()
        .catch((err: unknown) => log.warn({ err }, 'job worker did not stop cleanly'))
        .then(() => finished)
        .then(() => liveness.stop());
      return stopping;
    },
  };
}

/**
 * Runs every job that is due now (by Node's time), one at a time, and resolves when none is left
 * (a failed job is rescheduled by its back-off and not run again in the same call). For tests, which
 * set Node's time to their fake clock around it, and for operators.
 */
export async function runDueJobsOnce({
  pool,
  tasks,
  log,
}: {
  pool: pg.Pool;
  tasks: TaskList;
  log: JobLog;
}): Promise<void> {
  await runOnce({ ...common(pool, tasks, log), concurrency: 1 });
}
