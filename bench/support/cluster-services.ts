// What `npm run cluster` and `npm run soak` stand on: a fresh database in an external PostgreSQL, a
// Redis of their own, an S3-compatible server (s3rver, as the tests use) and API nodes that are the
// built server (`node apps/server/dist/server.js`, as `npm start` runs it), each with its own DATA_DIR.
// Everything started here is stopped by `stopAll` and, should the script die, on its exit.
/// <reference path="../../apps/server/src/test/s3rver.d.ts" />
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '@/db/client.ts';
import { localDiskStorage } from '@/storage/file-storage.ts';
import { startFakeS3 } from '@/test/fake-s3.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<unknown>> = [];
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const JWT_SECRET = 'cluster-jwt-secret-cluster-jwt-secret-0123';
export const ADMIN_TOKEN = 'cluster-admin-token-cluster-admin-token';

/** Ports: `base` and up (CLUSTER_PORT_BASE, default 3220). */
export const portBase = Number(process.env.CLUSTER_PORT_BASE ?? 3220);

export async function stopAll() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      process.stderr.write(`cleanup: ${(err as Error).message}\n`);
    }
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await sleep(100);
  }
}

export type Services = {
  databaseUrl: string;
  redisUrl: string;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  /** The fixture helpers' view of the database (bench/support/live-auction.ts). */
  fixtureEnv: Parameters<typeof import('./live-auction').liveAuctionFixture>[0];
  tmp: string;
};

/**
 * A fresh database `kasuwa_<name>_<pid>` in the PostgreSQL of CLUSTER_DATABASE_URL or DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end; a redis-server of our own
 * on `portBase + 4` when the binary is there (else REDIS_URL); s3rver on `portBase + 1`.
 */
export async function startServices(name: string, { redis = true } = {}): Promise<Services> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `kasuwa-${name}-`));
  cleanups.push(() => fs.rm(tmp, { recursive: true, force: true }));
  const adminUrl =
    process.env.CLUSTER_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `kasuwa_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(dbName)}`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${a.escapeIdentifier(dbName)} WITH (FORCE)`);
    await a.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  let redisUrl = process.env.REDIS_URL ?? '';
  if (redis && spawnSync('redis-server', ['--version']).status === 0) {
    const port = portBase + 4;
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    children.add(child);
    cleanups.push(() => stopChild(child));
    await waitForPort(port, 10_000);
    redisUrl = `redis://127.0.0.1:${port}`;
  }

  const s3 = await startFakeS3('kasuwa-cluster');
  cleanups.push(() => s3.stop());

  const database = openDatabase(databaseUrl, { max: 4 });
  cleanups.push(() => database.close());
  const fixtureEnv = {
    database,
    deps: { storage: await localDiskStorage(path.join(tmp, 'fixture-uploads')), jwtSecret: JWT_SECRET },
  };
  return { databaseUrl, redisUrl, s3, fixtureEnv, tmp };
}

export type ApiNode = {
  name: string;
  url: string;
  pid: number;
  rssMb: () => number;
  stop: () => Promise<void>;
};

/** One API node: the built server on `port`, sharing the services, its DATA_DIR its own. */
export async function startNode(
  services: Services,
  nodeName: string,
  port: number,
  { seed = false, redis = true }: { seed?: boolean; redis?: boolean } = {},
): Promise<ApiNode> {
  const dataDir = path.join(services.tmp, `node-${nodeName}`);
  await fs.mkdir(dataDir, { recursive: true });
  const log = path.join(services.tmp, `node-${nodeName}.log`);
  const out = await fs.open(log, 'a');
  const child = spawn(process.execPath, ['--max-old-space-size=256', 'apps/server/dist/server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      // As docs/operations.md advises for production nodes (sharp's memory in glibc's arenas).
      MALLOC_ARENA_MAX: '2',
      DATABASE_URL: services.databaseUrl,
      ...(redis && services.redisUrl ? { REDIS_URL: services.redisUrl } : {}),
      S3_BUCKET: services.s3.bucket,
      S3_ENDPOINT: services.s3.endpoint,
      S3_ACCESS_KEY_ID: services.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: services.s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      JWT_SECRET,
      ADMIN_TOKEN,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: seed ? '1' : '0',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', out.fd, out.fd],
  });
  children.add(child);
  const stop = async () => {
    await stopChild(child);
    await out.close().catch(() => {});
  };
  cleanups.push(stop);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`node ${nodeName} did not start:\n${await fs.readFile(log, 'utf8')}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await sleep(250);
  }
  const pid = child.pid ?? 0;
  return {
    name: nodeName,
    url,
    pid,
    // Read from outside the node, as an operator's `ps` would.
    rssMb: () => {
      try {
        return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
      } catch {
        return 0;
      }
    },
    stop,
  };
}

/** Peak and last RSS of each node, sampled every `everyMs` until stopped. */
export function sampleRss(nodes: ApiNode[], everyMs = 500) {
  const peak = new Map<string, number>();
  const tick = () => {
    for (const n of nodes) peak.set(n.name, Math.max(peak.get(n.name) ?? 0, n.rssMb()));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      tick();
      return Object.fromEntries(
        nodes.map((n) => [n.name, { peakMb: peak.get(n.name) ?? 0, nowMb: n.rssMb() }]),
      );
    },
  };
}

/** CPU time (user + system, seconds) a process has used so far, as `ps` counts it; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: state is the 1st, utime the 12th, stime the 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Merges millisecond histograms and answers a percentile of the whole. */
export function histogramPercentile(histograms: Record<string, number>[], p: number): number {
  const merged = new Map<number, number>();
  let total = 0;
  for (const h of histograms) {
    for (const [k, v] of Object.entries(h)) {
      merged.set(Number(k), (merged.get(Number(k)) ?? 0) + v);
      total += v;
    }
  }
  if (!total) return 0;
  const want = Math.min(total, Math.floor((p / 100) * total) + 1);
  let seen = 0;
  for (const k of [...merged.keys()].sort((a, b) => a - b)) {
    seen += merged.get(k) ?? 0;
    if (seen >= want) return k;
  }
  return 0;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
