// The audience of bench/studio-inp.bench.ts, in a process of its own (spawnLoad/serveLoad): buyers
// with live sockets subscribed to one show, who bid on whichever product is up for auction and
// comment, each at a steady rate. Bids go over HTTP as a watch page sends them (one at a time, at
// the minimum the last answer named, by the next buyer who is not the highest bidder), so the
// studio receives a `new_bid` for each one accepted; comments go over each buyer's socket, spread
// over the buyers (the server takes at most 10 messages per 10 s from one socket).
import {
  productAuctionStatusEvent,
  SOCKET_CLIENT_OPTIONS,
  type Stream,
  type StreamNotification,
  streamNotification,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { io, type Socket } from 'socket.io-client';
import { placeBid, serveLoad } from './live-auction';

type Buyer = { id: string; token: string; socket: Socket };

const buyers: Buyer[] = [];
let base = '';
let streamId = '';
let running = false;
const timers: ReturnType<typeof setInterval>[] = [];
// The auction under way: its product and the smallest bid the server takes next.
let auction: {
  productId: string;
  minimum: number;
  highest: string | null;
  /** The highest amount sent so far, and the server's increment (0 until known). */
  lastSent: number;
  step: number;
} | null = null;
let counts = { bidsTried: 0, bidsAccepted: 0, bidsRefused: 0, comments: 0, commentsRefused: 0 };
// Whether the server's bid path is the limit: how long each bid's answer took, and for how long an
// auction was open to bid on (bids stop between auctions).
let bidAnswerMs: number[] = [];
let openMs = 0;
let openSince: number | null = null;
const opened = (open: boolean) => {
  const now = performance.now();
  if (openSince !== null) openMs += now - openSince;
  openSince = open && running ? now : null;
};

async function connect(token: string): Promise<Socket> {
  const socket = io(base, {
    ...SOCKET_CLIENT_OPTIONS,
    transports: ['websocket'],
    forceNew: true,
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(30_000).emitWithAck(streamSocketEvents.subscribe, { streamId })) as {
    ok: boolean;
    message?: string;
  };
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.message}`);
  return socket;
}

async function minimumOf(productId: string): Promise<number> {
  const { stream } = (await (await fetch(`${base}/api/streams/${streamId}`)).json()) as { stream: Stream };
  const item = stream.products.find((p) => p.product.productId === productId);
  return item?.minimumNextBid ?? item?.auctionSettings?.startingBid ?? 0;
}

function follow(socket: Socket) {
  socket.on(streamSocketEvents.productAuctionStatus, (raw: unknown) => {
    const parsed = productAuctionStatusEvent.safeParse(raw);
    if (!parsed.success || parsed.data.streamId !== streamId) return;
    const { productId, status } = parsed.data;
    if (status === 'active') {
      void minimumOf(productId).then((minimum) => {
        auction = { productId, minimum, highest: null, lastSent: 0, step: 0 };
        opened(true);
      });
    } else if (auction?.productId === productId) {
      auction = null;
      opened(false);
    }
  });
  socket.on(streamSocketEvents.notification, (raw: unknown) => {
    const parsed = streamNotification.safeParse(raw);
    if (!parsed.success) return;
    const n: StreamNotification = parsed.data;
    if (n.type === 'new_bid' && auction && n.data.product.product.productId === auction.productId) {
      auction.minimum = Math.max(auction.minimum, n.data.minimumNextBid);
      auction.highest = n.data.currentBidder._id;
    }
  });
}

// Up to MAX_IN_FLIGHT bids travel at once, each above the last one sent by the auction's step (the
// server's increment, learnt from its first answer), so that at 20 bids/s most are accepted even
// when an answer takes longer than the 50 ms between two bids; one that arrives after a higher
// one is refused, as a phone's late bid is.
const MAX_IN_FLIGHT = 4;
let inFlight = 0;
let nextBidder = 0;
async function bidOnce() {
  const current = auction;
  if (!running || !current || current.minimum <= 0) return;
  if (inFlight >= (current.step ? MAX_IN_FLIGHT : 1)) return;
  let buyer = buyers[nextBidder++ % buyers.length];
  if (buyer && buyer.id === current.highest) buyer = buyers[nextBidder++ % buyers.length];
  if (!buyer) return;
  const amount = Math.max(current.minimum, current.lastSent + current.step);
  current.lastSent = amount;
  inFlight += 1;
  counts.bidsTried += 1;
  const sent = performance.now();
  try {
    const { status, body } = await placeBid(base, streamId, current.productId, buyer.token, amount);
    bidAnswerMs.push(performance.now() - sent);
    if (status === 200) {
      counts.bidsAccepted += 1;
      current.highest = buyer.id;
      const next = body.product?.minimumNextBid;
      if (next) {
        current.step = Math.max(current.step, next - amount);
        current.minimum = Math.max(current.minimum, next);
      }
    } else {
      counts.bidsRefused += 1;
      if (body.minimumNextBid) current.minimum = Math.max(current.minimum, body.minimumNextBid);
    }
  } finally {
    inFlight -= 1;
  }
}

let nextCommenter = 0;
const phrases = [
  'Is it original?',
  'How much for two?',
  'Do you deliver to Abuja?',
  'Nice one!',
  'What size is it?',
  'Please show the back',
  'Can I pay on delivery?',
  'I want this one',
];
function commentOnce() {
  const buyer = buyers[nextCommenter++ % buyers.length];
  if (!running || !buyer) return;
  const content = `${phrases[nextCommenter % phrases.length]} (${nextCommenter})`;
  buyer.socket.emit(streamSocketEvents.comment, { streamId, content }, (answer: { ok?: boolean }) => {
    if (answer?.ok) counts.comments += 1;
    else counts.commentsRefused += 1;
  });
}

serveLoad(async (command) => {
  switch (command.type) {
    case 'connect': {
      base = command.base as string;
      streamId = command.streamId as string;
      const given = command.buyers as { id: string; token: string }[];
      for (const b of given) buyers.push({ ...b, socket: await connect(b.token) });
      const first = buyers[0];
      if (first) follow(first.socket);
      return { connected: buyers.length };
    }
    case 'start': {
      counts = { bidsTried: 0, bidsAccepted: 0, bidsRefused: 0, comments: 0, commentsRefused: 0 };
      bidAnswerMs = [];
      openMs = 0;
      running = true;
      opened(auction !== null);
      timers.push(setInterval(() => void bidOnce(), 1000 / (command.bidsPerSecond as number)));
      timers.push(setInterval(commentOnce, 1000 / (command.commentsPerSecond as number)));
      return null;
    }
    case 'stop': {
      opened(false);
      running = false;
      for (const t of timers.splice(0)) clearInterval(t);
      const sorted = [...bidAnswerMs].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { ...counts, auctionOpenSeconds: openMs / 1000, bidAnswerMs: { p50: at(0.5), p90: at(0.9) } };
    }
    case 'close':
      for (const b of buyers.splice(0)) b.socket.close();
      setTimeout(() => process.exit(0), 50);
      return null;
    default:
      throw new Error(`unknown command ${String(command.type)}`);
  }
});
