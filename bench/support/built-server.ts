import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type BuiltServer = { base: string; process: ChildProcess; stop: () => Promise<void> };

/**
 * The real built server (scripts/e2e-server.mjs: embedded PostgreSQL, demo seed, a temporary
 * DATA_DIR) on a free port, for benchmarks that measure what a browser downloads and runs.
 */
export async function startBuiltServer(): Promise<BuiltServer> {
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SEED_DEMO: '1' },
    stdio: 'inherit',
  });
  // A benchmark that crashes must not leave the server (and its PostgreSQL) running.
  process.once('exit', () => child.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      if (i > 600) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, process: child, stop };
}
