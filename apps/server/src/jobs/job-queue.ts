import { sql } from 'drizzle-orm';
import type { Clock } from '@/lib/clock.ts';
import type { Queryable } from '@/lib/queryable.ts';

export type JobSpec = {
  /** When the job becomes due; the queue's clock's now when absent. */
  runAt?: Date;
  /**
   * Names one pending job (`order:<id>:payment-window`): adding again with the same key replaces
   * that job (its payload and, in `replace` mode, its run_at) instead of adding a second one, and
   * `remove(q, key)` cancels it.
   */
  jobKey?: string;
  /** Tries before the job stays failed; graphile-worker's default is 25 (about three days of back-off). */
  maxAttempts?: number;
  /** `replace` (default) moves a keyed job's run_at to this one; `preserve_run_at` keeps the old deadline. */
  jobKeyMode?: 'replace' | 'preserve_run_at';
};

/**
 * The one job queue every module adds follow-up work to (graphile-worker on the application's own
 * PostgreSQL). It is passed in, never imported as a singleton, so a service's tests see the jobs
 * it adds. Both calls take the caller's queryable: inside a transaction the job commits or vanishes
 * with the state change that asked for it (the outbox, without an outbox table).
 */
export type JobQueue = {
  /** Adds a job inside the caller's transaction (so the state change and its follow-up commit or vanish together). */
  add(q: Queryable, task: string, payload: Record<string, unknown>, spec?: JobSpec): Promise<void>;
  /** Removes a pending job by its key (e.g. a payment window once paid). */
  remove(q: Queryable, jobKey: string): Promise<void>;
};

/**
 * The queue over graphile-worker's SQL API. run_at always comes from `clock` (the app's injected
 * one), never from PostgreSQL's now(): the worker runs with `useNodeTime`, so what is due is decided
 * by the same time source that scheduled it, and a test's fake clock decides both. A test clock
 * (TEST_CLOCK=1, lib/clock.ts) runs ahead of Node's time by its offset; run_at is written in the
 * worker's time (less the offset), so "in 30 seconds" stays 30 seconds after a jump of days.
 */
export function pgJobQueue(clock: Clock): JobQueue {
  return {
    async add(q, task, payload, spec = {}) {
      const wanted = spec.runAt ?? clock.now();
      const runAt = clock.offsetMs ? new Date(wanted.getTime() - clock.offsetMs()) : wanted;
      await q.execute(sql`
        select graphile_worker.add_job(
          identifier => ${task}::text,
          payload => ${JSON.stringify(payload)}::json,
          run_at => ${runAt.toISOString()}::timestamptz,
          max_attempts => ${spec.maxAttempts ?? null}::int,
          job_key => ${spec.jobKey ?? null}::text,
          job_key_mode => ${spec.jobKeyMode ?? 'replace'}::text
        )`);
    },
    async remove(q, jobKey) {
      // A job already running is not deleted: graphile-worker clears its key and stops its retries.
      await q.execute(sql`select graphile_worker.remove_job(${jobKey}::text)`);
    },
  };
}

/** Task handlers and lists live in tasks.ts; modules that only add jobs import them from here too. */
export type { TaskHandler, TaskList } from '@/jobs/tasks.ts';
