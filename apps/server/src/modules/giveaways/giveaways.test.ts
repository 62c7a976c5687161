// Live Giveaways (issue 21): eligibility, one entry per buyer, the draw (job, idempotent, recorded
// and verifiable), the winner's ₦0 order, BOLA, and the socket events checked by the contracts.
import { createHash, createHmac } from 'node:crypto';
import {
  type Giveaway,
  giveawayDrawnEvent,
  giveawayEntriesEvent,
  giveawaySocketEvents,
  giveawayStartedEvent,
  type SellerGiveawaysResponse,
} from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderLines, orders, products } from '@/db/schema/index.ts';
import { drawWinner, entrantsHashOf } from '@/modules/giveaways/giveaway-draw.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  createShow,
  listen,
  nextEvent,
  openSocket,
  post,
  sellerWithProducts,
  subscribe,
} from '@/test/live.ts';
import { insertOrder } from '@/test/order-rows.ts';

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
const call = (
  method: 'GET' | 'POST' | 'DELETE',
  u: string,
  auth: Auth | Record<string, never>,
  payload?: object,
) => t.app.inject({ method, url: u, headers: auth, ...(payload ? { payload } : {}) });

/** A seller with a live show and a giveaway added to it (not started). */
async function liveShowWithGiveaway(body: Record<string, unknown> = {}) {
  const s = await sellerWithProducts(t, 1);
  const productId = s.productIds[0] as string;
  const show = await createShow(t.app, t, s.auth, [productId]);
  expect((await post(t.app, `/api/streams/${show._id}/start`, s.auth)).statusCode).toBe(200);
  const res = await post(t.app, `/api/streams/${show._id}/giveaways`, s.auth, { productId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return { s, show, productId, giveaway: res.json().giveaway as Giveaway };
}

const start = async (auth: Auth, id: string, body: object = {}) => {
  const res = await post(t.app, `/api/giveaways/${id}/start`, auth, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().giveaway as Giveaway;
};
const enter = (auth: Auth | Record<string, never>, id: string) =>
  post(t.app, `/api/giveaways/${id}/entries`, auth);

describe('adding and starting a giveaway', () => {
  it('adds a product with its quantity, 5 minutes and everyone by default; starting publishes only the seed’s hash', async () => {
    const { s, giveaway } = await liveShowWithGiveaway({ quantity: 2 });
    expect(giveaway).toMatchObject({
      status: 'scheduled',
      quantity: 2,
      durationSeconds: 300,
      audience: 'everyone',
      delivery: 'buyer_pays',
      record: null,
    });
    const started = await start(s.auth, giveaway.id);
    expect(started.status).toBe('running');
    expect(new Date(started.endsAt ?? 0).getTime() - t.clock.now().getTime()).toBe(300_000);
    expect(started.record?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(started.record?.seed).toBeNull();
    const jobs = await t.jobs.list();
    expect(jobs.find((j) => j.key === `giveaway:${giveaway.id}:draw`)?.runAt.toISOString()).toBe(
      started.endsAt,
    );
  });

  it('runs one giveaway at a time and only in a live show', async () => {
    const s = await sellerWithProducts(t, 1);
    const productId = s.productIds[0] as string;
    const show = await createShow(t.app, t, s.auth, [productId]);
    const a = (await post(t.app, `/api/streams/${show._id}/giveaways`, s.auth, { productId })).json()
      .giveaway;
    const b = (await post(t.app, `/api/streams/${show._id}/giveaways`, s.auth, { productId })).json()
      .giveaway;
    const early = await post(t.app, `/api/giveaways/${a.id}/start`, s.auth, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Start the show before running a giveaway');
    await post(t.app, `/api/streams/${show._id}/start`, s.auth);
    await start(s.auth, a.id);
    const second = await post(t.app, `/api/giveaways/${b.id}/start`, s.auth, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Another giveaway is running; wait for its draw');
  });

  it('refuses a product of another seller, and a variant the product does not have', async () => {
    const { s, show } = await liveShowWithGiveaway();
    const other = await sellerWithProducts(t, 1);
    const res = await post(t.app, `/api/streams/${show._id}/giveaways`, s.auth, {
      productId: other.productIds[0],
    });
    expect(res.statusCode).toBe(404);
    const variant = await post(t.app, `/api/streams/${show._id}/giveaways`, s.auth, {
      productId: s.productIds[0],
      variant: [{ name: 'Size', value: 'M' }],
    });
    expect(variant.statusCode).toBe(400);
  });
});

describe('entering', () => {
  it('lets everyone in once: a second entry from the same account is refused and not counted', async () => {
    const { s, giveaway } = await liveShowWithGiveaway();
    await start(s.auth, giveaway.id);
    const ada = await buyerWithToken(t, 'Ada');
    const first = await enter(ada.auth, giveaway.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ entered: true, entrantsCount: 1 });
    const again = await enter(ada.auth, giveaway.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already entered this giveaway');
    const bola = await buyerWithToken(t, 'Bola');
    // Many at once from one account still count once (the primary key decides).
    const burst = await Promise.all([1, 2, 3, 4].map(() => enter(bola.auth, giveaway.id)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const entry = await call('GET', `/api/giveaways/${giveaway.id}/entry`, bola.auth);
    expect(entry.json()).toMatchObject({ entered: true, won: false, entrantsCount: 2 });
  });

  it('followers only: a buyer who does not follow the store is refused until they follow', async () => {
    const { s, giveaway } = await liveShowWithGiveaway({ audience: 'followers' });
    await start(s.auth, giveaway.id);
    const ada = await buyerWithToken(t, 'Ada');
    const refused = await enter(ada.auth, giveaway.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Only followers of this store/);
    const follow = await t.app.inject({
      method: 'PUT',
      url: `/api/buyer/stores/${s.seller.id}/follow`,
      headers: ada.auth,
    });
    expect(follow.statusCode, follow.body).toBeLessThan(300);
    expect((await enter(ada.auth, giveaway.id)).statusCode).toBe(200);
  });

  it('buyers in this show: only a buyer with an order of this show (not cancelled) may enter', async () => {
    const { s, show, giveaway } = await liveShowWithGiveaway();
    await start(s.auth, giveaway.id, { audience: 'buyers' });
    const [bought, cancelled, elsewhere] = await Promise.all([
      buyerWithToken(t, 'Bought'),
      buyerWithToken(t, 'Cancelled'),
      buyerWithToken(t, 'Elsewhere'),
    ]);
    await insertOrder(t.db, { sellerId: s.seller.id, buyerId: bought.buyer.id, streamId: show._id });
    await insertOrder(t.db, {
      sellerId: s.seller.id,
      buyerId: cancelled.buyer.id,
      streamId: show._id,
      fulfilment: 'cancelled',
    });
    await insertOrder(t.db, { sellerId: s.seller.id, buyerId: elsewhere.buyer.id, streamId: null });
    expect((await enter(bought.auth, giveaway.id)).statusCode).toBe(200);
    const no = await enter(cancelled.auth, giveaway.id);
    expect(no.statusCode).toBe(403);
    expect(no.json().message).toBe('Only buyers who bought in this show can enter this giveaway');
    expect((await enter(elsewhere.auth, giveaway.id)).statusCode).toBe(403);
  });

  it('closes at the end time, and refuses a seller token or none', async () => {
    const { s, giveaway } = await liveShowWithGiveaway({ durationSeconds: 60 });
    await start(s.auth, giveaway.id);
    expect((await enter(s.auth, giveaway.id)).statusCode).toBe(401);
    expect((await enter({}, giveaway.id)).statusCode).toBe(401);
    t.clock.advance(60_000);
    const late = await enter((await buyerWithToken(t)).auth, giveaway.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This giveaway has closed');
  });
});

describe('the draw', () => {
  it('draws at the end time by its job, once; the record verifies; the winner has a ₦0 order and the seller a notification', async () => {
    const { s, show, productId, giveaway } = await liveShowWithGiveaway({
      durationSeconds: 120,
      delivery: 'free',
    });
    const [before] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    await start(s.auth, giveaway.id);
    const buyers = await Promise.all(['Ada', 'Bola', 'Chidi'].map((n) => buyerWithToken(t, n)));
    for (const b of buyers) expect((await enter(b.auth, giveaway.id)).statusCode).toBe(200);

    // Not yet due: nothing happens.
    t.clock.advance(60_000);
    await t.jobs.runDue();
    expect((await call('GET', `/api/streams/${show._id}/giveaways`, {})).json().giveaways[0].status).toBe(
      'running',
    );

    t.clock.advance(60_000);
    await t.jobs.runDue();
    const [drawn] = (await call('GET', `/api/streams/${show._id}/giveaways`, {})).json()
      .giveaways as Giveaway[];
    expect(drawn?.status).toBe('drawn');
    const record = drawn?.record;
    if (!record?.seed || record.winnerIndex === null || !drawn?.winner) throw new Error('no record');

    // Anyone can check it: the seed's 32 bytes hash to the hash published at the start (as the
    // browser's check, features/giveaways/verify-draw.ts, computes it), and the index follows.
    expect(createHash('sha256').update(Buffer.from(record.seed, 'hex')).digest('hex')).toBe(record.seedHash);
    const ids = buyers.map((b) => b.buyer.id);
    expect(record.entrantsHash).toBe(entrantsHashOf(ids));
    const mac = createHmac('sha256', Buffer.from(record.seed, 'hex'))
      .update(record.entrantsHash ?? '')
      .digest('hex');
    const index = Number(BigInt(`0x${mac}`) % 3n);
    expect(record.winnerIndex).toBe(index);
    expect([...ids].sort()[index]).toBe(drawn.winner._id);

    // The winner's order: items at ₦0, free delivery, stock taken as for any order.
    const winner = buyers.find((b) => b.buyer.id === drawn.winner?._id);
    if (!winner) throw new Error('winner is not an entrant');
    const entry = (await call('GET', `/api/giveaways/${giveaway.id}/entry`, winner.auth)).json();
    expect(entry).toMatchObject({ entered: true, won: true });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, entry.orderId));
    expect(order).toMatchObject({
      source: 'giveaway',
      buyerId: winner.buyer.id,
      sellerId: s.seller.id,
      streamId: show._id,
      subtotalKobo: 0,
      totalKobo: 0,
      deliveryFree: true,
    });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, entry.orderId));
    expect(lines).toMatchObject([{ productId, unitPriceKobo: 0, quantity: 1 }]);
    const [after] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    expect(after?.stock).toBe((before?.stock ?? 0) - 1);
    const notes = await t.db.select().from(notifications).where(eq(notifications.sellerId, s.seller.id));
    expect(notes.some((n) => n.title === 'Giveaway won')).toBe(true);
    const loser = buyers.find((b) => b !== winner);
    if (!loser) throw new Error('no loser');
    expect((await call('GET', `/api/giveaways/${giveaway.id}/entry`, loser.auth)).json()).toMatchObject({
      won: false,
      orderId: null,
    });

    // The job again (a retry, a second node): nothing changes, no second order.
    await t.app.giveaways.drawDue(giveaway.id);
    const again = await t.app.giveaways.drawDue(giveaway.id);
    expect(again).toBeNull();
    const all = await t.db.select().from(orders).where(eq(orders.streamId, show._id));
    expect(all.filter((o) => o.source === 'giveaway')).toHaveLength(1);
  });

  it('two nodes drawing the same giveaway at once make one order', async () => {
    const { s, show, giveaway } = await liveShowWithGiveaway({ durationSeconds: 30 });
    await start(s.auth, giveaway.id);
    for (const n of ['A', 'B']) await enter((await buyerWithToken(t, n)).auth, giveaway.id);
    t.clock.advance(30_000);
    const results = await Promise.all([
      t.app.giveaways.drawDue(giveaway.id),
      t.app.giveaways.drawDue(giveaway.id),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const made = await t.db.select().from(orders).where(eq(orders.streamId, show._id));
    expect(made).toHaveLength(1);
  });

  it('with nobody in, ends with no winner and no order', async () => {
    const { s, giveaway } = await liveShowWithGiveaway({ durationSeconds: 30 });
    await start(s.auth, giveaway.id);
    t.clock.advance(30_000);
    await t.jobs.runDue();
    const list = (await call('GET', '/api/giveaways', s.auth)).json() as SellerGiveawaysResponse;
    expect(list.giveaways[0]).toMatchObject({ status: 'no_entrants', winner: null, orderId: null });
  });

  it('the same seed and entrants always give the same winner, whatever order they entered in', () => {
    const seed = 'ab'.repeat(32);
    const ids = Array.from(
      { length: 50 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const a = drawWinner(seed, ids);
    const b = drawWinner(seed, [...ids].reverse());
    expect(b).toEqual(a);
  });
});

describe('viewers see it live', () => {
  it('sends giveaway_started, giveaway_entries and giveaway_drawn to the show’s room, valid by the contracts', async () => {
    const { s, show, giveaway } = await liveShowWithGiveaway({ durationSeconds: 30 });
    const viewer = openSocket(url, undefined, sockets);
    await subscribe(viewer, show._id);
    const started = nextEvent<unknown>(viewer, giveawaySocketEvents.started);
    await start(s.auth, giveaway.id);
    expect(giveawayStartedEvent.parse(await started).giveaway.id).toBe(giveaway.id);
    const counted = nextEvent<unknown>(viewer, giveawaySocketEvents.entries);
    const ada = await buyerWithToken(t, 'Ada');
    await enter(ada.auth, giveaway.id);
    expect(giveawayEntriesEvent.parse(await counted)).toMatchObject({
      giveawayId: giveaway.id,
      entrantsCount: 1,
    });
    const drawn = nextEvent<unknown>(viewer, giveawaySocketEvents.drawn);
    t.clock.advance(30_000);
    await t.jobs.runDue();
    const event = giveawayDrawnEvent.parse(await drawn);
    expect(event.giveaway.winner).toEqual({ _id: ada.buyer.id, name: 'Ada' });
    expect(event.giveaway.record?.seed).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('isolation (BOLA)', () => {
  it('seller B cannot add to, start, draw, remove or list seller A’s giveaways; a buyer cannot run one', async () => {
    const { s, show, giveaway } = await liveShowWithGiveaway();
    const b = await sellerWithProducts(t, 1);
    const buyer = await buyerWithToken(t);
    const add = await post(t.app, `/api/streams/${show._id}/giveaways`, b.auth, {
      productId: b.productIds[0],
    });
    expect(add.statusCode).toBe(404);
    for (const who of [b.auth, buyer.auth, {}]) {
      const started = await post(t.app, `/api/giveaways/${giveaway.id}/start`, who, {});
      expect([401, 404]).toContain(started.statusCode);
      expect([401, 404]).toContain((await post(t.app, `/api/giveaways/${giveaway.id}/draw`, who)).statusCode);
      expect([401, 404]).toContain((await call('DELETE', `/api/giveaways/${giveaway.id}`, who)).statusCode);
    }
    const listB = (await call('GET', '/api/giveaways', b.auth)).json() as SellerGiveawaysResponse;
    expect(listB.giveaways.map((g) => g.id)).not.toContain(giveaway.id);
    expect((await call('GET', '/api/giveaways', buyer.auth)).statusCode).toBe(401);
    // A's own still works: nothing above changed it.
    const mine = (await call('GET', '/api/giveaways', s.auth)).json() as SellerGiveawaysResponse;
    expect(mine.giveaways.find((g) => g.id === giveaway.id)?.status).toBe('scheduled');
  });
});
