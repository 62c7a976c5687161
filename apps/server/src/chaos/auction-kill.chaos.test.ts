import { SOCKET_CLIENT_OPTIONS, streamSocketEvents } from '@kasuwa/contracts';
import { connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAOS_PORTS,
  CHAOS_WINDOWS,
  call,
  chaosNodes,
  demoLogin,
  freshDatabase,
  kill9,
  type Node,
  newBuyer,
  report,
  sleep,
  until,
} from '@/chaos/harness.ts';

/* Issue 18, Faults: `kill -9` of the server in an auction's last seconds. The clock is the end time
   in the database, so after a restart the countdown must carry on from it (or close at once if it ran
   out meanwhile): exactly one winner, the highest bid, and exactly one order line and order. */

const nodes = chaosNodes('kasuwa-chaos-auction-');
let db: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let node: Node;

beforeAll(async () => {
  db = await freshDatabase('auction', { seeded: true });
  dataDir = await nodes.freshDataDir({ seeded: true });
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await nodes.cleanup();
  await db?.drop();
});

type Row = {
  id: string;
  bid_status: string;
  outcome: string | null;
  ends_at: Date;
  closed_at: Date | null;
  current_bid_kobo: string | null;
  current_bidder_id: string | null;
};

const startNode = () =>
  nodes.start(dataDir, CHAOS_PORTS.nodeA, { DATABASE_URL: db.url, SEED_DEMO: '1', REDIS_URL: '' });

async function auctionOf(streamId: string, productId: string) {
  const [row] = await db.query<Row>(
    'SELECT id, bid_status, outcome, ends_at, closed_at, current_bid_kobo, current_bidder_id FROM stream_products WHERE stream_id = $1 AND product_id = $2',
    [streamId, productId],
  );
  return row as Row;
}

describe('kill -9 in the last seconds of an auction', () => {
  let token: string;
  let streamId: string;
  let products: string[];

  beforeAll(async () => {
    node = await startNode();
    const login = await demoLogin(node.base);
    token = login.token;
    const { auctionProducts } = await call<{ auctionProducts: { _id: string }[] }>(
      node.base,
      'GET',
      `/products/seller/${login.user._id}/auctions`,
    );
    // The demo has one product set up for auction: a second one (without variants) is made so.
    const [second] = await db.query<{ id: string }>(
      `UPDATE products SET sale_type = '{"buyNow": false, "auction": {"startingBidKobo": 2000000}}'::jsonb
        WHERE id = (SELECT id FROM products WHERE seller_id = $1 AND status = 'active' AND id <> $2
                      AND variants = '[]'::jsonb ORDER BY created_at LIMIT 1)
        RETURNING id`,
      [login.user._id, auctionProducts[0]?._id],
    );
    products = [auctionProducts[0]?._id as string, second?.id as string];
    expect(products.every(Boolean)).toBe(true);
    const { categories } = await call<{ categories: { _id: string }[] }>(node.base, 'GET', '/categories');
    const { stream } = await call<{ stream: { _id: string } }>(node.base, 'POST', '/streams/create', {
      token,
      body: {
        title: 'Chaos auction',
        category: categories[0]?._id,
        startImmediately: true,
        // The second clock is long enough for a restart on a busy machine to be back before its end.
        products: products.map((productId, i) => ({
          productId,
          auctionSettings: {
            startingBid: 20000,
            durationSeconds: i === 0 ? CHAOS_WINDOWS.auctionSeconds : CHAOS_WINDOWS.runningAuctionSeconds,
            counterBidSeconds: 5,
          },
        })),
      },
    });
    streamId = stream._id;
    await call(node.base, 'POST', `/streams/${streamId}/start`, { token });
  });

  /**
   * Activates `productId`, has two buyers bid three times, kills the server `killBeforeEndMs` before
   * the stored end, starts it again, and checks the close.
   */
  async function killAndCheck(productId: string, killBeforeEndMs: number) {
    await call(node.base, 'POST', `/streams/${streamId}/activate-product-bidding`, {
      token,
      body: { productId },
    });
    const ada = await newBuyer(node.base, 'Ada Eze');
    const bola = await newBuyer(node.base, 'Bola Ade');
    for (const [buyer, amount] of [
      [ada, 20000],
      [bola, 20500],
      [ada, 21000],
    ] as const) {
      await call(node.base, 'POST', `/streams/${streamId}/bids`, {
        token: buyer.token,
        body: { productId, amount },
      });
    }
    const before = await auctionOf(streamId, productId);
    expect(before.bid_status).toBe('active');
    const endsAt = new Date(before.ends_at).getTime();
    const winnerId = before.current_bidder_id;
    await sleep(Math.max(0, endsAt - killBeforeEndMs - Date.now()));
    const killedAt = Date.now();
    await kill9(node);
    const leftAtKill = endsAt - killedAt;

    node = await startNode();
    const readyAfter = Date.now() - killedAt;
    const readyBeforeEnd = endsAt - Date.now();
    // While it is still running, its countdown carries on from the stored end, not from the start.
    let countdown: number[] = [];
    if (readyBeforeEnd > 4000) {
      const still = await auctionOf(streamId, productId);
      expect(still.bid_status).toBe('active');
      expect(new Date(still.ends_at).getTime()).toBe(endsAt);
      const viewer = connect(node.base, {
        ...SOCKET_CLIENT_OPTIONS,
        reconnection: false,
        transports: ['websocket'],
      });
      sockets.push(viewer);
      const ticks: { productId: string; secondsLeft: number; timestamp: number }[] = [];
      viewer.on(streamSocketEvents.bidTimerUpdate, (e) => ticks.push(e));
      await new Promise<void>((resolve, reject) => {
        viewer.once('connect', () => resolve());
        viewer.once('connect_error', reject);
      });
      await viewer.timeout(5000).emitWithAck(streamSocketEvents.subscribe, { streamId });
      await until(
        () => ticks.filter((e) => e.productId === productId).length >= 2,
        10_000,
        'countdown ticks',
      );
      countdown = ticks.filter((e) => e.productId === productId).map((e) => e.secondsLeft);
      for (const e of ticks.filter((t) => t.productId === productId)) {
        // What the clock shows is the time left to the stored end (within a tick), never a fresh full clock.
        expect(Math.abs(e.secondsLeft * 1000 - (endsAt - e.timestamp))).toBeLessThan(2000);
      }
    }
    const closed = await until(
      async () => {
        const r = await auctionOf(streamId, productId);
        return r.closed_at ? r : null;
      },
      Math.max(0, endsAt - Date.now()) + 20_000,
      'the auction closed after the restart',
    );
    const closedAt = new Date(closed.closed_at as Date).getTime();
    expect(closed.outcome).toBe('sold');
    expect(closed.current_bidder_id).toBe(winnerId);
    expect(Number(closed.current_bid_kobo)).toBe(21000_00);
    // Never before the end the bidders were shown; at most a few ticks after it (or after the restart).
    expect(closedAt).toBeGreaterThanOrEqual(endsAt);
    expect(closedAt - Math.max(endsAt, killedAt + readyAfter)).toBeLessThan(10_000);

    const lines = await db.query<{ order_id: string; unit_price_kobo: string }>(
      'SELECT order_id, unit_price_kobo FROM order_lines WHERE stream_product_id = $1',
      [closed.id],
    );
    expect(lines).toHaveLength(1);
    expect(Number(lines[0]?.unit_price_kobo)).toBe(21000_00);
    const orders = await db.query<{ buyer_id: string }>('SELECT o.buyer_id FROM orders o WHERE o.id = $1', [
      lines[0]?.order_id,
    ]);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.buyer_id).toBe(winnerId);
    // A bid after the close is refused.
    const late = await newBuyer(node.base, 'Late Bidder');
    const res = await fetch(`${node.base}/api/streams/${streamId}/bids`, {
      method: 'POST',
      headers: { authorization: `Bearer ${late.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId, amount: 30000 }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    return {
      leftAtKill,
      readyAfter,
      closedLate: closedAt - endsAt,
      lines: lines.length,
      countdown,
    };
  }

  it('closes an auction whose end passed while the server was dead: one winner, one order line, one order', async () => {
    const r = await killAndCheck(products[0] as string, 2000);
    report(
      'kill -9, auction ends while down',
      'held',
      `killed ${r.leftAtKill} ms before the end; ready again after ${r.readyAfter} ms; closed ${r.closedLate} ms after its end; 1 winner (highest bid), ${r.lines} order line, 1 order`,
    );
  });

  it('resumes the countdown from the stored end when the server is back before it', async () => {
    // Killed CHAOS_RUNNING_AUCTION_LEFT_SECONDS (30) before the end: the restart is back in time.
    const r = await killAndCheck(products[1] as string, CHAOS_WINDOWS.runningAuctionLeftSeconds * 1000);
    expect(
      r.countdown.length,
      `the restart took ${r.readyAfter} ms: raise CHAOS_RUNNING_AUCTION_SECONDS and CHAOS_RUNNING_AUCTION_LEFT_SECONDS`,
    ).toBeGreaterThan(0);
    report(
      'kill -9, auction still running at restart',
      'held',
      `killed ${r.leftAtKill} ms before the end; ready again after ${r.readyAfter} ms; end unchanged; countdown resumed at ${r.countdown[0]} s left; closed ${r.closedLate} ms after its end; 1 winner, ${r.lines} order line, 1 order`,
    );
  });
});
