import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type BuiltServer = { base: string; process: ChildProcess; stop: () => Promise<void> };

/**
 * The real built server (scripts/e2e-server.mjs: embedded PostgreSQL, demo seed, a temporary
 * DATA_DIR) on a free port, for benchmarks that measure what a browser downloads and runs.
 *
 * `nice` (0–19) runs it, and the PostgreSQL it starts, at a lower priority than the browser: for
 * benchmarks that time the page's own main thread (Lighthouse, bench/long-tasks.ts), where a phone
 * does not share its cores with the server it loads from. On a two-core host the server's answers
 * (and PostgreSQL's) otherwise take the page's core mid-task, and the task's wall time, which
 * Lighthouse's simulation multiplies by 4, grows with work the page never did.
 */
export async function startBuiltServer({ nice = 0 }: { nice?: number } = {}): Promise<BuiltServer> {
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
  // Before the server has started PostgreSQL: its processes inherit the priority.
  if (nice && child.pid) setPriority(child.pid, nice);
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
