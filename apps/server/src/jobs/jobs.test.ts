import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerJobs } from '@/jobs/jobs.module.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import { fakeClock } from '@/lib/clock.ts';
import { transactionsOf } from '@/lib/queryable.ts';
import { createTestDatabase, type TestDatabase } from '@/test/build-test-app.ts';
import { testJobs } from '@/test/jobs.ts';

const MINUTE = 60_000;

/* The queue and what the worker does with it, through graphile-worker on a real PostgreSQL, with
   no worker running by itself: the tests run what the fake clock says is due. */

let database: TestDatabase;
const clock = fakeClock();
/** What the tasks did, in order. */
const ran: Array<{ task: string; payload: unknown; attempts: number }> = [];
/** How many more times `flaky` fails before it succeeds. */
let flakyFailures = 0;

const tasks: TaskList = {
  record: taskOf(z.object({ n: z.number() }), async (payload, run) => {
    ran.push({ task: run.task, payload, attempts: run.attempts });
  }),
  flaky: async (payload, run) => {
    if (flakyFailures > 0) {
      flakyFailures--;
      throw new Error('SMTP said 421, try later');
    }
    ran.push({ task: run.task, payload, attempts: run.attempts });
  },
};

const app = Fastify();
let jobs: ReturnType<typeof testJobs>;

beforeAll(async () => {
  database = await createTestDatabase();
  registerJobs(app, { db: database.db, clock, tasks, worker: { mode: 'manual' } });
  await app.ready();
  jobs = testJobs(app, database.db, clock);
});

afterEach(async () => {
  ran.length = 0;
  flakyFailures = 0;
  // Each test starts with an empty queue.
  await database.db.$client.query('delete from graphile_worker._private_jobs');
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const transaction = () => transactionsOf(database.db);
const justAfter = (when: Date | undefined) => {
  if (!when) throw new Error('no job to wait for');
  return new Date(when.getTime() + 1);
};

describe('a job added in a transaction', () => {
  it('never runs when the transaction rolls back', async () => {
    await expect(
      transaction()(async (tx) => {
        await jobs.queue.add(tx, 'record', { n: 1 });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');

    await jobs.runDue();
    expect(ran).toEqual([]);
    expect(await jobs.list()).toEqual([]);
  });

  it('runs once when the transaction commits', async () => {
    await transaction()(async (tx) => {
      await jobs.queue.add(tx, 'record', { n: 2 });
    });

    await jobs.runDue();
    await jobs.runDue();
    expect(ran).toEqual([{ task: 'record', payload: { n: 2 }, attempts: 1 }]);
    expect(await jobs.list()).toEqual([]);
  });
});

describe('run_at', () => {
  it('comes from the queue clock, so a job is not run before the fake clock reaches it', async () => {
    await jobs.queue.add(
      database.db,
      'record',
      { n: 3 },
      { runAt: new Date(clock.now().getTime() + 30 * MINUTE) },
    );
    const [queued] = await jobs.list();
    expect(queued?.runAt.toISOString()).toBe(new Date(clock.now().getTime() + 30 * MINUTE).toISOString());

    clock.advance(29 * MINUTE);
    await jobs.runDue();
    expect(ran).toEqual([]);

    clock.advance(2 * MINUTE);
    await jobs.runDue();
    expect(ran).toEqual([{ task: 'record', payload: { n: 3 }, attempts: 1 }]);
  });

  it('is the clock now when none is given, although the real time is months away from it', async () => {
    await jobs.queue.add(database.db, 'record', { n: 4 });
    const [queued] = await jobs.list();
    expect(queued?.runAt.toISOString()).toBe(clock.now().toISOString());

    await jobs.runDue();
    expect(ran).toHaveLength(1);
  });
});

describe('a job key', () => {
  const key = 'order:123:payment-window';

  it('names one deadline: adding it again moves it instead of adding a second job', async () => {
    const start = clock.now().getTime();
    await jobs.queue.add(
      database.db,
      'record',
      { n: 5 },
      { jobKey: key, runAt: new Date(start + 15 * MINUTE) },
    );
    await jobs.queue.add(
      database.db,
      'record',
      { n: 6 },
      { jobKey: key, runAt: new Date(start + 60 * MINUTE) },
    );

    const queued = await jobs.list();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ key, payload: { n: 6 }, runAt: new Date(start + 60 * MINUTE) });

    clock.advance(20 * MINUTE);
    await jobs.runDue();
    expect(ran).toEqual([]);
    clock.advance(41 * MINUTE);
    await jobs.runDue();
    expect(ran).toEqual([{ task: 'record', payload: { n: 6 }, attempts: 1 }]);
  });

  it('keeps the first deadline with preserve_run_at, taking the new payload', async () => {
    const start = clock.now().getTime();
    await jobs.queue.add(
      database.db,
      'record',
      { n: 7 },
      { jobKey: key, runAt: new Date(start + 15 * MINUTE) },
    );
    await jobs.queue.add(
      database.db,
      'record',
      { n: 8 },
      { jobKey: key, runAt: new Date(start + 60 * MINUTE), jobKeyMode: 'preserve_run_at' },
    );

    expect(await jobs.list()).toMatchObject([{ payload: { n: 8 }, runAt: new Date(start + 15 * MINUTE) }]);
  });

  it('cancels the pending job on remove, also inside a transaction, and removing it again is harmless', async () => {
    await jobs.queue.add(
      database.db,
      'record',
      { n: 9 },
      { jobKey: key, runAt: new Date(clock.now().getTime() + MINUTE) },
    );
    await transaction()(async (tx) => {
      await jobs.queue.remove(tx, key);
    });
    await jobs.queue.remove(database.db, key);

    clock.advance(2 * MINUTE);
    await jobs.runDue();
    expect(ran).toEqual([]);
    expect(await jobs.list()).toEqual([]);
  });

  it('is not cancelled by a remove in a transaction that rolls back', async () => {
    await jobs.queue.add(database.db, 'record', { n: 10 }, { jobKey: key });
    await expect(
      transaction()(async (tx) => {
        await jobs.queue.remove(tx, key);
        throw new Error('payment not recorded');
      }),
    ).rejects.toThrow();

    await jobs.runDue();
    expect(ran).toEqual([{ task: 'record', payload: { n: 10 }, attempts: 1 }]);
  });
});

describe('a failing task', () => {
  it('is retried after its back-off, keeping the error meanwhile, and then succeeds', async () => {
    flakyFailures = 1;
    await jobs.queue.add(database.db, 'flaky', { to: 'ada@example.ng' });

    await jobs.runDue();
    expect(ran).toEqual([]);
    const [failed] = await jobs.list();
    expect(failed).toMatchObject({ attempts: 1, lastError: 'SMTP said 421, try later', locked: false });

    // graphile-worker computes the back-off from PostgreSQL's own now() (not Node's time), so the
    // retry is due at the run_at it recorded: move the fake clock just past it (PostgreSQL keeps
    // microseconds, a Date only milliseconds).
    clock.set(justAfter(failed?.runAt));
    await jobs.runDue();
    expect(ran).toEqual([{ task: 'flaky', payload: { to: 'ada@example.ng' }, attempts: 2 }]);
    expect(await jobs.list()).toEqual([]);
  });

  it('stops after maxAttempts and stays in the table, failed, for an operator to see', async () => {
    flakyFailures = 10;
    await jobs.queue.add(database.db, 'flaky', {}, { maxAttempts: 2 });

    await jobs.runDue();
    clock.set(justAfter((await jobs.list())[0]?.runAt));
    await jobs.runDue();
    clock.advance(24 * 60 * MINUTE);
    await jobs.runDue();

    expect(ran).toEqual([]);
    expect(await jobs.list()).toMatchObject([
      { attempts: 2, maxAttempts: 2, lastError: 'SMTP said 421, try later' },
    ]);
    expect(flakyFailures).toBe(8);
  });

  it('refuses a payload its schema does not accept, as a failed attempt', async () => {
    await jobs.queue.add(database.db, 'record', { n: 'eleven' });
    await jobs.runDue();
    expect(ran).toEqual([]);
    expect((await jobs.list())[0]?.lastError).toMatch(/expected number/i);
  });
});
