// size: one real server process and its embedded PostgreSQL, started once (seconds each) and killed, frozen and broken in turn
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUCTION_TICKER_LOCK_KEY } from '@/modules/live/auction-ticker.ts';
import { UPLOAD_SWEEP_LOCK_KEY } from '@/modules/uploads/sweep-schedule.ts';
import { waitFor } from '@/test/wait-for.ts';

// Issue 23: the real server process on its embedded PostgreSQL (whatever DATABASE_URL says), with
// that PostgreSQL killed, frozen, killed under writes, broken for good, and the whole server killed
// and started again at once. Only processes this file started are signalled, by their pid: the
// servers it spawns and the PostgreSQL processes those servers spawned (found through the
// cluster's postmaster.pid and /proc).
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];
const stopped = new Set<number>();

afterAll(async () => {
  for (const pid of stopped) signal(pid, 'SIGCONT');
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null || !c.pid) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  }
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
};

async function freshDataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-sup-'));
  await fs.chmod(dir, 0o700);
  dirs.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

type Running = {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exit: Promise<number | null>;
};

function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  options: { ownGroup?: boolean } = {},
): Running {
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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

async function waitForOutput(r: Running, text: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!r.output().includes(text)) {
    if (Date.now() > deadline || r.child.exitCode !== null) {
      throw new Error(`did not see "${text}" in:\n${r.output()}`);
    }
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** The cluster's postmaster (from its postmaster.pid) and every process it started. */
function postgresProcesses(dataDir: string): number[] {
  const pm = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const kids: number[] = [];
  for (const entry of readdirSyncSafe('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pm) kids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return [pm, ...kids];
}

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** A superuser connection to the server's embedded cluster, on the port its postmaster.pid names. */
async function clusterQuery<T extends pg.QueryResultRow>(
  dataDir: string,
  text: string,
  values: unknown[] = [],
) {
  const lines = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await fs.readFile(path.join(dataDir, '.pg-superuser-password'), 'utf8')).trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(lines[3]),
    user: 'postgres',
    password,
    database: 'kasuwa',
    connectionTimeoutMillis: 2000,
  });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

type Answer = { url: string; status: number; ms: number; at: number; message?: string };

/** One request, given up after 2.5 s (status 0: it hung). */
async function timed(base: string, url: string, init: RequestInit = {}): Promise<Answer> {
  const began = Date.now();
  try {
    const res = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(2500) });
    const text = await res.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      message = undefined;
    }
    return { url, status: res.status, ms: Date.now() - began, at: began, message };
  } catch {
    return { url, status: 0, ms: Date.now() - began, at: began };
  }
}

describe('the embedded PostgreSQL under a running server', () => {
  let server: Running;
  let base: string;
  let auth: Record<string, string>;
  let sellerId: string;
  let routes: string[];

  beforeAll(async () => {
    server = startServer(await freshDataDir(), await freePort(), {
      UPLOAD_SWEEP_INTERVAL_MINUTES: '60',
    });
    await waitForOutput(server, 'is ready on');
    base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/seller/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' }),
    });
    const body = (await login.json()) as { token: string; user: { _id: string } };
    auth = { authorization: `Bearer ${body.token}` };
    sellerId = body.user._id;
    routes = ['/api/health', `/api/products/seller/${sellerId}`, '/api/seller/profile'];
  }, 120_000);

  /** The three routes of the issue, every 100 ms, until `until` holds; every answer is kept. */
  async function trickle(until: (answers: Answer[]) => boolean, maxMs: number) {
    const answers: Answer[] = [];
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline && !until(answers)) {
      answers.push(...(await Promise.all(routes.map((u) => timed(base, u, { headers: auth })))));
      await new Promise((r) => setTimeout(r, 100));
    }
    return answers;
  }

  const allOk = (answers: Answer[]) => {
    const last = answers.slice(-routes.length);
    return last.length === routes.length && last.every((a) => a.status === 200);
  };

  function expectOnly200And503Fast(answers: Answer[]) {
    for (const a of answers) {
      expect(a.status === 200 || a.status === 503, `${a.url} answered ${a.status} after ${a.ms} ms`).toBe(
        true,
      );
      expect(a.ms, `${a.url} took ${a.ms} ms`).toBeLessThan(2000);
      if (a.status === 503) expect(a.message).toMatch(/\w/);
    }
  }

  async function locksHeld() {
    const rows = await clusterQuery<{ objid: string }>(
      server.dataDir,
      "SELECT objid::text FROM pg_locks WHERE locktype = 'advisory' AND granted",
    );
    const held = new Set(rows.map((r) => Number(r.objid)));
    return held.has(AUCTION_TICKER_LOCK_KEY) && held.has(UPLOAD_SWEEP_LOCK_KEY);
  }

  it('answers 503 within 2 s when PostgreSQL is killed, restarts it, and is back by itself with the clock and sweeper owning their locks', async () => {
    await waitFor(locksHeld, 20_000, 200);
    expect(allOk(await trickle(allOk, 5000))).toBe(true);

    const killedAt = Date.now();
    for (const pid of postgresProcesses(server.dataDir)) signal(pid, 'SIGKILL');
    const answers = await trickle(
      (as) => as.some((a) => a.status === 503) && allOk(as) && as.at(-1)!.at > killedAt,
      30_000,
    );
    expectOnly200And503Fast(answers);
    const first503 = answers.find((a) => a.status === 503);
    expect(first503, 'no 503 while PostgreSQL was down').toBeDefined();
    const firstDown = first503!.at + first503!.ms - killedAt;
    expect(firstDown).toBeLessThan(2000);
    expect(allOk(answers)).toBe(true);
    const backAfter = answers.at(-1)!.at - killedAt;
    expect(backAfter).toBeLessThan(30_000);
    const health503 = answers.find((a) => a.status === 503 && a.url === '/api/health');
    if (health503) expect(health503.message).toMatch(/unreachable/);
    expect(server.output()).toContain('embedded PostgreSQL was killed by SIGKILL; starting it again');
    expect(server.output()).toContain('"lastOutput"');
    expect(server.output()).toContain('embedded PostgreSQL started again');
    await waitFor(locksHeld, 15_000, 200);
    const locksAfter = Date.now() - killedAt;
    process.stdout.write(
      `killed: first 503 after ${firstDown} ms, 200 again after ${backAfter} ms, both locks owned again after ${locksAfter} ms\n`,
    );
  }, 90_000);

  it('answers 503 within 2 s while PostgreSQL is frozen (SIGSTOP), and 200 again once it runs (SIGCONT)', async () => {
    expect(allOk(await trickle(allOk, 10_000))).toBe(true);
    const frozen = postgresProcesses(server.dataDir);
    const frozenAt = Date.now();
    for (const pid of frozen) {
      stopped.add(pid);
      signal(pid, 'SIGSTOP');
    }
    let during: Answer[];
    try {
      during = await trickle((as) => Date.now() - frozenAt > 4000 && as.length > 0, 8000);
    } finally {
      for (const pid of frozen) signal(pid, 'SIGCONT');
      stopped.clear();
    }
    const thawedAt = Date.now();
    expectOnly200And503Fast(during);
    const later = during.filter((a) => a.at - frozenAt > 2000);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((a) => a.status === 503)).toBe(true);
    const first503 = during.find((a) => a.status === 503)!;
    const after = await trickle(allOk, 15_000);
    expectOnly200And503Fast(after);
    expect(allOk(after)).toBe(true);
    process.stdout.write(
      `frozen: first 503 after ${first503.at + first503.ms - frozenAt} ms, 200 again ${after.at(-1)!.at - thawedAt} ms after SIGCONT\n`,
    );
  }, 60_000);

  it('loses no acknowledged write when PostgreSQL is killed in the middle of writes, and leaves none half-written', async () => {
    const [sub] = await clusterQuery<{ id: string; category_id: string }>(
      server.dataDir,
      'SELECT id, category_id FROM sub_categories LIMIT 1',
    );
    // The embedded default flushes every commit: nothing here turns durability off.
    const settings = await clusterQuery<{ name: string; setting: string }>(
      server.dataDir,
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'full_page_writes', 'synchronous_commit')",
    );
    expect(Object.fromEntries(settings.map((r) => [r.name, r.setting]))).toEqual({
      fsync: 'on',
      full_page_writes: 'on',
      synchronous_commit: 'on',
    });
    const acknowledged = new Map<string, { name: string; price: number }>();
    const statuses = new Map<number, number>();
    let n = 0;
    let killed = false;
    let stopAt = Number.POSITIVE_INFINITY;
    const writer = async () => {
      while (Date.now() < stopAt) {
        const i = n++;
        const product = {
          name: `Durable ${i}`,
          categoryId: sub!.category_id,
          subCategoryId: sub!.id,
          price: 1000 + i,
          stock: 2,
          options: [{ id: 'o1', name: 'Colour', values: ['Red', 'Blue'] }],
          variants: [
            { name: 'Colour', value: 'Red', price: null, totalStock: 1, images: [], subVariants: [] },
            { name: 'Colour', value: 'Blue', price: null, totalStock: 1, images: [], subVariants: [] },
          ],
        };
        const began = Date.now();
        try {
          const res = await fetch(`${base}/api/products`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(product),
            signal: AbortSignal.timeout(2500),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = (await res.json()) as { product?: { _id?: string; id?: string }; _id?: string };
          if (res.status >= 200 && res.status < 300) {
            const id = body.product?._id ?? body.product?.id ?? body._id;
            expect(id, JSON.stringify(body)).toBeTruthy();
            acknowledged.set(id as string, { name: product.name, price: product.price });
          } else {
            expect(res.status).toBe(503);
          }
        } catch (err) {
          throw new Error(`a write hung or failed after ${Date.now() - began} ms: ${(err as Error).message}`);
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    await waitFor(() => acknowledged.size >= 30, 20_000, 20);
    for (const pid of postgresProcesses(server.dataDir)) signal(pid, 'SIGKILL');
    killed = true;
    // Keep writing through the outage and for a while after PostgreSQL is back.
    await waitFor(async () => (await timed(base, '/api/health')).status === 200, 30_000, 100);
    const ackBefore = acknowledged.size;
    await waitFor(() => acknowledged.size >= ackBefore + 20, 20_000, 20);
    stopAt = Date.now();
    await writers;
    expect(killed).toBe(true);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].every((s) => s === 201 || s === 200 || s === 503)).toBe(true);

    const rows = await clusterQuery<{ id: string; name: string; price_kobo: string; variants: unknown[] }>(
      server.dataDir,
      'SELECT id, name, price_kobo, variants FROM products WHERE id = ANY($1::uuid[])',
      [[...acknowledged.keys()]],
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    const lost = [...acknowledged.keys()].filter((id) => !found.has(id));
    expect(lost).toEqual([]);
    for (const [id, want] of acknowledged) {
      const row = found.get(id)!;
      expect(row.name).toBe(want.name);
      expect(Number(row.price_kobo)).toBe(want.price * 100);
      expect(row.variants).toHaveLength(2);
    }
    // Whole or nothing: the statement triggers' per-seller counts match the rows themselves, so no
    // product was written without its bookkeeping (or the reverse).
    const [counts] = await clusterQuery<{ rows: number; counted: number }>(
      server.dataDir,
      `SELECT (SELECT count(*)::int FROM products WHERE seller_id = $1 AND status = 'active') AS rows,
              (SELECT product_count::int FROM product_statistics WHERE seller_id = $1 AND status = 'active') AS counted`,
      [sellerId],
    );
    expect(counts!.counted).toBe(counts!.rows);
    process.stdout.write(
      `durability: ${acknowledged.size} writes acknowledged, ${lost.length} lost; answers ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
  }, 90_000);
});

describe('the server killed with its PostgreSQL, started again at once, and a PostgreSQL that cannot come back', () => {
  // Both tests use one cluster: the second start is the eleventh after a group kill.
  let dataDir: string;
  it('starts every time, 10 times in a row, instead of tripping over the dead postmaster', async () => {
    dataDir = await freshDataDir();
    const port = await freePort();
    const env = { SEED_DEMO: '0', ADMIN_TOKEN: 'a-given-admin-token-of-sufficient-length' };
    const times: number[] = [];
    let waitedForPredecessor = 0;
    for (let round = 0; round < 10; round++) {
      const began = Date.now();
      const r = startServer(dataDir, port, env, { ownGroup: true });
      try {
        await waitForOutput(r, 'is ready on');
        times.push(Date.now() - began);
        if (/crashed PostgreSQL|postmaster\.pid of a PostgreSQL that crashed/.test(r.output()))
          waitedForPredecessor++;
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(res.status, await res.text()).toBe(200);
      } finally {
        // The whole process group, as a terminal's SIGKILL of `npm start` would: server and PostgreSQL.
        process.kill(-(r.child.pid as number), 'SIGKILL');
        await r.exit;
      }
    }
    process.stdout.write(
      `restart after a group kill: ready in ${times.join(', ')} ms; ${waitedForPredecessor} of 10 starts met a crashed predecessor's processes\n`,
    );
  }, 120_000);

  it('exits non-zero, saying what to do, when restarting keeps failing', async () => {
    const r = startServer(dataDir, await freePort(), {
      SEED_DEMO: '0',
      EMBEDDED_PG_RESTART_TRIES: '2',
      EMBEDDED_PG_RESTART_BACKOFF_MS: '50',
    });
    await waitForOutput(r, 'is ready on');
    // A cluster PostgreSQL refuses to start (as a corrupt one would): a setting it cannot read.
    await fs.appendFile(path.join(r.dataDir, 'pg', 'postgresql.conf'), '\nthis line is not a setting\n');
    const killedAt = Date.now();
    for (const pid of postgresProcesses(r.dataDir)) signal(pid, 'SIGKILL');
    expect(await r.exit).toBe(1);
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    expect(r.output()).toContain('could not be started again after 2 tries');
    expect(r.output()).toContain('What to do:');
    expect(r.output()).toContain('syntax error');
  }, 90_000);
});
