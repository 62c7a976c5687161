import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import type { TestClock } from '@/lib/clock.ts';

/**
 * Lets `ms` pass on a TEST_CLOCK=1 server: the app's clock jumps forward, then every waiting job is
 * moved earlier by as much, so a job that was due within `ms` is due now and the worker (which goes
 * by Node's time, jobs/job-worker.ts) runs it at its next poll. The clock moves first, so a job that
 * falls due sees the new time when it runs.
 *
 * Jobs are moved through graphile-worker's own `reschedule_jobs` (the documented way to change
 * run_at), which leaves a job that is running (locked) alone; a job the worker is running during
 * the jump keeps its run_at, which only matters if it fails and is retried.
 */
export async function advanceTestClock(db: Database, clock: TestClock, ms: number): Promise<number> {
  clock.advance(ms);
  const seconds = ms / 1000;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      select moved.id
      from graphile_worker.jobs as waiting,
        lateral graphile_worker.reschedule_jobs(
          array[waiting.id],
          run_at => waiting.run_at - make_interval(secs => ${seconds}::double precision)
        ) as moved
      where waiting.locked_at is null and waiting.attempts < waiting.max_attempts`);
    // Wakes a listening worker at once instead of at its next poll.
    if (rows.length)
      await tx.execute(sql`select pg_notify('jobs:insert', ${JSON.stringify({ count: rows.length })})`);
    return rows.length;
  });
}
