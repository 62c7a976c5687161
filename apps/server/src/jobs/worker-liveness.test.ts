import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkerLiveness, workerLiveness } from '@/jobs/worker-liveness.ts';
import { createTestDatabase, type TestDatabase } from '@/test/build-test-app.ts';

let d: TestDatabase;
const livenesses: WorkerLiveness[] = [];
const log = pino({ level: 'silent' });
const make = () => {
  const l = workerLiveness({ connection: { connectionString: d.url }, log });
  livenesses.push(l);
  return l;
};

beforeAll(async () => {
  d = await createTestDatabase();
});
afterAll(async () => {
  for (const l of livenesses) await l.stop();
  await d?.drop();
});

async function lockedJob(key: string, lockedBy: string, secondsAgo: number) {
  await d.db.execute(sql`select graphile_worker.add_job('mail.send', '{}'::json, job_key := ${key})`);
  await d.db.execute(
    sql`update graphile_worker._private_jobs set locked_by = ${lockedBy},
        locked_at = now() - make_interval(secs => ${secondsAgo}) where key = ${key}`,
  );
}
const lockOf = async (key: string) =>
  (
    await d.db.execute<{ locked_by: string | null }>(
      sql`select locked_by from graphile_worker._private_jobs where key = ${key}`,
    )
  ).rows[0]?.locked_by;

describe('jobs of a job worker that died', () => {
  it('are freed at once; those of a live worker (here or in another process) and fresh locks are not', async () => {
    const other = make(); // another node, alive
    const here = make();
    other.hold('pool-alive-elsewhere');
    here.hold('pool-alive-here');
    await lockedJob('dead', 'pool-killed', 60);
    await lockedJob('elsewhere', 'pool-alive-elsewhere', 60);
    await lockedJob('here', 'pool-alive-here', 60);
    await lockedJob('just-taken', 'pool-starting', 1);

    expect(await here.reclaim()).toEqual(['pool-killed']);
    expect(await lockOf('dead')).toBeNull();
    expect(await lockOf('elsewhere')).toBe('pool-alive-elsewhere');
    expect(await lockOf('here')).toBe('pool-alive-here');
    expect(await lockOf('just-taken')).toBe('pool-starting');

    // The other node stops (its connection ends, as when its process is killed): its jobs are freed.
    await other.stop();
    expect(await here.reclaim()).toEqual(['pool-alive-elsewhere']);
    expect(await lockOf('elsewhere')).toBeNull();
  });
});
