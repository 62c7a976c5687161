// The app alone in a process of its own, for benchmarks that measure the server's memory without
// the load generator's (startAppProcess below). Run by the parent with BENCH_DATABASE_URL and
// BENCH_JWT_SECRET; answers its port over IPC once listening.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const self = fileURLToPath(import.meta.url);
const SERVER_HEAP_MB = 256;

export type AppProcess = {
  base: string;
  pid: number;
  /** The server process's resident memory now, in MB, read from outside it (Linux /proc). */
  rssMb: () => number;
  stop: () => Promise<void>;
};

/** Starts the app on `databaseUrl` in a child process and waits until it listens. */
export async function startAppProcess(databaseUrl: string, jwtSecret: string): Promise<AppProcess> {
  // The heap limit `npm start` gives the server (package.json): without one, V8 on a machine with
  // gigabytes free lets dead objects pile up in the old generation long before collecting them, and
  // a year's statement grew the process by 160 MB of garbage (its live heap stayed near 55 MB).
  const child: ChildProcess = spawn(
    process.execPath,
    [`--max-old-space-size=${SERVER_HEAP_MB}`, '--import', 'tsx', self],
    {
      cwd: root,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_JWT_SECRET: jwtSecret,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  process.once('exit', () => child.kill('SIGTERM'));
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { port?: number }) => {
      if (m.port) resolve(m.port);
    });
    child.once('exit', (code) => reject(new Error(`the app process exited (${code})`)));
  });
  const pid = child.pid ?? 0;
  // Read from outside: nothing in the server samples itself (which would allocate as it measures).
  const rssMb = () => {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb) / 1024;
  };
  return {
    base: `http://127.0.0.1:${port}`,
    pid,
    rssMb,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

// The child: the same app as every benchmark builds, quiet, on the parent's database.
if (process.env.BENCH_DATABASE_URL && process.send) {
  const [
    { buildApp },
    { openDatabase },
    { systemClock },
    { createOutboxMailer },
    { localDiskStorage },
    pino,
  ] = await Promise.all([
    import('@/app.ts'),
    import('@/db/client.ts'),
    import('@/lib/clock.ts'),
    import('@/mail/mailer.ts'),
    import('@/storage/file-storage.ts'),
    import('pino'),
  ]);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-app-'));
  const quiet = pino.default({ level: 'warn' });
  const database = openDatabase(process.env.BENCH_DATABASE_URL);
  const app = await buildApp({
    db: database.db,
    storage: await localDiskStorage(path.join(tmp, 'uploads')),
    mailer: createOutboxMailer(path.join(tmp, 'outbox'), {
      from: 'bench',
      logger: quiet,
      clock: systemClock,
    }),
    clock: systemClock,
    adminToken: 'bench-admin-token-bench-admin-token',
    jwtSecret: process.env.BENCH_JWT_SECRET ?? '',
    version: 'bench',
    logger: false,
    webDist: null,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send({ port: Number(new URL(address).port) });
  process.once('SIGTERM', async () => {
    await app.close();
    await database.close();
    await fs.rm(tmp, { recursive: true, force: true });
    process.exit(0);
  });
}
