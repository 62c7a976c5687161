import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { AppDeps } from '@/app.ts';
import { type DatabaseHandle, openDatabase } from '@/db/client.ts';
import { startEmbeddedPostgres } from '@/db/embedded.ts';
import { runMigrations } from '@/db/migrate.ts';
import { migrationsFolder } from '@/db/migrations-folder.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';
import { systemClock } from '@/lib/clock.ts';
import { createOutboxMailer } from '@/mail/mailer.ts';
import { localDiskStorage } from '@/storage/file-storage.ts';

export type BenchEnvironment = {
  database: DatabaseHandle;
  /** The benchmark's database, for a server run in a process of its own (support/app-process.ts). */
  databaseUrl: string;
  /** Everything buildApp needs but the logger and the web folder, which each benchmark picks. */
  deps: Omit<AppDeps, 'logger' | 'webDist'>;
  close: () => Promise<void>;
};

/**
 * A migrated database of its own for one benchmark — in DATABASE_URL's PostgreSQL when set, else in
 * an embedded one in a temporary folder — and the app's other parts on local disk.
 */
export async function benchEnvironment(name: string): Promise<BenchEnvironment> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `kasuwa-bench-${name}-`));
  const quiet = pino({ level: 'warn' });
  const cluster = process.env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ clusterDir: path.join(tmp, 'pg'), logger: quiet });
  const adminUrl = process.env.DATABASE_URL ?? cluster?.adminUrl ?? '';
  const dbName = `kasuwa_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(dbName)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = openDatabase(url.toString());
  await runMigrations(database.db, migrationsFolder);
  // The job queue's schema, as the server installs it at start: scheduling a show queues its
  // followers' notices (issue 16), which failed with a 500 without it.
  await installJobSchema(database.pool, quiet);

  return {
    database,
    databaseUrl: url.toString(),
    deps: {
      db: database.db,
      storage: await localDiskStorage(path.join(tmp, 'uploads')),
      mailer: createOutboxMailer(path.join(tmp, 'outbox'), {
        from: 'bench',
        logger: quiet,
        clock: systemClock,
      }),
      clock: systemClock,
      adminToken: 'bench-admin-token-bench-admin-token',
      jwtSecret: 'bench-jwt-secret-bench-jwt-secret-0123',
      version: 'bench',
    },
    close: async () => {
      await database.close();
      await admin.query(`DROP DATABASE ${admin.escapeIdentifier(dbName)} WITH (FORCE)`);
      await admin.end();
      await cluster?.stop();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

/** Production-like request logging, written to /dev/null so the terminal is not the bottleneck. */
export const benchLogger = () =>
  pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));

/**
 * Waits (up to `BENCH_QUIET_MINUTES`, default 0: no wait) until the machine's one-minute load average
 * is below `BENCH_QUIET_LOAD` (default 2), so a long seeding phase can run beside other work and the
 * measuring starts when the machine is quiet. Returns the load average at the start of measuring,
 * which each benchmark prints beside its figures: a figure taken at load 8 on two cores is not one.
 */
export async function settle(): Promise<string> {
  const minutes = Number(process.env.BENCH_QUIET_MINUTES ?? 0);
  const below = Number(process.env.BENCH_QUIET_LOAD ?? 2);
  const until = Date.now() + minutes * 60_000;
  while (Date.now() < until && (os.loadavg()[0] ?? 0) >= below) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  const [one = 0, five = 0] = os.loadavg();
  return `load average ${one.toFixed(1)} (1 min), ${five.toFixed(1)} (5 min) on ${os.cpus().length} cores`;
}
