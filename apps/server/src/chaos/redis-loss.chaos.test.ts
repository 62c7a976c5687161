import { type ChildProcess, spawn } from 'node:child_process';
import { SOCKET_CLIENT_OPTIONS, streamSocketEvents } from '@kasuwa/contracts';
import { connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  CHAOS_PORTS,
  call,
  chaosNodes,
  demoLogin,
  freshDatabase,
  type Node,
  newBuyer,
  report,
  sleep,
  until,
} from '@/chaos/harness.ts';

/* Issue 18, Faults: Redis lost under two nodes. Each node's sockets must keep getting what happens on
   that node (they degrade to their node), both nodes keep answering HTTP (bids included), nothing
   crashes, and fan-out between the nodes resumes by itself when Redis is back. A redis-server of this
   test's own (no persistence) is killed with SIGKILL and started again on the same port. */

const nodes = chaosNodes('kasuwa-chaos-redis-');
const sockets: Socket[] = [];
let redis: ChildProcess | null = null;
let db: Awaited<ReturnType<typeof freshDatabase>>;

async function startRedis() {
  const child = spawn(
    'redis-server',
    ['--port', String(CHAOS_PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  await until(() => out.includes('Ready to accept connections'), 10_000, `redis-server started:\n${out}`);
  redis = child;
}
async function killRedis() {
  const r = redis;
  redis = null;
  if (!r || r.exitCode !== null) return;
  const exited = new Promise((res) => r.once('exit', res));
  r.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  await startRedis();
  db = await freshDatabase('redis', { seeded: true });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await nodes.cleanup();
  await killRedis();
  await db?.drop();
});

type Notice = { type: string; data: { bidAmount?: number } };

describe('Redis lost with two nodes', () => {
  let a: Node;
  let b: Node;
  let streamId: string;
  let productId: string;
  // Two buyers taking turns: a buyer cannot outbid themselves.
  let bidders: { token: string }[] = [];
  let turn = 0;
  let amount = 20000;
  const onA: Notice[] = [];
  const onB: Notice[] = [];

  async function studio(node: Node, token: string, into: Notice[]) {
    const s = connect(node.base, {
      ...SOCKET_CLIENT_OPTIONS,
      auth: { token },
      reconnection: false,
      transports: ['websocket'],
    });
    sockets.push(s);
    s.on(streamSocketEvents.notification, (n: Notice) => into.push(n));
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    expect(await s.timeout(5000).emitWithAck(streamSocketEvents.subscribe, { streamId })).toEqual({
      ok: true,
    });
    return s;
  }

  /** A bid through node A's HTTP; which studios saw it within `ms`. */
  async function bidThroughA(ms = 3000) {
    amount += 500;
    const bid = amount;
    const bidder = bidders[turn++ % 2] as { token: string };
    const r = await api(a.base, 'POST', `/streams/${streamId}/bids`, {
      token: bidder.token,
      body: { productId, amount: bid },
    });
    const seen = (list: Notice[]) => list.some((n) => n.type === 'new_bid' && n.data.bidAmount === bid);
    await until(() => seen(onA) || null, ms, 'the bid reached the studio on its own node').catch(() => {});
    await sleep(300);
    return { status: r.status, ms: r.ms, onA: seen(onA), onB: seen(onB) };
  }

  beforeAll(async () => {
    const env = { DATABASE_URL: db.url, SEED_DEMO: '1', REDIS_URL: `redis://127.0.0.1:${CHAOS_PORTS.redis}` };
    a = await nodes.start(await nodes.freshDataDir({ seeded: true }), CHAOS_PORTS.nodeA, env);
    b = await nodes.start(await nodes.freshDataDir({ seeded: true }), CHAOS_PORTS.nodeB, env);
    const login = await demoLogin(a.base);
    const { auctionProducts } = await call<{ auctionProducts: { _id: string }[] }>(
      a.base,
      'GET',
      `/products/seller/${login.user._id}/auctions`,
    );
    productId = auctionProducts[0]?._id as string;
    const { categories } = await call<{ categories: { _id: string }[] }>(a.base, 'GET', '/categories');
    const { stream } = await call<{ stream: { _id: string } }>(a.base, 'POST', '/streams/create', {
      token: login.token,
      body: {
        title: 'Chaos Redis',
        category: categories[0]?._id,
        startImmediately: true,
        products: [{ productId, auctionSettings: { startingBid: 20000, durationSeconds: 900 } }],
      },
    });
    streamId = stream._id;
    await call(a.base, 'POST', `/streams/${streamId}/start`, { token: login.token });
    await call(a.base, 'POST', `/streams/${streamId}/activate-product-bidding`, {
      token: login.token,
      body: { productId },
    });
    await studio(a, login.token, onA);
    await studio(b, login.token, onB);
    bidders = [await newBuyer(a.base, 'Ada Eze'), await newBuyer(a.base, 'Bola Ade')];
    amount = 19500;
  });

  it('keeps each node serving its own sockets and HTTP while Redis is gone, and fans out again when it is back', async () => {
    const before = await bidThroughA();
    expect(before).toMatchObject({ status: 200, onA: true, onB: true });

    const killedAt = Date.now();
    await killRedis();
    const down: Awaited<ReturnType<typeof bidThroughA>>[] = [];
    for (let i = 0; i < 3; i++) down.push(await bidThroughA());
    const health = await Promise.all([a, b].map((n) => api(n.base, 'GET', '/health')));
    // A socket can still connect to either node, and a seller write on node B still answers.
    const late: Notice[] = [];
    const login = await demoLogin(b.base);
    await studio(b, login.token, late);
    const downFor = Date.now() - killedAt;

    for (const d of down) {
      expect(d.status).toBe(200);
      expect(d.ms).toBeLessThan(2000);
      expect(d.onA).toBe(true);
    }
    expect(health.map((h) => h.status)).toEqual([200, 200]);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();

    const restartedAt = Date.now();
    await startRedis();
    const resumed = await until(
      async () => {
        const r = await bidThroughA(1000);
        return r.onB ? r : null;
      },
      30_000,
      'a bid through node A reached the studio on node B again',
      500,
    );
    const resumedAfter = Date.now() - restartedAt;
    expect(resumed.status).toBe(200);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    report(
      'Redis killed under two nodes',
      'fixed',
      `while down (${downFor} ms): ${down.length} bids through A answered ${down.map((d) => `${d.status} in ${d.ms} ms`).join(', ')}, each seen by A's studio, ${down.filter((d) => d.onB).length} by B's; both nodes healthy, a new socket connected; fan-out A→B again ${resumedAfter} ms after Redis restarted; no crash`,
    );
  });
});
