// size: one CLI that signs up buyers, keeps the auction state from the socket, bids, comments and reports; its option parsing and its run share the types
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BuyerAuthResponse,
  type ProductAuctionStatusEvent,
  SOCKET_CLIENT_OPTIONS,
  type Stream,
  type StreamNotification,
  type StreamStatusEvent,
  socketAck,
  streamSocketEvents,
  subscribeRetryDelay,
} from '@kasuwa/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '@/config.ts';
import { nairaText, toKobo } from '@/lib/naira.ts';

export const USAGE = `Usage: npm run simulate -- --stream <id> [--buyers 50] [--bids-per-second 5]
                        [--comments-per-minute 30] [--duration <seconds>] [--url <server>]

Simulated buyers for a live show: each registers (or logs in again) through the API, connects to
the show's socket, subscribes, comments now and then, and bids on the active product at the
minimum next bid the server names, at the given total rate. A summary line is printed every few
seconds; it stops at Ctrl-C, after --duration, or when the show ends.

--url defaults to the server on this machine (http://127.0.0.1:PORT).
`;

export type SimulateOptions = {
  url: string;
  streamId: string;
  buyers: number;
  bidsPerSecond: number;
  commentsPerMinute: number;
  /** Null: until the show ends or Ctrl-C. */
  durationSeconds: number | null;
  summaryEveryMs: number;
};

type Io = { out: (text: string) => void; err: (text: string) => void };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the command line; a string is the problem to print with the usage. */
export function parseSimulateArgs(argv: string[], env: NodeJS.ProcessEnv): SimulateOptions | string {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) return `Unexpected argument "${arg}"`;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) return `--${name} needs a value`;
    values.set(name, value);
  }
  const known = ['stream', 'buyers', 'bids-per-second', 'comments-per-minute', 'duration', 'url'];
  const unknown = [...values.keys()].find((k) => !known.includes(k));
  if (unknown) return `Unknown option --${unknown}`;

  const streamId = values.get('stream') ?? '';
  if (!UUID.test(streamId)) return 'Give the show with --stream <id> (its id is in the studio’s address)';
  const number = (name: string, fallback: number, min: number, max: number) => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    return Number.isFinite(n) && n >= min && n <= max
      ? n
      : `--${name} must be a number from ${min} to ${max}`;
  };
  const buyers = number('buyers', 50, 1, 1000);
  const bidsPerSecond = number('bids-per-second', 5, 0, 200);
  const commentsPerMinute = number('comments-per-minute', 30, 0, 6000);
  const duration = number('duration', 0, 1, 86_400);
  for (const v of [buyers, bidsPerSecond, commentsPerMinute, duration]) if (typeof v === 'string') return v;
  let url = values.get('url');
  if (!url) {
    try {
      url = `http://127.0.0.1:${loadConfig(env).PORT}`;
    } catch {
      url = 'http://127.0.0.1:3000';
    }
  }
  return {
    url: url.replace(/\/$/, ''),
    streamId,
    buyers: Math.floor(buyers as number),
    bidsPerSecond: bidsPerSecond as number,
    commentsPerMinute: commentsPerMinute as number,
    durationSeconds: values.has('duration') ? (duration as number) : null,
    summaryEveryMs: 5_000,
  };
}

const NAMES = [
  'Ada',
  'Bola',
  'Chidi',
  'Dayo',
  'Emeka',
  'Funke',
  'Gbenga',
  'Halima',
  'Ibrahim',
  'Jumoke',
  'Kemi',
  'Lanre',
  'Musa',
  'Ngozi',
  'Obinna',
  'Pelumi',
  'Remi',
  'Segun',
  'Tolu',
  'Uche',
  'Yemi',
  'Zainab',
];
const COMMENTS = [
  'Is it still available?',
  'How much for delivery to Ibadan?',
  'Nice one!',
  'Does it come in black?',
  'Original or copy?',
  'I dey for this one',
  'Abeg reduce small',
  'Wow 🔥',
  'Can I pay on delivery?',
  'Which size is it?',
  'Greetings from Kano',
  'Next one please',
];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

type SimBuyer = { id: string; name: string; token: string; socket: Socket | null };

export type SimulationStats = {
  buyers: number;
  connected: number;
  bidsAccepted: number;
  bidsRefused: number;
  bidErrors: number;
  comments: number;
  eventsReceived: number;
  /** Subscriptions the server asked to try again later (a crowd joining at once), each tried again. */
  subscribeRetries: number;
};

/**
 * Runs the simulation until `stop` resolves, the duration passes, or the show ends. Returns the
 * totals; progress lines go to `io.out`.
 */
export async function runSimulation(
  options: SimulateOptions,
  io: Io,
  stop: Promise<void> = new Promise(() => {}),
): Promise<SimulationStats> {
  const api = async <T>(method: string, urlPath: string, body?: unknown, token?: string) => {
    const res = await fetch(`${options.url}/api${urlPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as T & { message?: string } };
  };

  const first = await api<{ stream: Stream }>('GET', `/streams/${options.streamId}`);
  if (first.status !== 200) throw new Error(first.body.message ?? `The server answered ${first.status}`);
  let stream = first.body.stream;
  io.out(`Simulating ${options.buyers} buyers on “${stream.title}” (${stream.status}) at ${options.url}`);

  const stats: SimulationStats = {
    buyers: 0,
    connected: 0,
    bidsAccepted: 0,
    bidsRefused: 0,
    bidErrors: 0,
    comments: 0,
    eventsReceived: 0,
    subscribeRetries: 0,
  };
  let stopped = false;
  let showEnded = false;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  // What is being auctioned now, kept from the stream and its events.
  type Auction = { productId: string; name: string; minimumNextBid: number; bidderId: string | null };
  let auction: Auction | null = null;
  const fromStream = (s: Stream) => {
    const active = s.products.find((p) => p.bidStatus === 'active');
    auction =
      active && active.minimumNextBid !== null
        ? {
            productId: active.product.productId,
            name: active.product.name,
            minimumNextBid: active.minimumNextBid,
            bidderId: active.currentBidder?._id ?? null,
          }
        : null;
  };
  fromStream(stream);

  // Accounts: log in again if this simulator made them before, else register. A few at a time:
  // each password hash takes the server real memory and time.
  const password = 'simulated-buyer-1';
  const buyers: SimBuyer[] = [];
  const account = async (i: number): Promise<SimBuyer | null> => {
    const email = `sim-buyer-${i + 1}@simulate.kasuwa.ng`;
    const name = `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`;
    for (let attempt = 0; attempt < 20 && !stopped; attempt++) {
      let res = await api<BuyerAuthResponse>('POST', '/buyers/login', { email, password });
      if (res.status === 400)
        res = await api<BuyerAuthResponse>('POST', '/buyers/register', { name, email, password });
      if (res.status === 200 || res.status === 201) {
        return { id: res.body.buyer._id, name: res.body.buyer.name, token: res.body.token, socket: null };
      }
      if (res.status !== 429 && res.status !== 409) {
        io.err(`Buyer ${i + 1}: ${res.body.message ?? `the server answered ${res.status}`}`);
        return null;
      }
      if (res.status === 429 && attempt === 0) io.err(`Sign-ups are rate-limited: ${res.body.message ?? ''}`);
      await sleep(res.status === 429 ? 10_000 : 200);
    }
    return null;
  };
  const queue = Array.from({ length: options.buyers }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = queue.shift(); i !== undefined && !stopped; i = queue.shift()) {
        const b = await account(i);
        if (b) buyers.push(b);
      }
    }),
  );
  stats.buyers = buyers.length;
  if (!buyers.length) throw new Error('No simulated buyer could sign in');

  const onNotification = (n: StreamNotification) => {
    if (n.type === 'new_bid' && auction && n.data.product.product.productId === auction.productId) {
      auction.minimumNextBid = Math.max(auction.minimumNextBid, n.data.minimumNextBid);
      auction.bidderId = n.data.currentBidder._id;
    }
  };
  const refresh = async () => {
    const res = await api<{ stream: Stream }>('GET', `/streams/${options.streamId}`);
    if (res.status === 200) {
      stream = res.body.stream;
      fromStream(stream);
      if (stream.status === 'ended') showEnded = true;
    }
  };

  for (const [i, b] of buyers.entries()) {
    const socket = connect(options.url, {
      ...SOCKET_CLIENT_OPTIONS,
      auth: { token: b.token },
      transports: ['websocket'],
    });
    b.socket = socket;
    socket.onAny(() => {
      stats.eventsReceived += 1;
    });
    // As the watch page does: a subscription the server could not take now (an ack with
    // `retryAfterMs`, a crowd joining at once) is sent again after the contract's back-off.
    const subscribe = (refusals: number) => {
      socket.emit(streamSocketEvents.subscribe, { streamId: options.streamId }, (raw: unknown) => {
        const ack = socketAck.safeParse(raw);
        if (!ack.success || ack.data.ok || !ack.data.retryAfterMs) return;
        stats.subscribeRetries += 1;
        const wait = subscribeRetryDelay(ack.data.retryAfterMs, refusals + 1);
        setTimeout(() => {
          if (socket.connected) subscribe(refusals + 1);
        }, wait).unref();
      });
    };
    socket.on('connect', () => {
      stats.connected += 1;
      subscribe(0);
    });
    socket.on('disconnect', () => {
      stats.connected -= 1;
    });
    // One listener keeps the auction state; every socket counts what it receives.
    if (i === 0) {
      socket.on(streamSocketEvents.notification, onNotification);
      socket.on(streamSocketEvents.productAuctionStatus, (e: ProductAuctionStatusEvent) => {
        if (e.streamId === options.streamId) void refresh();
      });
      socket.on(streamSocketEvents.streamStatus, (e: StreamStatusEvent) => {
        if (e.streamId === options.streamId && e.status === 'ended') showEnded = true;
        else void refresh();
      });
    }
  }

  const timers: NodeJS.Timeout[] = [];
  let inFlight = 0;
  const placeBid = async () => {
    const a: Auction | null = auction;
    if (!a || inFlight >= 50) return;
    const bidders = buyers.filter((b) => b.id !== a.bidderId);
    const b = pick(bidders.length ? bidders : buyers);
    // Mostly the minimum; now and then a buyer jumps ahead by a few percent.
    const amount = Math.random() < 0.2 ? Math.ceil((a.minimumNextBid * 1.05) / 100) * 100 : a.minimumNextBid;
    inFlight += 1;
    try {
      const res = await api<{ product: { minimumNextBid: number | null }; minimumNextBid?: number }>(
        'POST',
        `/streams/${options.streamId}/bids`,
        { productId: a.productId, amount },
        b.token,
      );
      if (res.status === 200) {
        stats.bidsAccepted += 1;
        if (auction?.productId === a.productId && res.body.product.minimumNextBid !== null) {
          auction.minimumNextBid = Math.max(auction.minimumNextBid, res.body.product.minimumNextBid);
          auction.bidderId = b.id;
        }
      } else if (res.status === 409 || res.status === 400) {
        stats.bidsRefused += 1;
        if (auction?.productId === a.productId && typeof res.body.minimumNextBid === 'number') {
          auction.minimumNextBid = Math.max(auction.minimumNextBid, res.body.minimumNextBid);
        }
        if (/ended|not open|not live/.test(res.body.message ?? '')) void refresh();
      } else {
        stats.bidErrors += 1;
      }
    } catch {
      stats.bidErrors += 1;
    } finally {
      inFlight -= 1;
    }
  };
  if (options.bidsPerSecond > 0)
    timers.push(setInterval(() => void placeBid(), 1000 / options.bidsPerSecond));
  if (options.commentsPerMinute > 0) {
    timers.push(
      setInterval(() => {
        const socket = pick(buyers).socket;
        if (!socket?.connected) return;
        inFlight += 1;
        socket
          .timeout(5_000)
          .emit(
            streamSocketEvents.comment,
            { streamId: options.streamId, content: pick(COMMENTS) },
            (err: Error | null, ack?: { ok: boolean }) => {
              inFlight -= 1;
              if (!err && ack?.ok) stats.comments += 1;
            },
          );
      }, 60_000 / options.commentsPerMinute),
    );
  }
  timers.push(setInterval(() => void refresh(), 5_000));

  const summary = () => {
    const a: Auction | null = auction;
    const now = new Date().toTimeString().slice(0, 8);
    const on = a ? `${a.name} at ${nairaText(toKobo(a.minimumNextBid))} next` : 'no product active';
    io.out(
      `${now} buyers ${stats.connected}/${stats.buyers} connected · bids ${stats.bidsAccepted} accepted, ` +
        `${stats.bidsRefused} refused, ${stats.bidErrors} failed · comments ${stats.comments} · ${on} · ` +
        `events received ${stats.eventsReceived}` +
        (stats.subscribeRetries ? ` · subscriptions retried ${stats.subscribeRetries}` : ''),
    );
  };
  timers.push(setInterval(summary, options.summaryEveryMs));

  const deadline = options.durationSeconds === null ? null : Date.now() + options.durationSeconds * 1000;
  await Promise.race([
    stop,
    (async () => {
      while (!showEnded && (deadline === null || Date.now() < deadline)) await sleep(100);
    })(),
  ]);
  stopped = true;
  for (const timer of timers) clearInterval(timer);
  while (inFlight > 0) await sleep(20);
  summary();
  if (showEnded) io.out('The show has ended.');
  for (const b of buyers) b.socket?.close();
  return stats;
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isEntry) {
  const io: Io = {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
  };
  const options = parseSimulateArgs(process.argv.slice(2), process.env);
  if (typeof options === 'string') {
    io.err(`${options}\n\n${USAGE}`);
    process.exit(1);
  }
  const stop = new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  try {
    await runSimulation(options, io, stop);
    process.exit(0);
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
