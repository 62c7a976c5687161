// Messages (issue 16, "Performance"): 1,000 open conversations (1,000 buyers, 10 sellers with 100
// conversations each), every party connected over socket.io. Buyers send messages through
// POST /api/buyer/conversations/{id}/messages on the real app; each must reach the seller's socket
// and the buyer's own (2 deliveries per message) and no other socket.
//
// Measured per delivery: time from the moment the client started the send to the moment the socket
// received it (both read in the clients' process, bench/support/conversation-clients.ts). Baseline,
// in the same run: a bare socket.io server with the same sockets in the same rooms (`seller:<id>`,
// `buyer:<id>`), where a send is one socket event the server answers with the same two room emits —
// socket.io's own cost with no HTTP, database or notification. Printed: p50/p99 of both, the ratio
// of the p99s, deliveries missing or misdelivered, and peak RSS. Target: app p99 <= 100 ms, nothing
// lost or misdelivered. Quick run: BENCH_MESSAGES=100.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Server } from 'socket.io';
import { buildApp } from '@/app.ts';
import { buyers, conversations, sellers } from '@/db/schema/index.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';
import { systemClock } from '@/lib/clock.ts';
import { BUYER_AUDIENCE, SESSION_TTL_SECONDS, tokenService } from '@/lib/tokens.ts';
import { benchEnvironment, benchLogger } from './support/bench-app';
import { spawnLoad } from './support/live-auction';

const SELLERS = 10;
const PER_SELLER = Number(process.env.BENCH_CONVERSATIONS_PER_SELLER ?? 100);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 400);
const RATE = Number(process.env.BENCH_MESSAGES_PER_SECOND ?? 20);
const TARGET_P99_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Party = { key: string; token: string; conversations: string[] };
type Report = {
  received: number;
  misdelivered: number;
  failedSends: number;
  p50: number;
  p99: number;
  max: number;
  loopDelayP99Ms: number;
  peakRssMb: number;
};

const env = await benchEnvironment('messages_fanout');
const { db } = env.database;
// A buyer's message queues the unread e-mail in graphile-worker's tables, as the server does; no
// worker runs here (the jobs are written, not run).
await installJobSchema(env.database.pool, pino({ level: 'warn' }));
const sellerRows = await db
  .insert(sellers)
  .values(
    Array.from({ length: SELLERS }, (_, i) => ({
      firstName: 'Ngozi',
      lastName: `Seller ${i}`,
      email: `fanout-${i}@bench.kasuwa.ng`,
      phoneNumber: '+2348031234567',
      storeName: `Fanout Store ${i}`,
      passwordHash: 'not-used',
      emailVerified: true,
      referralCode: `FANOUT${i}`,
    })),
  )
  .returning();
const buyerRows = await db
  .insert(buyers)
  .values(
    Array.from({ length: SELLERS * PER_SELLER }, (_, i) => ({
      name: `Buyer ${i}`,
      email: `fanout-buyer-${i}@bench.kasuwa.ng`,
      passwordHash: 'not-used',
    })),
  )
  .returning();
const conversationRows = await db
  .insert(conversations)
  .values(
    buyerRows.map((b, i) => {
      const seller = sellerRows[i % SELLERS];
      if (!seller) throw new Error('no seller');
      return { sellerId: seller.id, buyerId: b.id, buyerName: b.name };
    }),
  )
  .returning();
const sellerTokens = tokenService(env.deps.jwtSecret, systemClock);
const buyerTokens = tokenService(env.deps.jwtSecret, systemClock, SESSION_TTL_SECONDS, BUYER_AUDIENCE);
const buyerToken = new Map<string, string>();
for (const b of buyerRows) buyerToken.set(b.id, await buyerTokens.sign(b));
const parties: Party[] = [
  ...(await Promise.all(
    sellerRows.map(async (s) => ({
      key: `seller:${s.id}`,
      token: await sellerTokens.sign(s),
      conversations: conversationRows.filter((c) => c.sellerId === s.id).map((c) => c.id),
    })),
  )),
  ...conversationRows.map((c) => ({
    key: `buyer:${c.buyerId}`,
    token: buyerToken.get(c.buyerId ?? '') ?? '',
    conversations: [c.id],
  })),
];
// Messages go to conversations spread over every seller, never twice in a row to one buyer.
const plan = Array.from({ length: MESSAGES }, (_, k) => conversationRows[(k * 37) % conversationRows.length]);

async function measure(mode: 'app' | 'bare', url: string): Promise<Report> {
  const clients = spawnLoad('conversation-clients.ts');
  try {
    await clients.call({ type: 'connect', url, parties, batch: 50 });
    await sleep(500);
    await clients.call({ type: 'reset' });
    const t0 = performance.now();
    const sends: Promise<unknown>[] = [];
    for (const [k, c] of plan.entries()) {
      if (!c) continue;
      const wait = t0 + (k * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      sends.push(
        clients.call({
          type: 'send',
          mode,
          url,
          token: buyerToken.get(c.buyerId ?? '') ?? '',
          conversationId: c.id,
          clientId: `${mode}-${k}`,
        }),
      );
    }
    await Promise.all(sends);
    await sleep(2000);
    return await clients.call<Report>({ type: 'report' });
  } finally {
    await clients.call({ type: 'close' }).catch(() => {});
    await clients.stop();
  }
}

async function bare(): Promise<Report> {
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const byToken = new Map(parties.map((p) => [p.token, p.key]));
  const partiesOf = new Map(
    conversationRows.map((c) => [c.id, [`seller:${c.sellerId}`, `buyer:${c.buyerId}`]]),
  );
  io.on('connection', (socket) => {
    const room = byToken.get(String(socket.handshake.auth?.token ?? ''));
    if (room) void socket.join(room);
    socket.on('bench_send', (p: { conversationId: string; clientId: string }) => {
      const rooms = partiesOf.get(p.conversationId) ?? [];
      const message = {
        conversationId: p.conversationId,
        clientId: p.clientId,
        body: 'Is it still available?',
      };
      io.to(rooms).emit('conversation_message', { conversation: { _id: p.conversationId }, message });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await measure('bare', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    io.local.disconnectSockets(true);
    await io.close();
  }
}

async function app(): Promise<Report> {
  const instance = await buildApp({
    ...env.deps,
    logger: process.env.NOLOG ? false : benchLogger(),
    webDist: null,
  });
  const base = await instance.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await measure('app', base);
  } finally {
    await instance.close();
  }
}

let baseline: Report;
let live: Report;
try {
  baseline = await bare();
  live = await app();
} finally {
  await env.close();
}

const expected = plan.length * 2;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (name: string, r: Report) =>
  `${name}: ${r.received} of ${expected} deliveries, p50 ${ms(r.p50)} p99 ${ms(r.p99)} max ${ms(r.max)},` +
  ` misdelivered ${r.misdelivered}, failed sends ${r.failedSends}; clients' loop delay p99 ${ms(r.loopDelayP99Ms)}\n`;
const ok =
  live.p99 <= TARGET_P99_MS &&
  live.received === expected &&
  live.misdelivered === 0 &&
  live.failedSends === 0;
process.stdout.write(
  `messages fan-out: ${conversationRows.length} open conversations (${parties.length} sockets), ${plan.length} messages at ${RATE}/s\n` +
    line('  bare socket.io', baseline) +
    line('  app           ', live) +
    `  -> p99 ratio app/bare ${(live.p99 / Math.max(baseline.p99, 0.1)).toFixed(1)}, app p99 ${ms(live.p99)} (target <= ${TARGET_P99_MS} ms), ` +
    `lost ${expected - live.received}, misdelivered ${live.misdelivered}: ${ok ? 'PASS' : 'FAIL'}` +
    ` | peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB server process,` +
    ` ${Math.max(baseline.peakRssMb, live.peakRssMb).toFixed(0)} MB clients process\n`,
);
process.exitCode = ok ? 0 : 1;
