// The viewers of the live benchmarks (bench/live-broadcast.bench.ts, `npm run cluster`, `npm run
// soak`), in a process of their own: N anonymous viewers that connect, subscribe to one show and
// record, for every `stream_notification` `new_bid`, which bid it was (`data.bidsCount`) and how long
// after the server's `timestamp` it arrived. Driven by the parent over IPC (spawnLoad/serveLoad).
//
// Each viewer is one WebSocket (the `ws` package, which socket.io-client itself uses) speaking the
// socket.io protocol as a browser's client does with `transports: ['websocket']`: Engine.IO 4's open
// packet, the namespace connect (`40`), pings answered with pongs, `stream_notification_subscribe` with an
// acknowledgement (`421[…]` answered `431[…]`), events as `42[…]`. It skips what socket.io-client adds
// per socket (a Manager, an Engine, a decoder, reconnection timers), and a frame that every viewer of
// this process receives alike is parsed once, not once per viewer (issue 18: 2,000 socket.io-client
// instances and two API nodes on a 2-core machine timed out their own handshakes). What is measured
// — the server's frames reaching each viewer's socket — is the same.
//
// Joining like a crowd of real watch pages: at most `batch` handshakes at a time; a handshake that
// fails or times out is tried again after a back-off (0.5 s doubling to 8 s, ±50%), and a subscribe the
// server answers with `retryAfterMs` (busy: issue 18) is sent again on the same socket after that long,
// doubling, as apps/web's live-socket.ts does. Both are counted and reported (`retries`), not hidden.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { streamSocketEvents } from '@kasuwa/contracts';
import WebSocket from 'ws';
import { serveLoad } from './live-auction';

type Viewer = { ws: WebSocket; seen: Set<number>; duplicates: number };

const viewers: Viewer[] = [];
const histogram = new Map<number, number>();
let received = 0;
let recording = false;
let lastReceipt = 0;
let firstReceipt = 0;
let disconnects = 0;
const retries: Record<string, number> = {};
/** Viewers that could not join after every try, by the last reason. */
const failures: Record<string, number> = {};
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jitter = (ms: number) => Math.round(ms * (0.5 + Math.random()));
const CONNECT_TRIES = 8;

const reasonOf = (why: string) => why.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '…').slice(0, 120);
function retried(why: string) {
  const key = reasonOf(why);
  retries[key] = (retries[key] ?? 0) + 1;
}

// ---- frames ----

type Frame = { bid: false } | { bid: true; key: number; timestamp: number };
const NOT_A_BID: Frame = { bid: false };
/** The last frames parsed: every viewer of the process receives the same ones, nearly together. */
const frames = new Map<string, Frame>();

function frameOf(text: string): Frame {
  const known = frames.get(text);
  if (known) return known;
  let frame: Frame = NOT_A_BID;
  try {
    const [event, n] = JSON.parse(text.slice(2)) as [
      string,
      { type?: string; timestamp?: number; data?: { bidsCount?: number } },
    ];
    if (event === streamSocketEvents.notification && n?.type === 'new_bid') {
      frame = { bid: true, key: Number(n.data?.bidsCount), timestamp: Number(n.timestamp) };
    }
  } catch {
    // Not JSON: not ours to measure.
  }
  frames.set(text, frame);
  if (frames.size > 64) frames.delete(frames.keys().next().value as string);
  return frame;
}

function onEvent(viewer: Viewer, text: string) {
  if (!recording) return;
  const frame = frameOf(text);
  if (!frame.bid) return;
  const now = Date.now();
  const ms = Math.max(0, Math.round(now - frame.timestamp));
  histogram.set(ms, (histogram.get(ms) ?? 0) + 1);
  received += 1;
  if (viewer.seen.has(frame.key)) viewer.duplicates += 1;
  else viewer.seen.add(frame.key);
  if (!firstReceipt) firstReceipt = now;
  lastReceipt = now;
}

// ---- one viewer ----

class HandshakeError extends Error {}

/** One WebSocket through to a subscribed viewer; rejects (socket closed) on any failure. */
function connectOnce(url: string, streamId: string, timeoutMs: number): Promise<Viewer> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
  });
  const viewer: Viewer = { ws, seen: new Set(), duplicates: 0 };
  let subscribes = 0;
  return new Promise<Viewer>((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.terminate();
      reject(new HandshakeError(why));
    };
    const timer = setTimeout(() => fail(`handshake took over ${timeoutMs} ms`), timeoutMs);
    const subscribe = () => {
      subscribes += 1;
      ws.send(`421${JSON.stringify([streamSocketEvents.subscribe, { streamId }])}`);
    };
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      const kind = text.charCodeAt(0);
      if (kind === 0x32 /* 2: ping */) {
        ws.send('3');
        return;
      }
      if (kind === 0x30 /* 0: open, answered by the '40' already sent */) return;
      if (kind !== 0x34 /* 4: a socket.io packet */) return;
      const packet = text.charCodeAt(1);
      if (packet === 0x32 /* 2: event */) return onEvent(viewer, text);
      if (packet === 0x30 /* 0: connected to the namespace */) return subscribe();
      if (packet === 0x34 /* 4: connect error */) return fail(`connect refused: ${text.slice(2)}`);
      if (packet === 0x33 /* 3: ack */ && !settled) {
        const [answer] = JSON.parse(text.slice(3)) as [
          { ok: boolean; message?: string; retryAfterMs?: number },
        ];
        if (answer.ok) {
          settled = true;
          clearTimeout(timer);
          resolve(viewer);
        } else if (answer.retryAfterMs && subscribes < CONNECT_TRIES) {
          retried(`subscribe answered "${answer.message}" (retryAfterMs)`);
          setTimeout(
            () => {
              if (ws.readyState === WebSocket.OPEN && !settled) subscribe();
            },
            Math.min(30_000, jitter(answer.retryAfterMs * 2 ** (subscribes - 1))),
          );
        } else fail(`subscribe refused: ${answer.message}`);
      }
    });
    // The namespace connect goes with the upgrade instead of after the server's open packet (which
    // the server sends as it accepts the upgrade): one round trip less per viewer on a slow machine.
    ws.on('open', () => ws.send('40'));
    ws.on('error', (err) => fail(err.message));
    ws.on('close', () => {
      if (!settled) fail('closed during the handshake');
      else if (recording) disconnects += 1;
    });
  });
}

async function connectOne(url: string, streamId: string, timeoutMs: number): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      viewers.push(await connectOnce(url, streamId, timeoutMs));
      return;
    } catch (err) {
      // A refusal that stands (a wrong stream id) is the benchmark's mistake, not a busy server.
      if (tries >= CONNECT_TRIES || /subscribe refused/.test((err as Error).message)) {
        const key = reasonOf((err as Error).message);
        failures[key] = (failures[key] ?? 0) + 1;
        return;
      }
      retried((err as Error).message);
      await sleep(jitter(Math.min(8000, 500 * 2 ** (tries - 1))));
    }
  }
}

serveLoad(async (command) => {
  switch (command.type) {
    case 'connect': {
      const { url, streamId, count, batch } = command as {
        url: string;
        streamId: string;
        count: number;
        batch: number;
      };
      const timeoutMs = Number(command.connectTimeoutMs ?? 20_000);
      const started = performance.now();
      // `batch` handshakes under way at a time, each slot starting the next as soon as it is done.
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(batch, count) }, async () => {
          while (next < count) {
            next += 1;
            await connectOne(url, streamId, timeoutMs);
          }
        }),
      );
      return {
        connected: viewers.length,
        seconds: (performance.now() - started) / 1000,
        retries: { ...retries },
        failures: { ...failures },
      };
    }
    case 'start':
      histogram.clear();
      received = 0;
      firstReceipt = 0;
      lastReceipt = 0;
      disconnects = 0;
      for (const v of viewers) {
        v.seen.clear();
        v.duplicates = 0;
      }
      recording = true;
      loopDelay.reset();
      loopDelay.enable();
      return null;
    case 'drain': {
      // Waits until every viewer has every expected bid, or nothing has arrived for `quietMs`.
      const expected = command.expected as number[];
      const quietMs = (command.quietMs as number | undefined) ?? 3000;
      const complete = () => viewers.every((v) => expected.every((k) => v.seen.has(k)));
      const since = Date.now();
      while (!complete() && Date.now() - Math.max(lastReceipt, since) < quietMs) await sleep(200);
      recording = false;
      loopDelay.disable();
      let lost = 0;
      let duplicates = 0;
      let unexpected = 0;
      const wanted = new Set(expected);
      for (const v of viewers) {
        for (const k of expected) if (!v.seen.has(k)) lost += 1;
        for (const k of v.seen) if (!wanted.has(k)) unexpected += 1;
        duplicates += v.duplicates;
      }
      // Latencies by whole millisecond, so a parent running several viewer processes can merge them.
      const keys = [...histogram.keys()].sort((a, b) => a - b);
      const at = (p: number) => {
        const want = Math.min(received, Math.floor((p / 100) * received) + 1);
        let seen = 0;
        for (const k of keys) {
          seen += histogram.get(k) ?? 0;
          if (seen >= want) return k;
        }
        return 0;
      };
      return {
        histogram: Object.fromEntries(histogram),
        viewers: viewers.length,
        received,
        lost,
        duplicates,
        unexpected,
        disconnects,
        firstReceipt,
        lastReceipt,
        p50: at(50),
        p99: at(99),
        max: keys.at(-1) ?? 0,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
        retries: { ...retries },
      };
    }
    case 'close':
      for (const v of viewers.splice(0)) v.ws.terminate();
      setTimeout(() => process.exit(0), 50);
      return null;
    default:
      throw new Error(`unknown command ${String(command.type)}`);
  }
});
