// GET /api/health through the full plugin stack (helmet, rate-limit, OpenAPI, error handler, request
// logging, SPA fallback) against a bare Fastify route doing the same database round-trip, in the same
// process, alternating so machine noise hits both alike. Target: full >= 0.6 of bare.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '@/app.ts';
import { openDatabase } from '@/db/client.ts';
import { startEmbeddedPostgres } from '@/db/embedded.ts';
import { runMigrations } from '@/db/migrate.ts';
import { migrationsFolder } from '@/db/migrations-folder.ts';
import { systemClock } from '@/lib/clock.ts';
import { createOutboxMailer } from '@/mail/mailer.ts';
import { localDiskStorage } from '@/storage/file-storage.ts';

const TARGET = 0.6;
const SECONDS_PER_ROUND = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;
const CONNECTIONS = 50;

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-'));
const quiet = pino({ level: 'warn' });
let adminUrl = process.env.DATABASE_URL;
const cluster = adminUrl
  ? null
  : await startEmbeddedPostgres({ clusterDir: path.join(tmp, 'pg'), logger: quiet });
adminUrl ??= cluster?.adminUrl ?? '';
const dbName = `kasuwa_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = openDatabase(url.toString());
await runMigrations(database.db, migrationsFolder);

// Production-like: request logging on, written to /dev/null so the terminal is not the bottleneck.
const logger = process.env.NOLOG
  ? false
  : pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
const full = await buildApp({
  db: database.db,
  storage: await localDiskStorage(path.join(tmp, 'uploads')),
  mailer: createOutboxMailer(path.join(tmp, 'outbox'), { from: 'bench', logger: quiet, clock: systemClock }),
  clock: systemClock,
  logger,
  adminToken: 'bench-admin-token-bench-admin-token',
  jwtSecret: 'bench-jwt-secret-bench-jwt-secret-0123',
  webDist: fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
  version: 'bench',
});
const bare = Fastify();
bare.get('/api/health', async () => {
  await database.db.execute(sql`select 1`);
  return { status: 'ok' };
});
const fullUrl = await full.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

async function measure(base: string) {
  const r = await autocannon({
    url: `${base}/api/health`,
    connections: CONNECTIONS,
    duration: SECONDS_PER_ROUND,
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${base}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.total;
}

// Warm-up: JIT and the pool, not counted.
await autocannon({ url: `${fullUrl}/api/health`, connections: 10, duration: 1 });
await autocannon({ url: `${bareUrl}/api/health`, connections: 10, duration: 1 });

let fullTotal = 0;
let bareTotal = 0;
for (let round = 0; round < ROUNDS; round++) {
  fullTotal += await measure(fullUrl);
  bareTotal += await measure(bareUrl);
}
const seconds = SECONDS_PER_ROUND * ROUNDS;
const ratio = fullTotal / bareTotal;
const peakRssMb = process.resourceUsage().maxRSS / 1024;

await full.close();
await bare.close();
await database.close();
await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await admin.end();
await cluster?.stop();
await fs.rm(tmp, { recursive: true, force: true });

const fmt = (n: number) => Math.round(n).toLocaleString('en-NG');
process.stdout.write(
  `health route: ${fmt(fullTotal / seconds)} req/s full stack vs ${fmt(bareTotal / seconds)} req/s bare route` +
    ` -> ratio ${ratio.toFixed(2)} (target >= ${TARGET}) ${ratio >= TARGET ? 'PASS' : 'FAIL'}` +
    ` | peak RSS ${peakRssMb.toFixed(0)} MB (servers + load generator in one process)\n`,
);
process.exitCode = ratio >= TARGET ? 0 : 1;
