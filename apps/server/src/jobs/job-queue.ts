import type { Queryable } from '@/lib/queryable.ts';

/**
 * The background job queue (graphile-worker on the same PostgreSQL, ARCHITECTURE.md). A module that
 * needs follow-up work adds a job inside the transaction that changes the state, so both commit or
 * vanish together. Handlers are plain functions of (payload, deps) and must be idempotent: a job can
 * run twice.
 */
export type JobSpec = {
  /** When it is due; from the app's clock, never the database's. Now when absent. */
  runAt?: Date;
  /** Names a deadline (`order:<id>:payment-window`): adding again moves it, `remove` cancels it. */
  jobKey?: string;
  maxAttempts?: number;
  jobKeyMode?: 'replace' | 'preserve_run_at';
};

export type JobQueue = {
  add(q: Queryable, task: string, payload: Record<string, unknown>, spec?: JobSpec): Promise<void>;
  remove(q: Queryable, jobKey: string): Promise<void>;
};

/** A task handler: what a module registers under a task name. */
export type TaskHandler = (payload: unknown) => Promise<void>;
export type TaskList = Record<string, TaskHandler>;
