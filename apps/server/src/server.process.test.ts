import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '@/db/embedded.ts';
import { type FakeS3, startFakeS3 } from '@/test/fake-s3.ts';
import {
  freePort,
  type RunningServer as Running,
  serverProcesses,
  waitForOutput as waitForServerOutput,
} from '@/test/server-process.ts';

// These tests run the real server process, as `npm start` does, on the embedded PostgreSQL.
const { freshDataDir, startServer, cleanup } = serverProcesses('kasuwa-srv-');

afterAll(cleanup);

const waitForOutput = (r: Running, text: string, timeoutMs = 45_000) =>
  waitForServerOutput(r, text, timeoutMs);

const adminApprove = (r: Running, token: string) =>
  fetch(`http://127.0.0.1:${r.port}/api/admin/sellers/approve`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kasuwa.ng' }),
  });

async function postmasterPid(dataDir: string) {
  try {
    return Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return null;
  }
}

describe('the server process', () => {
  it('starts on a fresh private DATA_DIR, refuses a second server there, and shuts down cleanly', async () => {
    const dataDir = await freshDataDir();
    const first = startServer(dataDir, await freePort());
    await waitForOutput(first, 'is ready on');
    // graphile-worker's schema was installed on the fresh embedded database and its worker started.
    expect(first.output()).toContain('job worker running');

    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { database: { reachable: boolean } }).database.reachable).toBe(true);
    const token = (await fs.readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
    expect((await fs.stat(path.join(dataDir, 'admin-token'))).mode & 0o777).toBe(0o600);
    expect((await adminApprove(first, token)).status).toBe(200);

    const second = startServer(dataDir, await freePort());
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(
      `Another Kasuwa server (pid ${first.child.pid}) is already using DATA_DIR`,
    );

    const pgPid = await postmasterPid(dataDir);
    expect(pgPid && isAlive(pgPid)).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(first.output()).toContain('shutdown complete');
    expect(await postmasterPid(dataDir)).toBeNull();
    await expect(fs.access(path.join(dataDir, 'server.lock'))).rejects.toThrow();
  }, 120_000);

  it('recovers after a crash: stops the orphaned PostgreSQL and keeps the data', async () => {
    const dataDir = await freshDataDir();
    const first = startServer(dataDir, await freePort());
    await waitForOutput(first, 'is ready on');
    const orphan = await postmasterPid(dataDir);
    first.child.kill('SIGKILL');
    await first.exit;
    expect(orphan && isAlive(orphan)).toBe(true);

    const next = startServer(dataDir, await freePort());
    await waitForOutput(next, 'is ready on');
    expect(next.output()).toContain('stopping a PostgreSQL left running by an earlier server');
    expect(orphan && isAlive(orphan)).toBe(false);
    const token = (await fs.readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
    // The demo seller seeded by the crashed server is still there.
    expect((await adminApprove(next, token)).status).toBe(200);
    expect(next.output()).not.toContain('demo seller created');
    next.child.kill('SIGINT');
    expect(await next.exit).toBe(0);
  }, 120_000);

  it('starts empty with SEED_DEMO=0', async () => {
    const dataDir = await freshDataDir();
    const r = startServer(dataDir, await freePort(), {
      SEED_DEMO: '0',
      ADMIN_TOKEN: 'a-given-admin-token-of-sufficient-length',
    });
    await waitForOutput(r, 'is ready on');
    const res = await adminApprove(r, 'a-given-admin-token-of-sufficient-length');
    expect(res.status).toBe(404);
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
  }, 120_000);

  it('refuses to start with a clear message when the configuration is invalid', async () => {
    const dataDir = await freshDataDir();
    const r = startServer(dataDir, 3000, { PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    expect(await r.exit).toBe(1);
    expect(r.output()).toContain('Invalid configuration');
    expect(r.output()).toContain('PORT');
    expect(r.output()).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
  }, 60_000);
});

describe('the server process with S3_BUCKET', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.stop());
  const s3Env = (bucket: string) => ({
    SEED_DEMO: '0',
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });

  it('keeps uploads in the bucket: the catalogue pictures go there, not to DATA_DIR/uploads', async () => {
    const dataDir = await freshDataDir();
    const r = startServer(dataDir, await freePort(), s3Env(s3.bucket));
    await waitForOutput(r, 'is ready on');
    expect(r.output()).toContain('uploads are stored in S3');
    const res = await fetch(`http://127.0.0.1:${r.port}/api/categories`);
    const { categories } = (await res.json()) as { categories: Array<{ image: { url: string } }> };
    const picture = await fetch(`http://127.0.0.1:${r.port}${categories[0]?.image.url}`);
    expect(picture.status).toBe(200);
    await expect(fs.access(path.join(dataDir, 'uploads'))).rejects.toThrow();
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
  }, 120_000);

  it('refuses to start, saying why, when the bucket does not exist', async () => {
    const dataDir = await freshDataDir();
    const r = startServer(dataDir, await freePort(), s3Env('no-such-bucket'));
    expect(await r.exit).toBe(1);
    expect(r.output()).toContain('no-such-bucket');
    expect(r.output()).toContain(`at ${s3.endpoint} is not usable: the bucket does not exist`);
  }, 120_000);
});
