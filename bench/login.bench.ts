// Log-in throughput against the health route in the same process and run, and the cost of one
// Argon2id hash (19 MiB, t=2, p=1). Log-in is meant to be slow: the hash is what protects passwords
// if the database leaks, so the ratio shows the price per log-in rather than a target to chase.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '@/app.ts';
import { openDatabase } from '@/db/client.ts';
import { startEmbeddedPostgres } from '@/db/embedded.ts';
import { runMigrations } from '@/db/migrate.ts';
import { migrationsFolder } from '@/db/migrations-folder.ts';
import { systemClock } from '@/lib/clock.ts';
import { hashPassword } from '@/lib/password.ts';
import { createOutboxMailer } from '@/mail/mailer.ts';
import { DEMO_SELLER, seedDemo } from '@/seed/demo.ts';
import { localDiskStorage } from '@/storage/file-storage.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const UNLIMITED = { max: 1_000_000, timeWindow: 60_000 };

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-login-'));
const quiet = pino({ level: 'warn' });
let adminUrl = process.env.DATABASE_URL;
const cluster = adminUrl
  ? null
  : await startEmbeddedPostgres({ clusterDir: path.join(tmp, 'pg'), logger: quiet });
adminUrl ??= cluster?.adminUrl ?? '';
const dbName = `kasuwa_bench_login_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = openDatabase(url.toString());
await runMigrations(database.db, migrationsFolder);
await seedDemo(database.db);

const app = await buildApp({
  db: database.db,
  storage: await localDiskStorage(path.join(tmp, 'uploads')),
  mailer: createOutboxMailer(path.join(tmp, 'outbox'), { from: 'bench', logger: quiet, clock: systemClock }),
  clock: systemClock,
  logger: pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false })),
  adminToken: 'bench-admin-token-bench-admin-token',
  jwtSecret: 'bench-jwt-secret-bench-jwt-secret-0123',
  webDist: null,
  // The per-address limits would stop a benchmark from one address after 20 log-ins.
  authRateLimits: { login: UNLIMITED },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const hashTimes: number[] = [];
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  await hashPassword(`Bench-password-${i}`);
  hashTimes.push(performance.now() - t0);
}
hashTimes.sort((a, b) => a - b);
const hashMedianMs = hashTimes[Math.floor(hashTimes.length / 2)] ?? 0;

const run = async (opts: autocannon.Options) => {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.total / SECONDS;
};
const login = () =>
  run({
    url: `${base}/api/seller/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_SELLER.email, password: DEMO_SELLER.password }),
  });
const health = () => run({ url: `${base}/api/health` });

await autocannon({ url: `${base}/api/health`, connections: 5, duration: 1 });
const healthRate = (await health()) / 2 + (await health()) / 2;
const loginRate = await login();
const ratio = loginRate / healthRate;
const peakRssMb = process.resourceUsage().maxRSS / 1024;

await app.close();
await database.close();
await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await admin.end();
await cluster?.stop();
await fs.rm(tmp, { recursive: true, force: true });

process.stdout.write(
  `login: ${loginRate.toFixed(0)} log-ins/s vs ${healthRate.toFixed(0)} health req/s -> ratio ${ratio.toFixed(3)}` +
    ` | Argon2id hash ${hashMedianMs.toFixed(1)} ms (median of 10; 19 MiB, t=2, p=1)` +
    ` | peak RSS ${peakRssMb.toFixed(0)} MB\n`,
);
