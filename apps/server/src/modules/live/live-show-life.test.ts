import { STREAM_MESSAGES, type Stream } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  bid,
  createAuction,
  createShow,
  liveAuction,
  post,
  sellerWithProducts as sellerWithProductsOf,
} from '@/test/live.ts';
import { insertOrder, type OrderSpec } from '@/test/order-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://kasuwa.example.ng' });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const inOneHour = () => new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
const get = (url: string, auth: Auth | Record<string, never> = {}) =>
  t.app.inject({ method: 'GET', url, headers: auth });

const sellerWithProducts = (count = 2) => sellerWithProductsOf(t, count);

describe('a show’s life: start, join, renew, end, details', () => {
  it('goes live, hands the studio its stream and tokens, ends with a summary', async () => {
    const a = await sellerWithProducts(1);
    const stream = await createShow(t.app, t, a.auth, a.productIds, {
      scheduledStartTime: undefined,
      startImmediately: true,
    });

    const before = await get(`/api/streams/${stream._id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().stream).toMatchObject({ status: 'scheduled', agoraToken: null });

    const started = await post(t.app, `/api/streams/${stream._id}/start`, a.auth);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      message: STREAM_MESSAGES.started,
      stream: { status: 'live', actualStartTime: t.clock.now().toISOString() },
    });
    const again = await post(t.app, `/api/streams/${stream._id}/start`, a.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This show is already live');

    const joined = await post(t.app, `/api/streams/${stream._id}/join-seller`, a.auth);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data.stream).toMatchObject({ _id: stream._id, status: 'live' });
    expect(joined.json().data.stream.agoraToken).toEqual(expect.any(String));

    const renewed = await get(`/api/streams/${stream._id}/renew-token`, a.auth);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({ success: true, token: expect.any(String) });

    // Public details: no token needed; the local provider needs no viewer token.
    const details = await get(`/api/streams/${stream._id}`);
    expect(details.json().stream).toMatchObject({
      status: 'live',
      agoraToken: null,
      watchUrl: expect.any(String),
    });

    t.clock.advance(44 * 60_000 + 31_000);
    const ended = await post(t.app, `/api/streams/${stream._id}/end`, a.auth);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      message: STREAM_MESSAGES.ended,
      stream: {
        status: 'ended',
        agoraToken: null,
        endedAt: t.clock.now().toISOString(),
        summary: { durationMinutes: 45, peakViewers: 0, bidsCount: 0, salesCount: 0, salesTotal: 0 },
      },
    });
    const endAgain = await post(t.app, `/api/streams/${stream._id}/end`, a.auth);
    expect(endAgain.statusCode).toBe(409);
    expect(endAgain.json().message).toBe('This show has already ended');
    expect((await get(`/api/streams/${stream._id}/renew-token`, a.auth)).statusCode).toBe(409);
    expect((await post(t.app, `/api/streams/${stream._id}/start`, a.auth)).json().message).toBe(
      'This show has ended',
    );
  });

  it("counts a show's sales from its orders, as its past show page does: all but the cancelled", async () => {
    const a = await sellerWithProducts(1);
    const stream = await createShow(t.app, t, a.auth, a.productIds, {
      scheduledStartTime: undefined,
      startImmediately: true,
    });
    const other = await createShow(t.app, t, a.auth, a.productIds);
    await post(t.app, `/api/streams/${stream._id}/start`, a.auth);
    const buyerId = (await buyerWithToken(t)).buyer.id;
    const order = (over: Partial<OrderSpec>, priceKobo: number) =>
      insertOrder(t.db, {
        sellerId: a.seller.id,
        buyerId,
        streamId: stream._id,
        deliveryFeeKobo: 150_000,
        lines: [{ name: 'Lot 1', priceKobo }],
        ...over,
      });
    await order({ source: 'buy_now' }, 2_000_000);
    await order({ source: 'auction', payment: 'awaiting_payment' }, 750_000);
    await order({ source: 'buy_now', payment: 'partially_refunded' }, 100_000);
    await order({ source: 'giveaway' }, 0);
    await order({ source: 'buy_now', fulfilment: 'cancelled' }, 900_000);
    await order({ source: 'buy_now', payment: 'refunded' }, 800_000);
    await order({ source: 'buy_now', streamId: other._id }, 500_000);

    const ended = await post(t.app, `/api/streams/${stream._id}/end`, a.auth);
    expect(ended.json().stream.summary).toMatchObject({ salesCount: 5, salesTotal: 36_500 });
    const details = await get(`/api/streams/${stream._id}`);
    expect(details.json().stream.summary).toMatchObject({ salesCount: 5, salesTotal: 36_500 });
    // The same figures as the show's own page.
    const page = await get(`/api/streams/${stream._id}/summary`, a.auth);
    expect(page.statusCode).toBe(200);
    expect(page.json().summary).toMatchObject({ orders: 5, sales: 36_500 });
  });

  it('refuses to end a show that never went live', async () => {
    const a = await sellerWithProducts(0);
    const stream = await createShow(t.app, t, a.auth);
    const res = await post(t.app, `/api/streams/${stream._id}/end`, a.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This show is not live');
  });

  it('answers 404 for an unknown show and 400 for a malformed id', async () => {
    expect((await get('/api/streams/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/streams/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('POST /api/streams/reschedule-expired', () => {
  it('gives an expired show a new time; only expired shows, only future times', async () => {
    const a = await sellerWithProducts(0);
    const stream = await createShow(t.app, t, a.auth, [], {
      scheduledStartTime: new Date(t.clock.now().getTime() + 5 * 60_000).toISOString(),
    });
    const reschedule = (newScheduledStartTime: string) =>
      post(t.app, '/api/streams/reschedule-expired', a.auth, { streamId: stream._id, newScheduledStartTime });

    const early = await reschedule(inOneHour());
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only an expired show can be rescheduled');

    t.clock.advance(36 * 60_000);
    const start = await post(t.app, `/api/streams/${stream._id}/start`, a.auth);
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe('This show has expired. Reschedule it to go live.');
    expect((await reschedule(new Date(t.clock.now().getTime() - 1000).toISOString())).statusCode).toBe(400);

    const when = inOneHour();
    const res = await reschedule(when);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: STREAM_MESSAGES.rescheduled,
      stream: { status: 'scheduled', scheduledStartTime: new Date(when).toISOString() },
    });
    expect((await post(t.app, `/api/streams/${stream._id}/start`, a.auth)).statusCode).toBe(200);
  });
});

describe('POST /api/streams/{id}/activate-product-bidding', () => {
  it('opens bidding with the clock at the product’s duration', async () => {
    const a = await sellerWithProducts(1);
    const stream = await createAuction(t.app, t, a.auth, a.productIds, {
      startingBid: 2500,
      durationSeconds: 45,
    });
    const early = await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, a.auth, {
      productId: a.productIds[0],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Start the show before activating bidding');

    await post(t.app, `/api/streams/${stream._id}/start`, a.auth);
    const res = await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, a.auth, {
      productId: a.productIds[0],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: STREAM_MESSAGES.activated,
      product: {
        product: { productId: a.productIds[0] },
        bidStatus: 'active',
        endsAt: new Date(t.clock.now().getTime() + 45_000).toISOString(),
        minimumNextBid: 2500,
      },
    });
    const twice = await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, a.auth, {
      productId: a.productIds[0],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Bidding is already active for this product');
    const unknown = await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, a.auth, {
      productId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('ends every other active product when bidding is activated: the bid standing wins', async () => {
    const a = await sellerWithProducts(2);
    const stream = await liveAuction(t.app, t, a.auth, a.productIds, { startingBid: 1000 });
    const ada = await buyerWithToken(t, 'Ada');
    expect((await bid(t.app, ada.auth, stream._id, a.productIds[0] as string, 1000)).statusCode).toBe(200);
    t.clock.advance(5_000);
    const next = await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, a.auth, {
      productId: a.productIds[1],
    });
    expect(next.statusCode).toBe(200);
    const details = (await get(`/api/streams/${stream._id}`)).json().stream as Stream;
    expect(details.products.map((p) => [p.bidStatus, p.outcome])).toEqual([
      ['ended', 'sold'],
      ['active', null],
    ]);
    expect(details.products[0]?.currentBidder).toEqual({ _id: ada.buyer.id, name: 'Ada' });
  });

  it('re-runs an unsold product from scratch but never a sold one', async () => {
    const a = await sellerWithProducts(2);
    const stream = await liveAuction(t.app, t, a.auth, a.productIds, {
      startingBid: 1000,
      reservePrice: 50000,
    });
    const [first, second] = a.productIds as [string, string];
    const ada = await buyerWithToken(t, 'Ada');
    await bid(t.app, ada.auth, stream._id, first, 1000);
    t.clock.advance(31_000);
    await t.app.auctions.tick();
    const activate = (productId: string) =>
      post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, a.auth, { productId });
    // The reserve was not met: unsold, so it can run again, with no bids.
    const rerun = await activate(first);
    expect(rerun.statusCode).toBe(200);
    expect(rerun.json().product).toMatchObject({ bidsCount: 0, currentBid: null, minimumNextBid: 1000 });
    // The same amount is a new bid in the new round.
    expect((await bid(t.app, ada.auth, stream._id, first, 1000)).statusCode).toBe(200);
    await activate(second);
    const res = await bid(t.app, ada.auth, stream._id, second, 60000);
    expect(res.statusCode).toBe(200);
    t.clock.advance(31_000);
    await t.app.auctions.tick();
    const sold = await activate(second);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe('This product has already been sold');
  });

  it('is only for live auctions', async () => {
    const a = await sellerWithProducts(1);
    const show = await createShow(t.app, t, a.auth, a.productIds, {
      startImmediately: true,
      scheduledStartTime: undefined,
    });
    await post(t.app, `/api/streams/${show._id}/start`, a.auth);
    const res = await post(t.app, `/api/streams/${show._id}/activate-product-bidding`, a.auth, {
      productId: a.productIds[0],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Bidding is only for live auctions');
  });
});

describe('another seller’s show (BOLA)', () => {
  it('answers 404 to seller B for every action on seller A’s show', async () => {
    const a = await sellerWithProducts(1);
    const b = await sellerWithProducts(1);
    const stream = await createAuction(t.app, t, a.auth, a.productIds);
    const attempts = [
      post(t.app, `/api/streams/${stream._id}/start`, b.auth),
      post(t.app, `/api/streams/${stream._id}/end`, b.auth),
      post(t.app, `/api/streams/${stream._id}/join-seller`, b.auth),
      post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, b.auth, {
        productId: a.productIds[0],
      }),
      post(t.app, '/api/streams/reschedule-expired', b.auth, {
        streamId: stream._id,
        newScheduledStartTime: inOneHour(),
      }),
      get(`/api/streams/${stream._id}/renew-token`, b.auth),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Stream not found');
    }
    // Nothing changed.
    expect((await get(`/api/streams/${stream._id}`)).json().stream.status).toBe('scheduled');
  });

  it('refuses a buyer token on the seller actions (401)', async () => {
    const a = await sellerWithProducts(1);
    const buyer = await buyerWithToken(t);
    const stream = await createAuction(t.app, t, a.auth, a.productIds);
    await post(t.app, `/api/streams/${stream._id}/start`, a.auth);
    for (const res of [
      await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, buyer.auth, {
        productId: a.productIds[0],
      }),
      await post(t.app, `/api/streams/${stream._id}/end`, buyer.auth),
      await post(t.app, `/api/streams/${stream._id}/start`, buyer.auth),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('deleting a product that is in a show', () => {
  it('is refused while the show is scheduled or live, and allowed once it has ended', async () => {
    const a = await sellerWithProducts(1);
    const [productId] = a.productIds as [string];
    const stream = await createAuction(t.app, t, a.auth, [productId]);
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/products/${productId}`, headers: a.auth });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This product is in a scheduled or live show. You can delete it once the show has ended.',
    );
    await post(t.app, `/api/streams/${stream._id}/start`, a.auth);
    expect((await remove()).statusCode).toBe(409);
    await post(t.app, `/api/streams/${stream._id}/end`, a.auth);
    expect((await remove()).statusCode).toBe(200);
    expect(await t.db.select().from(products).where(eq(products.id, productId))).toEqual([]);
    // The past show still names what it offered.
    const past = (await get(`/api/streams/${stream._id}`)).json().stream as Stream;
    expect(past.products[0]?.product.name).toBe('Lot 1');
  });
});
