import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, CHAOS_PORTS, chaosNodes, demoLogin, type Node, report, sleep, until } from '@/chaos/harness.ts';
import { openDatabase } from '@/db/client.ts';
import { type EmbeddedCluster, startEmbeddedPostgres } from '@/db/embedded.ts';
import { seedDemo } from '@/seed/demo.ts';

/* Issue 18, Faults: the server's (external) PostgreSQL stopped under load, then started again. A
   PostgreSQL of this test's own (the project's embedded binaries, in a temporary folder, on a fixed
   port) is the server's DATABASE_URL, so it can be stopped like a managed database going away: every
   connection closed, new ones refused. Under a steady mix of reads and writes every answer must be a
   200/201 or a 503 with a message within 2 s, /api/health must say why, the server must come back on
   its own (same process) when the database does, and no product may be half-written or lost. */

const nodes = chaosNodes('kasuwa-chaos-pg-');
const log = pino({ level: 'warn' });
let tmp: string;
let cluster: EmbeddedCluster | null = null;
let databaseUrl: string;

const startCluster = async () => {
  cluster = await startEmbeddedPostgres({
    clusterDir: path.join(tmp, 'pg'),
    logger: log,
    port: CHAOS_PORTS.service,
    settings: { fsync: 'on' },
  });
  return cluster;
};

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-chaos-pg-'));
  const c = await startCluster();
  const admin = new pg.Client({ connectionString: c.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE kasuwa');
  await admin.end();
  const u = new URL(c.adminUrl);
  u.pathname = '/kasuwa';
  databaseUrl = u.toString();
});
afterAll(async () => {
  await nodes.cleanup();
  await cluster?.stop();
  await fs.rm(tmp, { recursive: true, force: true });
});

type Answer = { what: string; status: number; ms: number; at: number; message?: string };

describe('PostgreSQL stopped under load', () => {
  let node: Node;
  let token: string;
  let sellerId: string;
  let sub: { id: string; category_id: string };

  beforeAll(async () => {
    node = await nodes.start(await nodes.freshDataDir(), CHAOS_PORTS.nodeA, {
      DATABASE_URL: databaseUrl,
      // Only the demo seller is needed (the writers create its products): inserted below, instead of
      // the whole demo (photos, orders, analytics), which took most of this server's start.
      SEED_DEMO: '0',
      REDIS_URL: '',
      // The product's default: this fault is about how fast the server notices.
      DB_PROBE_TIMEOUT_MS: '1000',
    });
    const seeding = openDatabase(databaseUrl, { max: 1 });
    await seedDemo(seeding.db);
    await seeding.close();
    const login = await demoLogin(node.base);
    token = login.token;
    sellerId = login.user._id;
    [sub] = (await query<{ id: string; category_id: string }>(
      'SELECT id, category_id FROM sub_categories LIMIT 1',
    )) as [{ id: string; category_id: string }];
  });

  it('answers 503 with a message within 2 s, says why on /api/health, and recovers by itself with nothing half-written', async () => {
    const answers: Answer[] = [];
    const acknowledged = new Map<string, number>();
    let n = 0;
    let stopAt = Number.POSITIVE_INFINITY;
    const one = async (what: string, method: string, url: string, body?: unknown) => {
      const at = Date.now();
      try {
        const r = await api<{ message?: string; product?: { _id: string } }>(node.base, method, url, {
          token,
          body,
          timeoutMs: 5000,
        });
        answers.push({ what, status: r.status, ms: r.ms, at, message: r.body?.message });
        return r;
      } catch {
        answers.push({ what, status: 0, ms: Date.now() - at, at });
        return null;
      }
    };
    const reader = async () => {
      while (Date.now() < stopAt) {
        await one('list', 'GET', `/products/seller/${sellerId}`);
        await one('profile', 'GET', '/seller/profile');
        await one('health', 'GET', '/health');
        await sleep(50);
      }
    };
    const writer = async () => {
      while (Date.now() < stopAt) {
        const i = n++;
        const price = 1000 + i;
        const r = await one('create', 'POST', '/products', {
          name: `Chaos ${i}`,
          categoryId: sub.category_id,
          subCategoryId: sub.id,
          price,
          stock: 2,
          options: [{ id: 'o1', name: 'Colour', values: ['Red', 'Blue'] }],
          variants: [
            { name: 'Colour', value: 'Red', price: null, totalStock: 1, images: [], subVariants: [] },
            { name: 'Colour', value: 'Blue', price: null, totalStock: 1, images: [], subVariants: [] },
          ],
        });
        const id = r?.body.product?._id;
        if (r && r.status < 300 && id) acknowledged.set(id, price);
        await sleep(50);
      }
    };
    const load = Promise.all([reader(), reader(), writer(), writer()]);
    await until(() => acknowledged.size >= 10, 30_000, 'writes before the stop');

    const pid = node.child.pid;
    const stoppedAt = Date.now();
    await cluster?.stop();
    cluster = null;
    const stopTook = Date.now() - stoppedAt;
    await sleep(6000);
    const health = await api<{ message?: string; database?: { reason?: string | null } }>(
      node.base,
      'GET',
      '/health',
    );
    const startedAt = Date.now();
    await startCluster();
    const back = await until(
      () => {
        const after = answers.filter((a) => a.at > Date.now() - 1000 && a.at > startedAt);
        return after.length >= 6 && after.every((a) => a.status === 200 || a.status === 201)
          ? Date.now()
          : null;
      },
      30_000,
      'every answer a success again after PostgreSQL was started',
      100,
    );
    const ackBefore = acknowledged.size;
    await until(() => acknowledged.size >= ackBefore + 5, 20_000, 'writes after the restart');
    stopAt = Date.now();
    await load;

    // Every answer during the outage: a success, or a 503 with a message, and never slower than 2 s.
    const bad = answers.filter(
      (a) => !(a.status === 200 || a.status === 201 || (a.status === 503 && a.message)) || a.ms >= 2000,
    );
    expect(bad, JSON.stringify(bad.slice(0, 5))).toEqual([]);
    const during = answers.filter((a) => a.at > stoppedAt + stopTook && a.at < startedAt);
    expect(during.length).toBeGreaterThan(10);
    expect(during.every((a) => a.status === 503)).toBe(true);
    expect(health.status).toBe(503);
    expect(health.body.message).toMatch(/The database is unreachable: .+/);
    // The same process throughout: no restart.
    expect(node.child.pid).toBe(pid);
    expect(node.child.exitCode).toBeNull();

    // Nothing acknowledged was lost, nothing was half-written.
    const rows = await query<{ id: string; price_kobo: string; variants: unknown[] }>(
      'SELECT id, price_kobo, variants FROM products WHERE id = ANY($1::uuid[])',
      [[...acknowledged.keys()]],
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    const lost = [...acknowledged.keys()].filter((id) => !found.has(id));
    expect(lost).toEqual([]);
    for (const [id, price] of acknowledged) {
      expect(Number(found.get(id)?.price_kobo)).toBe(price * 100);
      expect(found.get(id)?.variants).toHaveLength(2);
    }
    const [counts] = await query<{ rows: number; counted: number }>(
      `SELECT (SELECT count(*)::int FROM products WHERE seller_id = $1 AND status = 'active') AS rows,
              (SELECT product_count::int FROM product_statistics WHERE seller_id = $1 AND status = 'active') AS counted`,
      [sellerId],
    );
    expect(counts?.counted).toBe(counts?.rows);
    const first503 = answers.find((a) => a.status === 503 && a.at >= stoppedAt);
    const slowest = Math.max(...during.map((a) => a.ms));
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    report(
      'PostgreSQL stopped under load',
      'held',
      `${answers.length} requests ${JSON.stringify(statuses)}; first 503 ${first503 ? first503.at + first503.ms - stoppedAt : '?'} ms after the stop; slowest answer while down ${slowest} ms; health: "${health.body.message}"; all answers 2xx again ${back - startedAt} ms after PostgreSQL started (same process); ${acknowledged.size} writes acknowledged, ${lost.length} lost, product counts consistent`,
    );
  });
});
