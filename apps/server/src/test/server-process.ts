import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/* The real server process, as `npm start` runs it, for the process tests: on its embedded
   PostgreSQL (DATABASE_URL is left out), in private DATA_DIRs, every child and folder cleaned up. */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export type RunningServer = {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exit: Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Servers and folders of one test file; `cleanup` (in afterAll) kills what still runs and removes the folders. */
export function serverProcesses(prefix: string) {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];

  /** mktemp -d: a private 0700 folder, the case the embedded PostgreSQL must cope with as root. */
  async function freshDataDir() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    await fs.chmod(dir, 0o700);
    dirs.push(dir);
    return dir;
  }

  function startServer(
    dataDir: string,
    port: number,
    env: Record<string, string> = {},
    options: {
      ownGroup?: boolean;
      /**
       * The bundle `npm start` runs (dist/server.js, made by `npm run build` or `node build.mjs`)
       * instead of the sources under tsx: starts in a few seconds instead of compiling the server
       * each time (issue 18, `npm run chaos` builds it first).
       */
      built?: boolean;
    } = {},
  ): RunningServer {
    const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
    const entry = options.built ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
    const child = spawn(process.execPath, entry, {
      cwd: serverDir,
      env: {
        ...parentEnv,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // As `npm start` in a terminal: the server and its PostgreSQL in one process group.
      detached: options.ownGroup ?? false,
    });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (c) => {
      out += c;
    });
    child.stderr?.on('data', (c) => {
      out += c;
    });
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    return { child, port, dataDir, output: () => out, exit };
  }

  async function cleanup() {
    for (const c of children) {
      if (c.exitCode !== null || c.signalCode !== null || !c.pid) continue;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    }
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  }

  return { freshDataDir, startServer, cleanup };
}

/** Waits until the server has printed `text`; fails at once if it exited first. */
export async function waitForOutput(r: RunningServer, text: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!r.output().includes(text)) {
    if (Date.now() > deadline || r.child.exitCode !== null) {
      throw new Error(`did not see "${text}" in:\n${r.output()}`);
    }
    await new Promise((res) => setTimeout(res, 50));
  }
}
