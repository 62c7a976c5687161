import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSchedule } from '@/lib/cluster-schedule.ts';
import { createTestDatabase, type TestDatabase } from '@/test/build-test-app.ts';
import { waitFor } from '@/test/wait-for.ts';

const quiet = { error: () => {}, info: () => {}, warn: () => {} };
const LOCK_KEY = 0x7465_7374;

describe('a cluster schedule whose database connection dies', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  /** Ends the lock's session from the server side, as a PostgreSQL crash or restart does. */
  async function killLockSession() {
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND objid = $1 AND granted`,
        [LOCK_KEY],
      );
      return rows[0]?.n ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('stops running at once and owns its lock again within seconds, not after its long retry', async () => {
    let runs = 0;
    const schedule = clusterSchedule({
      name: 'test schedule',
      lockKey: LOCK_KEY,
      connect: () => new pg.Client({ connectionString: t.url }),
      run: async () => {
        runs++;
      },
      log: quiet,
      // Like the sweeper: a long interval and an even longer wait when another node holds the lock.
      intervalMs: 3_600_000,
      retryMs: 60_000,
      firstDelayMs: 0,
    });
    schedule.start();
    try {
      await waitFor(() => schedule.isOwner() && runs === 1, 10_000);
      expect(await killLockSession()).toBe(1);
      await waitFor(() => !schedule.isOwner(), 5_000, 10);
      const lostAt = Date.now();
      await waitFor(() => schedule.isOwner(), 10_000, 50);
      expect(Date.now() - lostAt).toBeLessThan(5_000);
      // The new owner runs again (its first run after taking the lock), once.
      await waitFor(() => runs === 2, 5_000);
    } finally {
      await schedule.stop();
    }
  });
});
