// Pre-bids and max bids through the app (issue 21): rules in proxy-rules.property.test.ts.
import {
  myMaxBidsResponse,
  type StreamNotification,
  setMaxBidResponse,
  streamNotification,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bids, orders } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { bid, collect, createAuction, listen, openSocket, post, productsOf, subscribe } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { waitFor } from '@/test/wait-for.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t.close());

type Auth = { authorization: string };

const setMax = (auth: Auth | Record<string, never>, streamId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/streams/${streamId}/max-bids`, headers: auth, payload: body });
const mine = (auth: Auth | Record<string, never>, streamId: string) =>
  t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/max-bids/mine`, headers: auth });

/** A scheduled auction of two products (₦1,000 start, 30 s), not started. */
async function scheduled() {
  const seller = await sellerWithToken(t);
  const productIds = await productsOf(t, seller.seller.id, 2);
  const stream = await createAuction(t.app, t, seller.auth, productIds, {
    startingBid: 1000,
    durationSeconds: 30,
    counterBidSeconds: 10,
  });
  return { seller, stream, productId: productIds[0] as string, other: productIds[1] as string };
}

async function goLive(show: Awaited<ReturnType<typeof scheduled>>) {
  expect((await post(t.app, `/api/streams/${show.stream._id}/start`, show.seller.auth)).statusCode).toBe(200);
  const activated = await post(
    t.app,
    `/api/streams/${show.stream._id}/activate-product-bidding`,
    show.seller.auth,
    {
      productId: show.productId,
    },
  );
  expect(activated.statusCode, activated.body).toBe(200);
  return activated.json().product;
}

const storedBids = (streamId: string) =>
  t.db
    .select({ buyerId: bids.buyerId, amountKobo: bids.amountKobo })
    .from(bids)
    .where(and(eq(bids.streamId, streamId)))
    .orderBy(asc(bids.createdAt), asc(bids.amountKobo));

describe('pre-bids', () => {
  it('are taken before the show and enter as max bids when bidding opens: the higher leads at one increment over the other', async () => {
    const show = await scheduled();
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');

    const a = await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 3000 });
    expect(a.statusCode, a.body).toBe(200);
    expect(setMaxBidResponse.parse(a.json())).toMatchObject({
      message: 'Pre-bid placed',
      maxBid: { maxBid: 3000, status: 'pre_bid', winning: false },
      product: { currentBid: null, bidsCount: 0 },
    });
    expect(
      (await setMax(ben.auth, show.stream._id, { productId: show.productId, maxBid: 2000 })).statusCode,
    ).toBe(200);
    const low = await setMax(ben.auth, show.stream._id, { productId: show.other, maxBid: 999 });
    expect(low.statusCode).toBe(409);
    expect(low.json()).toEqual({ message: 'Set a max bid of at least ₦1,000.00', minimumMaxBid: 1000 });

    const product = await goLive(show);
    // Ben's proxy went to his ₦2,000; Ada's answered one ₦100 step above it.
    expect(product).toMatchObject({
      currentBid: 2100,
      currentBidder: { _id: ada.buyer.id, name: 'Ada' },
      minimumNextBid: 2200,
      bidsCount: 2,
    });
    expect(await storedBids(show.stream._id)).toEqual([
      { buyerId: ben.buyer.id, amountKobo: 2000_00 },
      { buyerId: ada.buyer.id, amountKobo: 2100_00 },
    ]);
    const adaMine = myMaxBidsResponse.parse((await mine(ada.auth, show.stream._id)).json());
    expect(adaMine.maxBids).toEqual([
      expect.objectContaining({ productId: show.productId, maxBid: 3000, status: 'active', winning: true }),
    ]);
    const benMine = myMaxBidsResponse.parse((await mine(ben.auth, show.stream._id)).json());
    expect(benMine.maxBids).toEqual([expect.objectContaining({ maxBid: 2000, winning: false })]);
  });

  it('ties go to the earlier pre-bid, at the tied amount', async () => {
    const show = await scheduled();
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');
    await setMax(ben.auth, show.stream._id, { productId: show.productId, maxBid: 2500 });
    await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 2500 });
    const product = await goLive(show);
    expect(product).toMatchObject({ currentBid: 2500, currentBidder: { _id: ben.buyer.id } });
  });

  it('a lone pre-bid opens at the starting bid', async () => {
    const show = await scheduled();
    const ada = await buyerWithToken(t, 'Ada');
    await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 9000 });
    expect(await goLive(show)).toMatchObject({ currentBid: 1000, currentBidder: { _id: ada.buyer.id } });
  });
});

describe('max bids during an auction', () => {
  it('outbid a manual bidder automatically, by the increment, and never past the max', async () => {
    const show = await scheduled();
    await goLive(show);
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');
    expect((await bid(t.app, ben.auth, show.stream._id, show.productId, 1000)).statusCode).toBe(200);

    const max = await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 1500 });
    expect(max.statusCode, max.body).toBe(200);
    expect(max.json()).toMatchObject({
      message: 'Max bid set',
      maxBid: { maxBid: 1500, status: 'active', winning: true },
      product: { currentBid: 1100, currentBidder: { _id: ada.buyer.id } },
    });

    // Ben bids by hand: Ada's max answers at once.
    const manual = await bid(t.app, ben.auth, show.stream._id, show.productId, 1300);
    expect(manual.statusCode).toBe(200);
    expect(manual.json().product).toMatchObject({ currentBid: 1400, currentBidder: { _id: ada.buyer.id } });

    // Equal to Ada's max: the earlier max wins at that amount, and Ben is told why.
    const tie = await bid(t.app, ben.auth, show.stream._id, show.productId, 1500);
    expect(tie.statusCode).toBe(409);
    expect(tie.json()).toEqual({
      message: 'An earlier max bid already covers ₦1,500.00. Bid at least ₦1,600.00',
      minimumNextBid: 1600,
    });

    // Past her max: Ben leads and Ada's proxy stops.
    const over = await bid(t.app, ben.auth, show.stream._id, show.productId, 1600);
    expect(over.json().product).toMatchObject({ currentBid: 1600, currentBidder: { _id: ben.buyer.id } });
    expect((await mine(ada.auth, show.stream._id)).json().maxBids[0]).toMatchObject({ winning: false });

    const amounts = (await storedBids(show.stream._id)).map((b) => b.amountKobo / 100);
    expect(amounts).toEqual([1000, 1100, 1300, 1400, 1500, 1600]);

    // The clock runs out: one winner, at the last bid.
    t.clock.advance(60_000);
    await t.app.auctions.tick();
    const [order] = await t.db.select().from(orders).where(eq(orders.streamId, show.stream._id));
    expect(order).toMatchObject({ buyerId: ben.buyer.id, totalKobo: 1600_00 });
  });

  it('validates: at least the minimum next bid, only raised, whole kobo, an open product', async () => {
    const show = await scheduled();
    await goLive(show);
    const ada = await buyerWithToken(t);
    const ben = await buyerWithToken(t);
    await bid(t.app, ben.auth, show.stream._id, show.productId, 1000);
    const low = await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 1050 });
    expect(low.statusCode).toBe(409);
    expect(low.json()).toEqual({ message: 'Set a max bid of at least ₦1,100.00', minimumMaxBid: 1100 });
    expect(
      (await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 2000 })).statusCode,
    ).toBe(200);
    const lower = await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 1800 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe('Your max bid is ₦2,000.00. A new one must be higher');
    const raised = await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 2500 });
    expect(raised.json()).toMatchObject({
      maxBid: { maxBid: 2500, winning: true },
      product: { currentBid: 1100 },
    });

    for (const body of [
      { productId: show.productId, maxBid: 10.005 },
      { productId: show.productId, maxBid: -5 },
      { productId: 'nope', maxBid: 100 },
      { productId: show.productId, maxBid: 2000, extra: 1 },
    ]) {
      const res = await setMax(ada.auth, show.stream._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const unknown = await setMax(ada.auth, show.stream._id, {
      productId: '00000000-0000-4000-8000-000000000000',
      maxBid: 5000,
    });
    expect(unknown.statusCode).toBe(404);

    t.clock.advance(60_000);
    const late = await setMax(ben.auth, show.stream._id, { productId: show.productId, maxBid: 9000 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Bidding has ended for this product');
  });

  it('keeps each buyer’s max private: nobody else reads it, sellers and strangers cannot set one', async () => {
    const show = await scheduled();
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');
    await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 7777 });
    expect((await mine(ben.auth, show.stream._id)).json()).toEqual({ maxBids: [] });
    expect((await mine({}, show.stream._id)).statusCode).toBe(401);
    expect((await mine(show.seller.auth, show.stream._id)).statusCode).toBe(401);
    // The show's own seller may not bid in their show, with a max either.
    expect(
      (await setMax(show.seller.auth, show.stream._id, { productId: show.productId, maxBid: 5000 }))
        .statusCode,
    ).toBe(401);
    expect((await setMax({}, show.stream._id, { productId: show.productId, maxBid: 5000 })).statusCode).toBe(
      401,
    );
    // Nothing public shows the amount.
    await goLive(show);
    const details = await t.app.inject({ method: 'GET', url: `/api/streams/${show.stream._id}` });
    expect(details.body).not.toContain('7777');
    expect(details.body).not.toContain('777700');
  });

  it('tells the room each bid a max places, as new_bid validated by the contract, without the max', async () => {
    const show = await scheduled();
    await goLive(show);
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');
    const viewer = openSocket(url, undefined, sockets);
    await subscribe(viewer, show.stream._id);
    const seen = collect<StreamNotification>(viewer, streamSocketEvents.notification);
    await bid(t.app, ben.auth, show.stream._id, show.productId, 1000);
    const set = await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 4321 });
    expect(set.statusCode, set.body).toBe(200);
    await waitFor(() => seen.filter((n) => n.type === 'new_bid').length === 2);
    for (const n of seen) streamNotification.parse(n);
    const last = seen.at(-1);
    expect(last).toMatchObject({
      type: 'new_bid',
      data: { bidAmount: 1100, currentBidder: { _id: ada.buyer.id, name: 'Ada' }, minimumNextBid: 1200 },
    });
    expect(JSON.stringify(seen)).not.toContain('4321');
  });

  it('anti-sniping applies to a proxy bid in the last seconds', async () => {
    const show = await scheduled();
    await goLive(show);
    const ada = await buyerWithToken(t);
    const ben = await buyerWithToken(t);
    await setMax(ada.auth, show.stream._id, { productId: show.productId, maxBid: 5000 });
    t.clock.advance(25_000);
    const manual = await bid(t.app, ben.auth, show.stream._id, show.productId, 1500);
    // Ada's proxy answered with 5 s left: the clock is back at the counter-bid time (10 s).
    expect(manual.json().product).toMatchObject({
      currentBidder: { _id: ada.buyer.id },
      endsAt: new Date(t.clock.now().getTime() + 10_000).toISOString(),
    });
  });
});
