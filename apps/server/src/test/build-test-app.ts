import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '@/app.ts';
import { type Database, openDatabase } from '@/db/client.ts';
import { fakeClock, type TestClock, testClock } from '@/lib/clock.ts';
import type { Mail, Mailer } from '@/mail/mailer.ts';
import { seedCatalogue } from '@/modules/onboarding/catalogue.ts';
import { type FileStorage, localDiskStorage } from '@/storage/file-storage.ts';
import { TEST_DB_PREFIX, withDatabase } from '@/test/global-setup.ts';
import { type TestJobs, testJobs } from '@/test/jobs.ts';

export type CapturingMailer = Mailer & { sent: Mail[] };

/** A mailer that keeps messages in memory, so a test can read the code a seller would receive. */
export function capturingMailer(): CapturingMailer {
  const sent: Mail[] = [];
  return {
    sent,
    send: async (mail) => {
      sent.push(mail);
    },
    close: () => {},
  };
}

export type TestDatabase = { url: string; db: Database; drop: () => Promise<void> };

/** A fresh database cloned from the migrated template: every test file gets its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('templateDatabase');
  const name = `${TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two files cloning at the same instant can briefly see each other on the template; retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(
          `CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(template)}`,
        );
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 50 + attempt * 25));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const handle = openDatabase(url, { max: 5 });
  return {
    url,
    db: handle.db,
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = {
  app: App;
  db: Database;
  clock: ReturnType<typeof fakeClock>;
  mailer: CapturingMailer;
  /** Uploads of this app, in a temporary folder removed by close(). */
  storage: FileStorage;
  adminToken: string;
  jwtSecret: string;
  /**
   * The job queue. No worker runs by itself: `jobs.runDue()` runs what the fake clock says is due
   * (`buildTestApp({ jobWorker: { mode: 'inline', … } })` starts a real one instead).
   */
  jobs: TestJobs;
  /** With `withTestClock`: the TEST_CLOCK=1 clock the app runs on, ahead of `clock` by what it was advanced. */
  testClock: TestClock | null;
  close: () => Promise<void>;
};

/** The whole app on a fresh database, with a fake clock and a capturing mailer passed in. */
export async function buildTestApp(
  overrides: Partial<AppDeps> & {
    /** Runs the app on a test clock over the fake one, as TEST_CLOCK=1 does over the system's. */
    withTestClock?: true;
  } = {},
): Promise<TestApp> {
  const { withTestClock, ...rest } = overrides;
  overrides = rest;
  const database = await createTestDatabase();
  const clock = fakeClock();
  const ahead = withTestClock ? testClock(clock) : null;
  const mailer = capturingMailer();
  const adminToken = randomBytes(24).toString('base64url');
  const jwtSecret = randomBytes(32).toString('base64url');
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-uploads-'));
  const storage = await localDiskStorage(uploadsDir);
  // Partial resumable uploads in a folder of their own, as DATA_DIR/resumable-uploads is beside the
  // stored files in production: the storage's scratch folder then holds only what a request is writing.
  const resumableDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-resumable-'));
  await seedCatalogue(database.db, storage);
  const app = await buildApp({
    db: database.db,
    mailer,
    storage,
    clock,
    logger: false,
    adminToken,
    jwtSecret,
    webDist: null,
    version: 'test',
    // Tests move a fake clock and run the auction clock by hand (app.auctions.tick()), and sweep
    // orphaned uploads by hand (app.uploadSweeper.sweepAll()).
    auctionTimers: 'manual',
    uploadSweep: { timers: 'manual' },
    resumableUploads: { directory: resumableDir },
    jobWorker: { mode: 'manual' },
    ...(ahead ? { testClock: ahead } : {}),
    ...overrides,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    testClock: ahead,
    mailer,
    jobs: testJobs(app, database.db, clock),
    storage: overrides.storage ?? storage,
    adminToken,
    jwtSecret: overrides.jwtSecret ?? jwtSecret,
    close: async () => {
      await app.close();
      await database.drop();
      await rm(uploadsDir, { recursive: true, force: true });
      await rm(resumableDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app on the same database, secrets, storage and clock as `t`: a second node of a cluster,
 * or the server started again after `t.app` was closed. The caller closes it; `t.close()` still
 * drops the database.
 */
export async function buildAppOnSameDatabase(t: TestApp, overrides: Partial<AppDeps> = {}): Promise<App> {
  const app = await buildApp({
    db: t.db,
    mailer: t.mailer,
    storage: t.storage,
    clock: t.clock,
    logger: false,
    adminToken: t.adminToken,
    jwtSecret: t.jwtSecret,
    webDist: null,
    version: 'test',
    auctionTimers: 'manual',
    uploadSweep: { timers: 'manual' },
    // A second node shares the first one's partial uploads, as nodes share a volume.
    resumableUploads: { directory: t.app.resumableUploads.directory },
    jobWorker: { mode: 'manual' },
    ...overrides,
  });
  await app.ready();
  return app;
}
