import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { App } from '@/app.ts';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';

/**
 * One job graphile-worker holds: pending, running, retrying or failed for good. Read from its private
 * tables, because its public `jobs` view leaves the payload out.
 */
export type QueuedJob = {
  id: string;
  task: string;
  payload: Record<string, unknown>;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  key: string | null;
  locked: boolean;
};

export type TestJobs = {
  queue: JobQueue;
  /**
   * Runs every job that is due by the fake clock, one at a time, as a worker would at that moment,
   * and resolves when none is left. "Advance the clock past the deadline, run what is due, assert",
   * with no sleeping and no worker running on its own.
   */
  runDue(): Promise<void>;
  /** What graphile-worker holds: every job not yet done, oldest first. */
  list(): Promise<QueuedJob[]>;
};

/**
 * The app's worker runs with `useNodeTime`, and graphile-worker reads Node's time from `new Date()`
 * (its docs suggest exactly this for tests with a fake clock): so while the due jobs run, Date alone
 * is faked to the test's clock — timers stay real, pg and graphile-worker keep working — and put
 * back afterwards. A test that already fakes timers keeps its own, with the time set.
 */
export async function atNodeTime<T>(now: Date, fn: () => Promise<T>): Promise<T> {
  if (vi.isFakeTimers()) {
    vi.setSystemTime(now);
    return fn();
  }
  vi.useFakeTimers({ toFake: ['Date'], now });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

export async function listJobs(db: Database): Promise<QueuedJob[]> {
  const { rows } = await db.execute<{
    id: string;
    task_identifier: string;
    payload: Record<string, unknown>;
    run_at: Date;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    key: string | null;
    locked_at: Date | null;
  }>(sql`
    select jobs.id, tasks.identifier as task_identifier, jobs.payload, jobs.run_at, jobs.attempts,
      jobs.max_attempts, jobs.last_error, jobs.key, jobs.locked_at
    from graphile_worker._private_jobs as jobs
    join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
    order by jobs.id`);
  return rows.map((r) => ({
    id: String(r.id),
    task: r.task_identifier,
    payload: r.payload,
    runAt: new Date(r.run_at),
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    lastError: r.last_error,
    key: r.key,
    locked: r.locked_at !== null,
  }));
}

export function testJobs(app: App, db: Database, clock: Clock): TestJobs {
  return {
    queue: app.jobs.queue,
    runDue: () => atNodeTime(clock.now(), () => app.jobs.runOnce()),
    list: () => listJobs(db),
  };
}

/** A first attempt, as the queue describes the run to a handler that a test calls directly. */
export const firstRun = { id: 'test', task: 'test', attempts: 1, maxAttempts: 25, key: null };
