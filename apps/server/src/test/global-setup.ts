import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client.ts';
import { type EmbeddedCluster, startEmbeddedPostgres } from '@/db/embedded.ts';
import { runMigrations } from '@/db/migrate.ts';
import { migrationsFolder } from '@/db/migrations-folder.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';
import { serviceUrl } from '@/test/services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDatabase: string;
  }
}

export const TEST_DB_PREFIX = 'kasuwa_test_';

/**
 * Once per test run: a PostgreSQL (the one in DATABASE_URL, or an embedded one in a temporary
 * folder) and a template database with every migration applied (graphile-worker's included). Each test file then clones the
 * template (CREATE DATABASE ... TEMPLATE), which takes milliseconds, and drops its clone at the end.
 */
export default async function setup(project: Pick<TestProject, 'provide'>) {
  let cluster: EmbeddedCluster | null = null;
  let tmpDir: string | null = null;
  let adminUrl = serviceUrl('DATABASE_URL');
  if (!adminUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-test-pg-'));
    cluster = await startEmbeddedPostgres({
      clusterDir: path.join(tmpDir, 'pg'),
      logger: pino({ level: 'warn' }),
      // Test data is disposable: skip the disk flushes that make PostgreSQL durable.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = cluster.adminUrl;
  }

  const template = `${TEST_DB_PREFIX}tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`Cannot connect to the test PostgreSQL (${redact(adminUrl)}): ${(err as Error).message}`);
  }
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(template)}`);
  const handle = openDatabase(withDatabase(adminUrl, template), { max: 2 });
  await runMigrations(handle.db, migrationsFolder);
  // The job queue's schema too, as the server installs it at start: every clone has it.
  await installJobSchema(handle.pool, pino({ level: 'warn' }));
  await handle.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${TEST_DB_PREFIX}%${process.pid}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    await admin.end();
    await cluster?.stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@]+@/, '//$1:***@');
