import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMailer } from '@/mail/queued-mailer.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type RunningServer, waitForOutput } from '@/test/server-process.ts';
import { waitFor } from '@/test/wait-for.ts';

/* `npm run worker` as a separate process on the app's database: the app only adds the job (its
   own worker is manual and never runs), the child process runs it. */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

let t: TestApp;
let dataDir: string;
let worker: RunningServer | null = null;

function startWorker(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, port: 0, dataDir, output: () => out, exit };
}

beforeAll(async () => {
  t = await buildTestApp();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-worker-'));
});

afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill('SIGKILL');
    await worker.exit;
  }
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('npm run worker', () => {
  it('runs a mail job the app queued, writing it to the outbox, and stops on SIGTERM', async () => {
    const databaseUrl = t.db.$client.options.connectionString ?? '';
    worker = startWorker({ DATABASE_URL: databaseUrl });
    await waitForOutput(worker, 'job worker ready', 60_000);

    await queuedMailer(t.jobs.queue, t.db).send({
      to: 'ada@example.ng',
      subject: 'Delivered by the worker process',
      text: 'hello',
    });

    const outbox = path.join(dataDir, 'outbox');
    await waitFor(async () => (await fs.readdir(outbox).catch(() => [])).length === 1, 15_000);
    const [file] = await fs.readdir(outbox);
    expect(await fs.readFile(path.join(outbox, file ?? ''), 'utf8')).toContain(
      'Subject: Delivered by the worker process',
    );
    await waitFor(async () => (await t.jobs.list()).length === 0, 5_000);

    // Not only mail: every module's tasks run there (an order's payment window, for an order that
    // no longer exists, is done at once; a task the worker did not know would stay queued).
    await t.jobs.queue.add(t.db, 'order.payment-window', { orderId: randomUUID() });
    await waitFor(async () => (await t.jobs.list()).length === 0, 10_000);

    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
    expect(worker.output()).toContain('job worker stopped');
  });

  it('refuses to start without DATABASE_URL, saying why', async () => {
    const { DATABASE_URL: _unset, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/worker.ts'], {
      cwd: serverDir,
      env: { ...env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (c) => {
      err += c;
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(err).toContain('npm run worker needs DATABASE_URL');
  });
});
