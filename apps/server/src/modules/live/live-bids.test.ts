import type { Notification, StreamProduct } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, orderLines, orders } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { bid, createAuction, liveAuction, post, productsOf } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function auctionOf(settings: Parameters<typeof liveAuction>[4] = { startingBid: 5000 }) {
  const seller = await sellerWithToken(t);
  const productIds = await productsOf(t, seller.seller.id, 2);
  const stream = await liveAuction(t.app, t, seller.auth, productIds, settings);
  return { seller, stream, productId: productIds[0] as string, other: productIds[1] as string };
}

describe('POST /api/streams/{id}/bids', () => {
  it('takes the starting bid, then requires the increment of the ladder', async () => {
    const { stream, productId } = await auctionOf({ startingBid: 4800 });
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');

    const low = await bid(t.app, ada.auth, stream._id, productId, 4700);
    expect(low.statusCode).toBe(409);
    expect(low.json()).toEqual({ message: 'Bid at least ₦4,800.00', minimumNextBid: 4800 });

    const first = await bid(t.app, ada.auth, stream._id, productId, 4800);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Bid placed',
      product: {
        currentBid: 4800,
        currentBidder: { _id: ada.buyer.id, name: 'Ada' },
        // ₦100 steps under ₦5,000.
        minimumNextBid: 4900,
        bidsCount: 1,
      },
    });

    const self = await bid(t.app, ada.auth, stream._id, productId, 5000);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You already have the highest bid');

    expect((await bid(t.app, ben.auth, stream._id, productId, 4850)).json().minimumNextBid).toBe(4900);
    const second = await bid(t.app, ben.auth, stream._id, productId, 5000);
    expect(second.statusCode).toBe(200);
    // ₦500 steps from ₦5,000.
    expect(second.json().product).toMatchObject({ currentBid: 5000, minimumNextBid: 5500, bidsCount: 2 });
  });

  it('refuses bids on a product whose bidding is not open, after its clock ran out, and after the show', async () => {
    const { seller, stream, productId, other } = await auctionOf({ startingBid: 1000, durationSeconds: 30 });
    const ada = await buyerWithToken(t);

    const pending = await bid(t.app, ada.auth, stream._id, other, 1000);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('Bidding is not open for this product');

    t.clock.advance(30_000);
    const late = await bid(t.app, ada.auth, stream._id, productId, 1000);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Bidding has ended for this product');

    await post(t.app, `/api/streams/${stream._id}/end`, seller.auth);
    const afterShow = await bid(t.app, ada.auth, stream._id, productId, 1000);
    expect(afterShow.statusCode).toBe(409);
    expect(afterShow.json().message).toBe('This show is not live');
  });

  it('refuses a bid on a show that has not started, and on an unknown product (404)', async () => {
    const seller = await sellerWithToken(t);
    const productIds = await productsOf(t, seller.seller.id, 1);
    const stream = await createAuction(t.app, t, seller.auth, productIds);
    const ada = await buyerWithToken(t);
    const res = await bid(t.app, ada.auth, stream._id, productIds[0] as string, 5000);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This show is not live');
    const unknown = await bid(t.app, ada.auth, stream._id, '00000000-0000-4000-8000-000000000000', 5000);
    expect(unknown.statusCode).toBe(404);
  });

  it('needs a buyer: a seller’s token (even the show’s own) or none is 401', async () => {
    const { seller, stream, productId } = await auctionOf();
    expect((await bid(t.app, seller.auth, stream._id, productId, 5000)).statusCode).toBe(401);
    expect((await bid(t.app, {}, stream._id, productId, 5000)).statusCode).toBe(401);
  });

  it('refuses amounts finer than a kobo (400)', async () => {
    const { stream, productId } = await auctionOf();
    const ada = await buyerWithToken(t);
    expect((await bid(t.app, ada.auth, stream._id, productId, 5000.005)).statusCode).toBe(400);
  });
});

describe('the auction clock', () => {
  it('resets to the counter-bid time when a bid comes in the last seconds (anti-sniping)', async () => {
    const { stream, productId } = await auctionOf({
      startingBid: 1000,
      durationSeconds: 30,
      counterBidSeconds: 10,
    });
    const ada = await buyerWithToken(t);
    const ben = await buyerWithToken(t);
    t.clock.advance(15_000);
    const calm = await bid(t.app, ada.auth, stream._id, productId, 1000);
    // 15 s left: more than the counter-bid time, the clock stays.
    expect(calm.json().product.endsAt).toBe(new Date(t.clock.now().getTime() + 15_000).toISOString());
    t.clock.advance(12_000);
    const snipe = await bid(t.app, ben.auth, stream._id, productId, 1100);
    expect(snipe.json().product.endsAt).toBe(new Date(t.clock.now().getTime() + 10_000).toISOString());
  });

  it('never extends in sudden death: the bid standing at 00:01 wins', async () => {
    const { stream, productId } = await auctionOf({
      startingBid: 1000,
      durationSeconds: 30,
      suddenDeath: true,
    });
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');
    const endsAt = new Date(t.clock.now().getTime() + 30_000).toISOString();
    t.clock.advance(29_000);
    await bid(t.app, ada.auth, stream._id, productId, 1000);
    t.clock.advance(500);
    const last = await bid(t.app, ben.auth, stream._id, productId, 1100);
    expect(last.statusCode).toBe(200);
    expect(last.json().product.endsAt).toBe(endsAt);
    t.clock.advance(500);
    expect((await bid(t.app, ada.auth, stream._id, productId, 1200)).statusCode).toBe(409);
    await t.app.auctions.tick();
    const [order] = await t.db.select().from(orders).where(eq(orders.buyerId, ben.buyer.id));
    expect(order).toMatchObject({ totalKobo: 110_000, paymentStatus: 'awaiting_payment' });
  });
});

describe('concurrent bids', () => {
  it('accepts exactly one of 50 simultaneous bids at the same level', async () => {
    const { stream, productId } = await auctionOf({ startingBid: 1000 });
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => buyerWithToken(t, `Buyer ${i}`)));
    const answers = await Promise.all(buyers.map((b) => bid(t.app, b.auth, stream._id, productId, 1000)));
    const accepted = answers.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const r of answers.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ message: 'Bid at least ₦1,100.00', minimumNextBid: 1100 });
    }
    const rows = await t.db.select().from(bids).where(eq(bids.streamId, stream._id));
    expect(rows).toHaveLength(1);
  });

  it('keeps accepted amounts strictly increasing and loses no bid when 50 land at once at many levels', async () => {
    const { stream, productId } = await auctionOf({ startingBid: 1000 });
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => buyerWithToken(t, `Bidder ${i}`)));
    // Two buyers at each level, from ₦1,000 up in ₦100 steps, all sent together.
    const answers = await Promise.all(
      buyers.map((b, i) => bid(t.app, b.auth, stream._id, productId, 1000 + 100 * Math.floor(i / 2))),
    );
    const accepted = answers
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().product as StreamProduct)
      .sort((x, y) => x.bidsCount - y.bidsCount);
    expect(accepted.length).toBeGreaterThan(0);
    // Each accepted bid's count is its place in the sequence: 1, 2, 3… with rising amounts.
    expect(accepted.map((p) => p.bidsCount)).toEqual(accepted.map((_, i) => i + 1));
    for (let i = 1; i < accepted.length; i++) {
      expect(accepted[i]?.currentBid).toBeGreaterThan(accepted[i - 1]?.currentBid ?? 0);
    }
    for (const r of answers.filter((r) => r.statusCode !== 200)) expect(r.statusCode).toBe(409);

    const rows = await t.db.select().from(bids).where(eq(bids.streamId, stream._id));
    expect(rows).toHaveLength(accepted.length);
    expect(new Set(rows.map((r) => r.amountKobo)).size).toBe(rows.length);
    const highest = Math.max(...rows.map((r) => r.amountKobo));
    const details = (await t.app.inject({ method: 'GET', url: `/api/streams/${stream._id}` })).json();
    expect(details.stream.products[0]).toMatchObject({ currentBid: highest / 100, bidsCount: rows.length });
  });

  it('judges and stores a bid at the moment it holds the auction, not when it arrived', async () => {
    const { stream, productId } = await auctionOf({ startingBid: 1000, durationSeconds: 30 });
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');

    // Another transaction holds the auction's row (as a burst of bids would) while a bid waits.
    const holdRow = async () => {
      const holder = await t.db.$client.connect();
      await holder.query('begin');
      await holder.query('select 1 from stream_products where stream_id = $1 for update', [stream._id]);
      return async () => {
        await holder.query('commit');
        holder.release();
      };
    };
    const waitingOnTheRow = async () => {
      for (let i = 0; i < 200; i++) {
        const r = await t.db.$client.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (r.rows[0].n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the bid never waited for the row');
    };

    const arrived = t.clock.now().getTime();
    let release = await holdRow();
    const queued = bid(t.app, ada.auth, stream._id, productId, 1000);
    await waitingOnTheRow();
    t.clock.advance(5_000);
    await release();
    expect((await queued).statusCode).toBe(200);
    const [stored] = await t.db.select().from(bids).where(eq(bids.streamId, stream._id));
    expect(stored?.createdAt.getTime()).toBe(arrived + 5_000);

    // Sent 10 s before the end, but it reaches the row after the end: too late.
    t.clock.advance(15_000);
    release = await holdRow();
    const late = bid(t.app, ben.auth, stream._id, productId, 1100);
    await waitingOnTheRow();
    t.clock.advance(10_000);
    await release();
    const answer = await late;
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Bidding has ended for this product');
  });
});

describe('closing an auction', () => {
  it('gives the winner an order awaiting payment and tells the seller', async () => {
    const { seller, stream, productId } = await auctionOf({ startingBid: 5000, durationSeconds: 30 });
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');
    await bid(t.app, ada.auth, stream._id, productId, 5000);
    await bid(t.app, ben.auth, stream._id, productId, 7500);
    const statusOf = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/streams/${stream._id}` })).json().stream.products[0]
        .bidStatus;
    t.clock.advance(29_999);
    await t.app.auctions.tick();
    expect(await statusOf()).toBe('active');
    t.clock.advance(1);
    await t.app.auctions.tick();
    expect(await statusOf()).toBe('ended');

    const [order] = await t.db.select().from(orders).where(eq(orders.streamId, stream._id));
    expect(order).toMatchObject({
      sellerId: seller.seller.id,
      buyerId: ben.buyer.id,
      source: 'auction',
      totalKobo: 750_000,
      paymentStatus: 'awaiting_payment',
    });
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id ?? ''));
    expect(lines).toMatchObject([{ productId, productName: 'Lot 1', unitPriceKobo: 750_000, quantity: 1 }]);
    const notes = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: seller.auth });
    const sale = (notes.json().notifications as Notification[]).find((n) => n.data.orderId === order?.id);
    expect(sale).toMatchObject({
      type: 'new_order',
      title: 'Auction won',
      message: 'Ben won Lot 1 for ₦7,500.00 in your live auction. The order is awaiting payment.',
      data: { orderId: order?.id, productId },
    });
    const details = (await t.app.inject({ method: 'GET', url: `/api/streams/${stream._id}` })).json();
    expect(details.stream.products[0]).toMatchObject({
      bidStatus: 'ended',
      outcome: 'sold',
      currentBid: 7500,
      currentBidder: { _id: ben.buyer.id, name: 'Ben' },
      minimumNextBid: null,
      endsAt: null,
    });
    // A second tick finds nothing to close: one order only.
    await t.app.auctions.tick();
    expect(await t.db.select().from(orders).where(eq(orders.streamId, stream._id))).toHaveLength(1);

    const ended = await post(t.app, `/api/streams/${stream._id}/end`, seller.auth);
    expect(ended.json().stream.summary).toMatchObject({ bidsCount: 2, salesCount: 1, salesTotal: 7500 });
  });

  it('leaves a product unsold, with no order, when nobody bid or the reserve was not met', async () => {
    const { stream, seller, productId, other } = await auctionOf({ startingBid: 1000, reservePrice: 9000 });
    const ada = await buyerWithToken(t);
    await bid(t.app, ada.auth, stream._id, productId, 8000);
    t.clock.advance(30_000);
    await t.app.auctions.tick();
    await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, seller.auth, {
      productId: other,
    });
    t.clock.advance(30_000);
    await t.app.auctions.tick();
    const details = (await t.app.inject({ method: 'GET', url: `/api/streams/${stream._id}` })).json();
    expect(details.stream.products.map((p: StreamProduct) => [p.bidStatus, p.outcome])).toEqual([
      ['ended', 'unsold'],
      ['ended', 'unsold'],
    ]);
    expect(await t.db.select().from(orders).where(eq(orders.streamId, stream._id))).toEqual([]);
  });

  it('closes running auctions with the bid standing when the show ends', async () => {
    const { stream, seller, productId } = await auctionOf({ startingBid: 1000 });
    const ada = await buyerWithToken(t);
    await bid(t.app, ada.auth, stream._id, productId, 1000);
    t.clock.advance(3_000);
    await post(t.app, `/api/streams/${stream._id}/end`, seller.auth);
    const [order] = await t.db.select().from(orders).where(eq(orders.streamId, stream._id));
    expect(order).toMatchObject({ buyerId: ada.buyer.id, totalKobo: 100_000 });
  });
});
