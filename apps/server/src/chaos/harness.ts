import { appendFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type RunningServer, serverProcesses, waitForOutput } from '@/test/server-process.ts';

/*
 * What the chaos tests (`npm run chaos`, issue 18 "Faults") share: real server processes on a
 * database of their own, the ports this suite may use, and a report line per fault for the summary
 * table scripts/chaos.mjs prints at the end.
 */

/** The only ports the chaos suite listens on (its files run one after another). */
export const CHAOS_PORTS = {
  nodeA: 3215,
  redis: 3216,
  nodeB: 3217,
  /** Stand-ins: Paystack, SMTP. */
  provider: 3218,
  /** A second stand-in: S3, or the PostgreSQL that is stopped. */
  service: 3219,
} as const;

export const CHAOS_SECRETS = {
  JWT_SECRET: 'chaos-jwt-secret-chaos-jwt-secret-chaos',
  ADMIN_TOKEN: 'chaos-admin-token-chaos-admin-token',
};

export const DEMO = { email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' };

/**
 * How long the faults' windows are, in seconds (env CHAOS_*): an auction killed just before its end
 * (CHAOS_AUCTION_SECONDS, 15) and one killed `CHAOS_RUNNING_AUCTION_LEFT_SECONDS` (30) before the
 * end of CHAOS_RUNNING_AUCTION_SECONDS (45), so the restarted server is back before it ends. A
 * restart of the built server on the seeded clone takes seconds; raise them on a machine where it
 * takes longer (the test says so when the server was not back in time).
 */
export const CHAOS_WINDOWS = {
  auctionSeconds: Number(process.env.CHAOS_AUCTION_SECONDS ?? 15),
  runningAuctionSeconds: Number(process.env.CHAOS_RUNNING_AUCTION_SECONDS ?? 45),
  runningAuctionLeftSeconds: Number(process.env.CHAOS_RUNNING_AUCTION_LEFT_SECONDS ?? 30),
};

/**
 * A fresh database on the test PostgreSQL (dropped by `drop`): a clone of the migrated template, or
 * with `seeded` of the template the chaos suite's global set-up seeded with the demo once
 * (chaos/global-setup.ts), so a server starts on it in seconds instead of migrating and seeding.
 * A node on a seeded clone gets a copy of the seeding server's DATA_DIR (`nodes.freshDataDir`
 * with `seeded`): its uploads and keys go with the rows that name them.
 */
export async function freshDatabase(name: string, { seeded = false }: { seeded?: boolean } = {}) {
  const adminUrl = inject('pgAdminUrl');
  const template = seeded ? inject('chaosSeeded').database : inject('templateDatabase');
  const dbName = `kasuwa_test_chaos_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(dbName)} WITH (FORCE)`);
  await admin.query(
    `CREATE DATABASE ${admin.escapeIdentifier(dbName)} TEMPLATE ${admin.escapeIdentifier(template)}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        return (await c.query<T>(text, values)).rows;
      } finally {
        await c.end();
      }
    },
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${a.escapeIdentifier(dbName)} WITH (FORCE)`);
      await a.end();
    },
  };
}

export type Node = RunningServer & { base: string };

/**
 * Real server processes: the bundle `npm start` runs (apps/server/dist/server.js, which `npm run
 * chaos` builds first), or the sources under tsx with CHAOS_SERVER=source.
 */
export function chaosNodes(prefix: string) {
  const procs = serverProcesses(prefix);
  const built = process.env.CHAOS_SERVER !== 'source';
  async function start(
    dataDir: string,
    port: number,
    env: Record<string, string>,
    ready = 'is ready on',
  ): Promise<Node> {
    const r = procs.startServer(
      dataDir,
      port,
      {
        ...CHAOS_SECRETS,
        LOG_LEVEL: 'info',
        // On a machine this loaded (load average 30 on 2 cores), a `SELECT 1` can take over the
        // default 1 s and the watchdog would call the database away; the database fault sets its own.
        DB_PROBE_TIMEOUT_MS: '5000',
        ...env,
      },
      { built },
    );
    await waitForOutput(r, ready, 240_000);
    return { ...r, base: `http://127.0.0.1:${port}` };
  }
  /** A private DATA_DIR; with `seeded`, holding what the seeding server left (uploads, keys). */
  async function freshDataDir({ seeded = false }: { seeded?: boolean } = {}) {
    const dir = await procs.freshDataDir();
    if (seeded) await fs.cp(inject('chaosSeeded').dataDir, dir, { recursive: true });
    return dir;
  }
  return { ...procs, freshDataDir, start };
}

/** SIGKILL: no clean-up of any kind, as a crash or the OOM killer. */
export async function kill9(node: RunningServer) {
  node.child.kill('SIGKILL');
  await node.exit;
}

export async function api<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ status: number; body: T; ms: number }> {
  const began = Date.now();
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body: body as T, ms: Date.now() - began };
}

/** As `api`, but throws on anything but 2xx; for setting up, so a 503 is tried again for 20 s. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  let r = await api<T>(base, method, url, options);
  for (let tries = 0; r.status === 503 && tries < 20; tries++) {
    await sleep(1000);
    r = await api<T>(base, method, url, options);
  }
  if (r.status < 200 || r.status >= 300)
    throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function demoLogin(base: string) {
  return call<{ token: string; user: { _id: string } }>(base, 'POST', '/seller/login', { body: DEMO });
}

let buyerCount = 0;
export async function newBuyer(base: string, name = 'Chidi Okafor') {
  buyerCount++;
  return call<{ token: string; user?: { _id: string } }>(base, 'POST', '/buyers/register', {
    body: {
      name,
      email: `chaos-${process.pid}-${buyerCount}-${Date.now()}@example.ng`,
      password: 'Yaba2026market',
    },
  });
}

/**
 * One line of the chaos report: the fault injected, what was checked, and the figures found. Printed
 * now and appended to CHAOS_REPORT (a JSON-lines file) for the closing table.
 */
export function report(fault: string, result: 'held' | 'fixed' | 'failed', found: string) {
  process.stdout.write(`\n[chaos] ${fault}: ${result} — ${found}\n`);
  const file = process.env.CHAOS_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify({ fault, result, found })}\n`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms: number,
  what: string,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(everyMs);
  }
}
