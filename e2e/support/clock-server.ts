import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect as baseExpect } from '@playwright/test';

/*
 * Journeys that let days pass (issue 15: the return window closes, the money becomes available) run
 * against a server of their own, started with TEST_CLOCK=1: a jump of a week on the shared e2e
 * server would expire the sessions, payment windows and deadlines of every journey running beside
 * them. One server per Playwright worker (the real built server on its own embedded PostgreSQL,
 * through scripts/e2e-server.mjs like the shared one), on E2E_PORT + 100 + the worker's index;
 * within a worker the journeys run one after another, so a jump only meets later journeys, which
 * start from the time they find.
 *
 * While a test of the file runs, E2E_PORT and E2E_DATA_DIR point at this server, so the helpers of
 * support/server.ts (`admin`, `codeFromOutbox`) talk to it; they are put back afterwards.
 */

const run = promisify(execFile);

export type ClockServer = { url: string; port: number; dataDir: string };

async function healthy(url: string) {
  try {
    return (await fetch(`${url}/api/health`)).status;
  } catch {
    return 0;
  }
}

async function startClockServer(workerIndex: number): Promise<{ server: ClockServer; child: ChildProcess }> {
  const port = Number(process.env.E2E_CLOCK_PORT ?? Number(process.env.E2E_PORT ?? 3197) + 100) + workerIndex;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-e2e-clock-'));
  // Appended to the shared server's log (pino opens it for appending, a line per write), which the
  // global teardown scans for secrets: one scan for every server of the run.
  const logFile = process.env.E2E_LOG_FILE ?? `${dataDir}-server.log`;
  const url = `http://127.0.0.1:${port}`;
  if ((await healthy(url)) !== 0) throw new Error(`Port ${port} is taken: set E2E_CLOCK_PORT to a free one`);
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_FILE: logFile,
      SEED_DEMO: '1',
      TEST_CLOCK: '1',
      // The local payout provider pays after this long (its default is 10 s).
      LOCAL_PAYOUT_DELAY_SECONDS: '3',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  await baseExpect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`The clock server exited:\n${stderr}`);
        return healthy(url);
      },
      { message: `the TEST_CLOCK=1 server on ${url}`, timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
  return { server: { url, port, dataDir }, child };
}

async function stopClockServer({ server, child }: { server: ClockServer; child: ChildProcess }) {
  if (child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

export const test = base.extend<{ clockServerEnv: undefined }, { clockServer: ClockServer }>({
  clockServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture wants from this pattern.
    async ({}, use, workerInfo) => {
      const started = await startClockServer(workerInfo.parallelIndex);
      try {
        await use(started.server);
      } finally {
        await stopClockServer(started);
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ clockServer }, use) => {
    await use(clockServer.url);
  },
  clockServerEnv: [
    async ({ clockServer }, use) => {
      const saved = { port: process.env.E2E_PORT, dataDir: process.env.E2E_DATA_DIR };
      process.env.E2E_PORT = String(clockServer.port);
      process.env.E2E_DATA_DIR = clockServer.dataDir;
      try {
        await use(undefined);
      } finally {
        process.env.E2E_PORT = saved.port;
        process.env.E2E_DATA_DIR = saved.dataDir;
      }
    },
    { auto: true },
  ],
});

/**
 * The journeys' expect: screens of a fresh server on a busy machine get 20 s (the suite's 7 s is for
 * the warm shared server); every wait is still bounded.
 */
export const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * `npm run admin -- time-travel <amount>` against the clock server, as a tester would type it:
 * the server's clock and its waiting jobs move forward (docs/operations.md "A test clock").
 */
export async function timeTravel(server: ClockServer, amount: `${number}${'d' | 'h' | 'm'}`) {
  const { stdout } = await run(process.execPath, ['apps/server/dist/cli/admin.js', 'time-travel', amount], {
    env: { ...process.env, PORT: String(server.port), DATA_DIR: server.dataDir },
  });
  return stdout.trim();
}
