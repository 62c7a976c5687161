import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Database } from '@/db/client.ts';
import { type JobQueue, pgJobQueue } from '@/jobs/job-queue.ts';
import { type JobWorker, openJobPool, runDueJobsOnce, startJobWorker } from '@/jobs/job-worker.ts';
import { mergeTaskLists, type TaskList } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';

/**
 * Who runs jobs in this process. `inline`: a graphile-worker inside the server (JOBS_WORKER=inline,
 * what `npm start` does), started when the app is ready and stopped when it closes. `off`: this
 * process only adds jobs; separate `npm run worker` processes run them. `manual`: nothing runs by
 * itself; tests run what is due by their fake clock (`runOnce` under test/jobs.ts's `runDue`).
 */
export type JobWorkerMode =
  | { mode: 'inline'; concurrency: number; pollIntervalMs?: number }
  | { mode: 'off' }
  | { mode: 'manual' };

export type JobsHandle = {
  /** The queue modules add to; app.ts passes it to the services that need it. */
  queue: JobQueue;
  /** Every task of the app, by name (those given at start and those modules registered since). */
  readonly tasks: TaskList;
  /**
   * Adds a module's tasks while the app is being built (modules come after the queue, since they
   * add jobs to it); refuses a name already taken. The worker starts when the app is ready, with all of them.
   */
  register(list: TaskList): void;
  /** Runs every job due now by Node's time, one at a time, and resolves when none is left. */
  runOnce(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobsHandle;
  }
}

/**
 * Where the worker connects: the request pool's server and credentials, without what only requests
 * want (the availability guard's client class, the statement time-out and plan settings, the size).
 */
function connectionOf(db: Database): pg.PoolConfig {
  const { Client: _guarded, options: _requestSettings, max: _max, ...connection } = db.$client.options;
  return connection;
}

export function registerJobs(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; tasks: TaskList; worker: JobWorkerMode },
): JobsHandle {
  const queue = pgJobQueue(deps.clock);
  let pool: pg.Pool | null = null;
  const poolOf = (concurrency: number) => {
    pool ??= openJobPool(connectionOf(deps.db), concurrency);
    return pool;
  };
  let worker: JobWorker | null = null;

  let tasks: TaskList = deps.tasks;
  const handle: JobsHandle = {
    queue,
    get tasks() {
      return tasks;
    },
    register(list) {
      tasks = mergeTaskLists(tasks, list);
    },
    runOnce: () => runDueJobsOnce({ pool: poolOf(1), tasks, log: app.log }),
  };
  app.decorate('jobs', handle);

  const mode = deps.worker;
  if (mode.mode === 'inline') {
    app.addHook('onReady', async () => {
      worker = await startJobWorker({
        pool: poolOf(mode.concurrency),
        tasks,
        concurrency: mode.concurrency,
        pollIntervalMs: mode.pollIntervalMs,
        log: app.log,
      });
      app.log.info({ concurrency: mode.concurrency, tasks: Object.keys(tasks) }, 'job worker running');
    });
  }
  // onClose runs after the server stopped taking requests: the jobs they added are in the table,
  // and whatever this worker leaves is picked up by the next one to start.
  app.addHook('onClose', async () => {
    await worker?.stop();
    worker = null;
    const p = pool;
    pool = null;
    await p?.end();
  });
  return handle;
}
