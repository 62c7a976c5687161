import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { CHAOS_PORTS, CHAOS_SECRETS } from '@/chaos/harness.ts';
import baseSetup, { TEST_DB_PREFIX, withDatabase } from '@/test/global-setup.ts';
import { serverProcesses, waitForOutput } from '@/test/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo-seeded template database and the DATA_DIR its seeding server left (uploads, keys). */
    chaosSeeded: { database: string; dataDir: string };
  }
}

const bundle = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

/**
 * `npm run chaos` (issue 18): the test PostgreSQL and migrated template of every server test, and
 * once per run a template seeded with the demo by the built server itself, so each fault's server
 * starts on a clone in seconds instead of migrating and seeding (which took 20–90 s per start on
 * the loaded machine, twelve times a run).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(bundle)) {
    throw new Error(
      `${bundle} is missing: run \`npm run chaos\` (it builds the server first) or \`npm run build\``,
    );
  }
  const provided: Record<string, string> = {};
  const teardown = await baseSetup({
    provide: <T extends keyof ProvidedContext & string>(key: T, value: ProvidedContext[T]) => {
      if (typeof value === 'string') provided[key] = value;
      project.provide(key, value);
    },
  });
  const adminUrl = provided.pgAdminUrl as string;
  // Named with this process's id, so the base teardown drops it with the template.
  const seeded = `${TEST_DB_PREFIX}chaos_seeded_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${admin.escapeIdentifier(seeded)} TEMPLATE ${admin.escapeIdentifier(provided.templateDatabase as string)}`,
    );
  } finally {
    await admin.end();
  }

  const procs = serverProcesses('kasuwa-chaos-seed-');
  const dataDir = await procs.freshDataDir();
  const began = Date.now();
  const server = procs.startServer(
    dataDir,
    CHAOS_PORTS.nodeA,
    { ...CHAOS_SECRETS, DATABASE_URL: withDatabase(adminUrl, seeded), SEED_DEMO: '1', REDIS_URL: '' },
    { built: true },
  );
  try {
    await waitForOutput(server, 'is ready on', 600_000);
    const exited = server.exit;
    server.child.kill('SIGTERM');
    await exited;
  } catch (err) {
    await procs.cleanup();
    await teardown();
    throw err;
  }
  process.stdout.write(`chaos: demo seeded once in ${Date.now() - began} ms (template ${seeded})\n`);
  project.provide('chaosSeeded', { database: seeded, dataDir });

  return async () => {
    await procs.cleanup();
    await teardown();
  };
}
