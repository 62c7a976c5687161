import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOCKET_CLIENT_OPTIONS, streamSocketEvents } from '@kasuwa/contracts';
import pg from 'pg';
import { connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '@/test/services.ts';

// Issue 8: two real server processes, as two nodes behind a load balancer, on one PostgreSQL and
// one Redis. A bid placed through node A must reach the seller's socket connected to node B.
const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
const sockets: Socket[] = [];
const dirs: string[] = [];
const dbName = `kasuwa_two_nodes_${process.pid}`;

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    }),
  );
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(dbName)} WITH (FORCE)`);
    await admin.end();
  }
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

async function startNode(env: Record<string, string>): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-node-'));
  dirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`node did not start:\n${output}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return base;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function call<T>(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer as T;
}

describe.runIf(databaseUrl && redisUrl)('two server processes on one PostgreSQL and Redis', () => {
  it('delivers a bid placed through node A to the seller socket on node B', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(dbName)}`);
    await admin.end();
    const url = new URL(databaseUrl as string);
    url.pathname = `/${dbName}`;
    const shared = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl as string,
      JWT_SECRET: 'two-nodes-jwt-secret-two-nodes-jwt-secret',
      ADMIN_TOKEN: 'two-nodes-admin-token-two-nodes',
      SEED_DEMO: '1',
    };
    // A first, so the migrations and the demo seed are done before B starts.
    const nodeA = await startNode(shared);
    const nodeB = await startNode(shared);

    const login = await call<{ token: string; user: { _id: string } }>(
      nodeA,
      'POST',
      '/seller/login',
      undefined,
      {
        email: 'demo@kasuwa.ng',
        password: 'KasuwaDemo#2026',
      },
    );
    const { auctionProducts } = await call<{ auctionProducts: { _id: string }[] }>(
      nodeA,
      'GET',
      `/products/seller/${login.user._id}/auctions`,
    );
    const productId = auctionProducts[0]?._id as string;
    const { categories } = await call<{ categories: { _id: string }[] }>(nodeA, 'GET', '/categories');
    const { stream } = await call<{ stream: { _id: string } }>(
      nodeA,
      'POST',
      '/streams/create',
      login.token,
      {
        title: 'Two nodes',
        category: categories[0]?._id,
        startImmediately: true,
        products: [{ productId, auctionSettings: { startingBid: 20000, durationSeconds: 60 } }],
      },
    );
    await call(nodeA, 'POST', `/streams/${stream._id}/start`, login.token);
    await call(nodeA, 'POST', `/streams/${stream._id}/activate-product-bidding`, login.token, { productId });

    // The seller's studio is connected to node B.
    const studio = connect(nodeB, {
      ...SOCKET_CLIENT_OPTIONS,
      auth: { token: login.token },
      reconnection: false,
      transports: ['websocket'],
    });
    sockets.push(studio);
    const received: { type: string; data: { bidAmount?: number } }[] = [];
    studio.on(streamSocketEvents.notification, (n) => received.push(n));
    await new Promise<void>((resolve, reject) => {
      studio.once('connect', () => resolve());
      studio.once('connect_error', reject);
    });
    const ack = await studio
      .timeout(5000)
      .emitWithAck(streamSocketEvents.subscribe, { streamId: stream._id });
    expect(ack).toEqual({ ok: true });

    // The buyer bids through node A.
    const buyer = await call<{ token: string }>(nodeA, 'POST', '/buyers/register', undefined, {
      name: 'Chidi Okafor',
      email: `chidi-${process.pid}@example.ng`,
      password: 'Yaba2026market',
    });
    await call(nodeA, 'POST', `/streams/${stream._id}/bids`, buyer.token, { productId, amount: 20000 });

    const deadline = Date.now() + 10_000;
    while (!received.some((n) => n.type === 'new_bid') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(received.find((n) => n.type === 'new_bid')?.data.bidAmount).toBe(20000);
  }, 120_000);
});
