import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pgJobQueue } from '@/jobs/job-queue.ts';
import { JOBS_APPLICATION_NAME } from '@/jobs/job-worker.ts';
import { registerJobs } from '@/jobs/jobs.module.ts';
import type { TaskList } from '@/jobs/tasks.ts';
import { systemClock } from '@/lib/clock.ts';
import { createTestDatabase, type TestDatabase } from '@/test/build-test-app.ts';
import { listJobs } from '@/test/jobs.ts';
import { waitFor } from '@/test/wait-for.ts';

/* The worker as the server runs it (JOBS_WORKER=inline): started with the app, on its own pool,
   woken by LISTEN/NOTIFY. Real time here: no fake clock decides anything. */

let database: TestDatabase;
const queue = pgJobQueue(systemClock);
const ran: number[] = [];
/** A job of `slow` waits for this to be called. */
let finishSlow: () => void = () => {};

const tasks: TaskList = {
  record: async (payload) => {
    ran.push((payload as { n: number }).n);
  },
  slow: async (payload) => {
    await new Promise<void>((resolve) => {
      finishSlow = resolve;
    });
    ran.push((payload as { n: number }).n);
  },
};

const apps: FastifyInstance[] = [];
async function appWithWorker(pollIntervalMs: number) {
  const app = Fastify();
  registerJobs(app, {
    db: database.db,
    clock: systemClock,
    tasks,
    worker: { mode: 'inline', concurrency: 2, pollIntervalMs },
  });
  await app.ready();
  apps.push(app);
  return app;
}

const workerBackends = async () => {
  const { rows } = await database.db.execute<{ pid: number; query: string }>(sql`
    select pid, query from pg_stat_activity
    where datname = current_database() and application_name = ${JOBS_APPLICATION_NAME}`);
  return rows;
};

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  ran.length = 0;
});

afterAll(async () => {
  await database.drop();
});

describe('the in-process worker', () => {
  it('runs a committed job within moments, woken by NOTIFY rather than its poll', async () => {
    await appWithWorker(60_000);
    await queue.add(database.db, 'record', { n: 1 });
    await waitFor(() => ran.length === 1, 5_000);
    expect(ran).toEqual([1]);
    await waitFor(async () => (await listJobs(database.db)).length === 0, 5_000);
  });

  it('comes back by itself when its database connections are terminated, and still runs jobs', async () => {
    await appWithWorker(60_000);
    await queue.add(database.db, 'record', { n: 1 });
    await waitFor(() => ran.length === 1, 5_000);

    const before = await workerBackends();
    expect(before.length).toBeGreaterThan(0);
    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${JOBS_APPLICATION_NAME}`);

    // graphile-worker reconnects its LISTEN connection with back-off (first try after ~0.1 s):
    // a new backend listening again is the worker back, and a job then wakes it with no poll due.
    // What is tested is that it comes back by itself, not how soon: the full suite on two busy cores
    // once took over 10 s, hence the generous waits.
    const oldPids = new Set(before.map((b) => b.pid));
    await waitFor(
      async () => (await workerBackends()).some((b) => !oldPids.has(b.pid) && b.query.startsWith('LISTEN')),
      30_000,
    );
    await queue.add(database.db, 'record', { n: 2 });
    await waitFor(() => ran.length === 2, 15_000);
    expect(ran).toEqual([1, 2]);
  }, 60_000);

  it('on close, lets a running job finish before the app is closed, and closes its connections', async () => {
    const app = await appWithWorker(60_000);
    await queue.add(database.db, 'slow', { n: 3 });
    await waitFor(async () => (await listJobs(database.db)).some((j) => j.locked), 5_000);

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    apps.splice(apps.indexOf(app), 1);
    // A round trip to the database: time enough for a close that did not wait to have finished.
    await database.db.execute(sql`select pg_sleep(0.2)`);
    expect(closed).toBe(false);

    finishSlow();
    await closing;
    expect(ran).toEqual([3]);
    expect(await listJobs(database.db)).toEqual([]);
    await waitFor(async () => (await workerBackends()).length === 0, 5_000);
  });
});
