// The viewers of bench/live-broadcast.bench.ts, in a process of their own: N socket.io clients
// that connect anonymously, subscribe to one stream room and record, for every
// `stream_notification` `new_bid`, which bid it was (`data.bidsCount`) and how long after the
// server's `timestamp` it arrived. Driven by the parent over IPC (spawnLoad/serveLoad).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SOCKET_CLIENT_OPTIONS, type StreamNotification, streamSocketEvents } from '@kasuwa/contracts';
import { io, type Socket } from 'socket.io-client';
import { percentile, serveLoad } from './live-auction';

type Viewer = { socket: Socket; seen: Set<number>; duplicates: number };

const viewers: Viewer[] = [];
let latencies: number[] = [];
let recording = false;
let lastReceipt = 0;
let firstReceipt = 0;
let disconnects = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

function onNotification(viewer: Viewer, n: StreamNotification) {
  if (!recording || n.type !== 'new_bid') return;
  const now = Date.now();
  latencies.push(now - n.timestamp);
  if (viewer.seen.has(n.data.bidsCount)) viewer.duplicates += 1;
  else viewer.seen.add(n.data.bidsCount);
  if (!firstReceipt) firstReceipt = now;
  lastReceipt = now;
}

let connectTimeoutMs: number = SOCKET_CLIENT_OPTIONS.timeout;

async function connectOne(url: string, streamId: string, tries = 1): Promise<void> {
  try {
    await connectOnce(url, streamId);
  } catch (err) {
    // Connecting is not what is measured: on a loaded machine a handshake may time out; try again.
    if (tries >= 3) throw err;
    await connectOne(url, streamId, tries + 1);
  }
}

async function connectOnce(url: string, streamId: string): Promise<void> {
  const socket = io(url, {
    ...SOCKET_CLIENT_OPTIONS,
    timeout: connectTimeoutMs,
    transports: ['websocket'],
    // A dropped viewer must show up as lost messages, not quietly come back.
    reconnection: false,
    forceNew: true,
  });
  const viewer: Viewer = { socket, seen: new Set(), duplicates: 0 };
  socket.on(streamSocketEvents.notification, (n: StreamNotification) => onNotification(viewer, n));
  socket.on('disconnect', () => {
    if (recording) disconnects += 1;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  const ack = (await socket.timeout(30_000).emitWithAck(streamSocketEvents.subscribe, { streamId })) as {
    ok: boolean;
    message?: string;
  };
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.message}`);
  viewers.push(viewer);
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
      connectTimeoutMs = Number(command.connectTimeoutMs ?? SOCKET_CLIENT_OPTIONS.timeout);
      const started = performance.now();
      for (let i = 0; i < count; i += batch) {
        await Promise.all(
          Array.from({ length: Math.min(batch, count - i) }, () => connectOne(url, streamId)),
        );
      }
      return { connected: viewers.length, seconds: (performance.now() - started) / 1000 };
    }
    case 'start':
      latencies = [];
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
      const complete = () =>
        viewers.every((v) => v.seen.size >= expected.length) &&
        viewers.every((v) => expected.every((k) => v.seen.has(k)));
      const since = Date.now();
      while (!complete() && Date.now() - Math.max(lastReceipt, since) < quietMs) {
        await new Promise((r) => setTimeout(r, 50));
      }
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
      const sorted = Float64Array.from(latencies).sort();
      // Latencies by whole millisecond, so a parent running several viewer processes can merge them.
      const histogram: Record<number, number> = {};
      for (const ms of latencies) {
        const k = Math.max(0, Math.round(ms));
        histogram[k] = (histogram[k] ?? 0) + 1;
      }
      return {
        histogram,
        viewers: viewers.length,
        received: latencies.length,
        lost,
        duplicates,
        unexpected,
        disconnects,
        firstReceipt,
        lastReceipt,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.length ? sorted[sorted.length - 1] : 0,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
      };
    }
    case 'close':
      for (const v of viewers.splice(0)) v.socket.close();
      setTimeout(() => process.exit(0), 50);
      return null;
    default:
      throw new Error(`unknown command ${String(command.type)}`);
  }
});
