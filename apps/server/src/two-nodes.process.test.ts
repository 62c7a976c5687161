import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SOCKET_CLIENT_OPTIONS,
  streamSocketEvents,
  studioSocketEvents,
  webrtcSocketEvents,
} from '@kasuwa/contracts';
import pg from 'pg';
import { connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTrip } from '@/test/round-trip.ts';
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
    // Polls for the node to come up (not a negative): it says nothing before it listens.
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

function openSocket(base: string, token?: string): Socket {
  const socket = connect(base, {
    ...SOCKET_CLIENT_OPTIONS,
    ...(token ? { auth: { token } } : {}),
    reconnection: false,
    transports: ['websocket'],
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

describe.runIf(databaseUrl && redisUrl)('two server processes on one PostgreSQL and Redis', () => {
  let nodeA: string;
  let nodeB: string;
  let login: { token: string; user: { _id: string } };
  let productId: string;
  let streamId: string;

  beforeAll(async () => {
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
    nodeA = await startNode(shared);
    nodeB = await startNode(shared);

    login = await call<{ token: string; user: { _id: string } }>(nodeA, 'POST', '/seller/login', undefined, {
      email: 'demo@kasuwa.ng',
      password: 'KasuwaDemo#2026',
    });
    const { auctionProducts } = await call<{ auctionProducts: { _id: string }[] }>(
      nodeA,
      'GET',
      `/products/seller/${login.user._id}/auctions`,
    );
    productId = auctionProducts[0]?._id as string;
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
    streamId = stream._id;
    await call(nodeA, 'POST', `/streams/${stream._id}/start`, login.token);
    await call(nodeA, 'POST', `/streams/${stream._id}/activate-product-bidding`, login.token, { productId });
  }, 120_000);

  it('delivers a bid placed through node A to the seller socket on node B', async () => {
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
    const ack = await studio.timeout(5000).emitWithAck(streamSocketEvents.subscribe, { streamId });
    expect(ack).toEqual({ ok: true });

    // The buyer bids through node A.
    const buyer = await call<{ token: string }>(nodeA, 'POST', '/buyers/register', undefined, {
      name: 'Chidi Okafor',
      email: `chidi-${process.pid}@example.ng`,
      password: 'Yaba2026market',
    });
    await call(nodeA, 'POST', `/streams/${streamId}/bids`, buyer.token, { productId, amount: 20000 });

    const deadline = Date.now() + 10_000;
    while (!received.some((n) => n.type === 'new_bid') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(received.find((n) => n.type === 'new_bid')?.data.bidAmount).toBe(20000);
  }, 120_000);

  it('hands the show to the newest studio whatever its node, and routes viewers to it only', async () => {
    const claim = (socket: Socket, studioId: string, takeOver = true) =>
      socket.timeout(5000).emitWithAck(studioSocketEvents.claim, { streamId, studioId, takeOver });
    const onA = openSocket(nodeA, login.token);
    const onB = openSocket(nodeB, login.token);
    const viewer = openSocket(nodeA);
    await Promise.all([onA, onB, viewer].map(connected));
    const toA: unknown[] = [];
    onA.on(webrtcSocketEvents.viewer, (e) => toA.push(e));

    expect(await claim(onA, 'studio-on-node-a')).toEqual({ ok: true });
    const replaced = new Promise((resolve) => onA.once(studioSocketEvents.replaced, resolve));
    expect(await claim(onB, 'studio-on-node-b')).toEqual({ ok: true });
    expect(await replaced).toMatchObject({ streamId });

    const asked = new Promise<{ viewerId: string }>((resolve) =>
      onB.once(webrtcSocketEvents.viewer, resolve),
    );
    await viewer.timeout(5000).emitWithAck(webrtcSocketEvents.watch, { streamId });
    expect((await asked).viewerId).toBe(viewer.id);
    // The viewer's node (A, onA's too) sends the viewer's request before it answers the watch.
    await roundTrip(onA);
    expect(toA).toEqual([]);

    // The publisher on node B leaves: its claim in Redis goes with it, and node A's studio resumes.
    onB.close();
    const deadline = Date.now() + 10_000;
    let resumed = await claim(onA, 'studio-on-node-a', false);
    while (!resumed.ok && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      resumed = await claim(onA, 'studio-on-node-a', false);
    }
    expect(resumed).toEqual({ ok: true });
  }, 60_000);
});
