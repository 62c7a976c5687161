import type { z } from 'zod';

/** What a handler may want to know about the run it is in: `attempts` above 1 means a retry. */
export type JobRun = { id: string; task: string; attempts: number; maxAttempts: number; key: string | null };

/**
 * A task's handler as the queue calls it. It throws to fail the attempt: graphile-worker keeps the
 * error and retries with exponential back-off until the job's maxAttempts.
 *
 * **Every handler must be idempotent.** A job can run more than once: a retry after a failure half
 * way, a worker killed after the work but before graphile-worker marked the job done, a job whose
 * lock was reset after four hours. So a handler checks the state it acts on (an order still
 * awaiting payment, a payout without a provider reference) and does nothing when the work is done;
 * a call to an outside service carries an idempotency key made from the payload (or the job key),
 * never from the run.
 */
export type TaskHandler = (payload: unknown, run: JobRun) => Promise<void>;

/** Task name → handler. Names are `<module>.<verb>` (`mail.send`, `orders.expire-payment-window`). */
export type TaskList = Readonly<Record<string, TaskHandler>>;

/**
 * A handler whose payload is checked against `schema` first: a payload is JSON written by an
 * earlier version of the code, so it is read as untrusted input, not cast.
 */
export function taskOf<S extends z.ZodType>(
  schema: S,
  run: (payload: z.infer<S>, job: JobRun) => Promise<void>,
): TaskHandler {
  return async (payload, job) => run(schema.parse(payload), job);
}

/** One list from each module's own, refusing a name two modules both claim (one would silently win). */
export function mergeTaskLists(...lists: TaskList[]): TaskList {
  const merged: Record<string, TaskHandler> = {};
  for (const list of lists) {
    for (const [name, handler] of Object.entries(list)) {
      if (name in merged) throw new Error(`Two modules register the job task "${name}"`);
      merged[name] = handler;
    }
  }
  return merged;
}
