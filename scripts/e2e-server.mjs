// The server the end-to-end tests and benchmarks talk to: the real built server on the embedded
// PostgreSQL, in a fresh temporary DATA_DIR that is removed when it stops.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Playwright passes the DATA_DIR it made (so tests can read the outbox); otherwise make our own.
const given = process.env.DATA_DIR;
const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), 'kasuwa-e2e-'));
if (!given) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
// The user's path: the embedded PostgreSQL, whatever the environment says.
delete env.DATABASE_URL;
// Every browser of the suite shares 127.0.0.1, so the per-address sign-up and log-in limits (meant
// for one person) are raised here; the limits themselves are tested in the server tests.
env.AUTH_RATE_LIMIT_SCALE ??= '25';
const { main } = await import('../apps/server/dist/server.js');
await main(env);
