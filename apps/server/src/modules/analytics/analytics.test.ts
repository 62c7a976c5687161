// size: one seeded seller's figures, the rollups' recomputation and the distinct-buyers property share one setup
import type { AnalyticsResponse } from '@kasuwa/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { productsOf } from '@/test/live.ts';
import { insertOrder, insertShow } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

// Lagos is UTC+1: 2026-03-10T12:00Z is Lagos day 2026-03-10. "7d" is 03-04..03-10, compared with
// 02-25..03-03. 23:30Z on 03-03 is 00:30 on 03-04 in Lagos (this period); 22:30Z is still 03-03.
const NOW = new Date('2026-03-10T12:00:00Z');

let t: TestApp;
let a: Awaited<ReturnType<typeof sellerWithToken>>;
let b: Awaited<ReturnType<typeof sellerWithToken>>;
let ada: string;
let tunde: string;
let chioma: string;
let showId: string;
let unpaidId: string;
let blipId: string;

const get = async (url: string, as = a.auth) => {
  const res = await t.app.inject({ method: 'GET', url, headers: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnalyticsResponse>();
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  a = await sellerWithToken(t);
  b = await sellerWithToken(t);
  ada = (await buyerWithToken(t, 'Ada Obi')).buyer.id;
  tunde = (await buyerWithToken(t, 'Tunde Bakare')).buyer.id;
  chioma = (await buyerWithToken(t, 'Chioma Nwosu')).buyer.id;
  const s = a.seller.id;
  const show = await insertShow(t.db, s, 'Ankara Friday', new Date('2026-03-08T18:00:00Z'));
  showId = show.id;
  await t.db.execute(
    sql`UPDATE streams SET ended_at = '2026-03-08T19:00:00Z', peak_viewers = 7 WHERE id = ${showId}`,
  );

  const o1 = await insertOrder(t.db, {
    sellerId: s,
    buyerId: ada,
    createdAt: new Date('2026-03-09T10:00:00Z'),
    streamId: showId,
    buyerState: 'Lagos',
    deliveryFeeKobo: 150_000,
    lines: [{ name: 'Ankara Gown', priceKobo: 2_000_000 }],
  });
  await insertOrder(t.db, {
    sellerId: s,
    buyerId: tunde,
    createdAt: new Date('2026-03-03T23:30:00Z'),
    payment: 'pay_on_delivery_collected',
    method: 'pay_on_delivery',
    fulfilment: 'delivered',
    buyerState: 'Kano',
    lines: [{ name: 'Kaftan', priceKobo: 1_000_000, quantity: 2 }],
  });
  await insertOrder(t.db, {
    sellerId: s,
    buyerId: chioma,
    createdAt: new Date('2026-03-03T22:30:00Z'),
    buyerState: 'Lagos',
    lines: [{ name: 'Gele', priceKobo: 500_000 }],
  });
  await insertOrder(t.db, {
    sellerId: s,
    buyerId: ada,
    createdAt: new Date('2026-02-27T10:00:00Z'),
    buyerState: 'Fct',
    lines: [{ name: 'Ankara Gown', priceKobo: 1_000_000 }],
  });
  unpaidId = (
    await insertOrder(t.db, {
      sellerId: s,
      buyerId: tunde,
      createdAt: new Date('2026-03-08T10:00:00Z'),
      payment: 'awaiting_payment',
      buyerState: 'Oyo',
      lines: [{ name: 'Aso Oke Set', priceKobo: 3_000_000 }],
    })
  ).id;
  await insertOrder(t.db, {
    sellerId: s,
    buyerId: chioma,
    createdAt: new Date('2026-03-10T08:00:00Z'),
    payment: 'awaiting_payment',
    fulfilment: 'cancelled',
    lines: [{ name: 'Wrapper', priceKobo: 400_000 }],
  });
  // Another seller's big sale on the same days: never in the first seller's figures.
  await insertOrder(t.db, {
    sellerId: b.seller.id,
    buyerId: ada,
    createdAt: new Date('2026-03-09T10:00:00Z'),
    buyerState: 'Rivers',
    lines: [{ name: 'Other Seller Gown', priceKobo: 9_999_900 }],
  });
  await t.db.execute(sql`
    INSERT INTO refunds (key, order_id, seller_id, payment_reference, provider, amount_kobo, reason, status, created_at)
    VALUES ('test:r1', ${o1.id}, ${s}, 'ref-1', 'local', 500000, 'damaged', 'processed', '2026-03-09T15:00:00Z'),
           ('test:r2', ${o1.id}, ${s}, 'ref-1', 'local', 100000, 'damaged', 'failed', '2026-03-09T16:00:00Z')`);

  const view = (viewer: string, at: string, streamId?: string) =>
    t.app.analytics.recordView(t.db, {
      sellerId: s,
      viewer,
      at: new Date(at),
      ...(streamId ? { streamId } : {}),
    });
  await view(`buyer:${ada}`, '2026-03-08T18:05:00Z', showId);
  await view(`buyer:${ada}`, '2026-03-08T18:30:00Z', showId); // same viewer, same day: once
  await view(`buyer:${tunde}`, '2026-03-08T18:10:00Z', showId);
  await view('anon:z', '2026-03-08T18:20:00Z', showId);
  await view(`buyer:${ada}`, '2026-03-09T09:00:00Z');
  await view(`buyer:${tunde}`, '2026-03-03T23:10:00Z'); // Lagos 03-04
  await view(`buyer:${chioma}`, '2026-03-03T12:00:00Z');
  await view(`buyer:${ada}`, '2026-02-27T09:00:00Z');
  await t.app.analytics.recordView(t.db, { sellerId: b.seller.id, viewer: 'anon:b', at: NOW });

  const product = await t.db.execute<{ id: string }>(sql`
    INSERT INTO stream_products (stream_id, position, product_name, product_price_kobo)
    VALUES (${showId}, 0, 'Ankara Gown', 2000000) RETURNING id`);
  const sp = product.rows[0]?.id;
  await t.db.execute(sql`
    INSERT INTO bids (stream_id, stream_product_id, buyer_id, amount_kobo, round) VALUES
      (${showId}, ${sp}, ${ada}, 1000000, 1), (${showId}, ${sp}, ${tunde}, 1100000, 1), (${showId}, ${sp}, ${ada}, 1200000, 1)`);
  await t.db.execute(sql`
    INSERT INTO stream_comments (stream_id, kind, author_kind, author_id, author_name, content) VALUES
      (${showId}, 'comment', 'buyer', ${ada}, 'Ada Obi', 'How much?'),
      (${showId}, 'comment', 'buyer', ${ada}, 'Ada Obi', 'Nice'),
      (${showId}, 'announcement', 'seller', ${s}, 'Bola', 'Next lot')`);
});

// A blip of a product: Ada watched it and then bought the product; Chioma bought it unwatched.
beforeAll(async () => {
  const [productId] = await productsOf(t, a.seller.id, 1);
  if (!productId) throw new Error('no product');
  const blip = await t.db.execute<{ id: string }>(sql`
    INSERT INTO blips (seller_id, product_id, video_key, video_mime, caption, duration_ms, views_count, likes_count, created_at)
    VALUES (${a.seller.id}, ${productId}, 'v', 'video/webm', 'New lace in', 12000, 40, 6, '2026-01-05T10:00:00Z')
    RETURNING id`);
  blipId = blip.rows[0]?.id ?? '';
  await t.db.execute(sql`INSERT INTO blip_views (blip_id, viewer, counted_at)
    VALUES (${blipId}, ${`buyer:${ada}`}, '2026-01-06T10:00:00Z'), (${blipId}, 'anon:q', '2026-01-06T10:00:00Z')`);
  const lace = { name: 'Lace Fabric', priceKobo: 1_000_000, productId };
  await insertOrder(t.db, {
    sellerId: a.seller.id,
    buyerId: ada,
    createdAt: new Date('2026-01-07T10:00:00Z'),
    lines: [lace, lace],
  });
  await insertOrder(t.db, {
    sellerId: a.seller.id,
    buyerId: chioma,
    createdAt: new Date('2026-01-07T11:00:00Z'),
    lines: [lace],
  });
  await insertOrder(t.db, {
    sellerId: a.seller.id,
    buyerId: ada,
    createdAt: new Date('2026-01-08T10:00:00Z'),
    payment: 'awaiting_payment',
    lines: [lace],
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/analytics', () => {
  it('answers the 7-day figures against the 7 days before, on Lagos days', async () => {
    const r = await get('/api/analytics?range=7d');
    expect(r.period).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      days: 7,
      previousFrom: '2026-02-25',
      previousTo: '2026-03-03',
      timeZone: 'Africa/Lagos',
    });
    expect(r.figures.sales).toEqual({ current: 41_500, previous: 15_000 });
    expect(r.figures.paidOrders).toEqual({ current: 2, previous: 2 });
    expect(r.figures.orders).toEqual({ current: 4, previous: 2 });
    expect(r.figures.averageOrderValue).toEqual({ current: 20_750, previous: 7_500 });
    expect(r.figures.viewers).toEqual({ current: 5, previous: 2 });
    expect(r.figures.conversionRate).toEqual({ current: 0.4, previous: 1 });
    expect(r.figures.buyers).toEqual({ current: 2, previous: 2 });
    // Ada and Chioma first bought in January (the blip's product): returning; Tunde is new.
    expect(r.figures.newCustomers).toEqual({ current: 1, previous: 0 });
    expect(r.figures.returningCustomers).toEqual({ current: 1, previous: 2 });
    expect(r.figures.refunds).toEqual({ current: 5_000, previous: 0 });
    expect(r.figures.refundCount).toEqual({ current: 1, previous: 0 });
  });

  it('draws the charts from the same orders', async () => {
    const r = await get('/api/analytics?range=7d');
    expect(r.salesOverTime).toHaveLength(7);
    expect(r.salesOverTime[0]).toEqual({ day: '2026-03-04', sales: 20_000, orders: 1, previousSales: 0 });
    expect(r.salesOverTime.find((d) => d.day === '2026-03-09')).toEqual({
      day: '2026-03-09',
      sales: 21_500,
      orders: 1,
      previousSales: 0,
    });
    // 03-10's previous day is 03-03 (Chioma's Gele, placed 23:30 Lagos time).
    expect(r.salesOverTime[6]).toEqual({ day: '2026-03-10', sales: 0, orders: 1, previousSales: 5_000 });
    expect(r.ordersByStatus).toEqual([
      { status: 'to_pay', orders: 1 },
      { status: 'to_ship', orders: 1 },
      { status: 'delivered', orders: 1 },
      { status: 'cancelled', orders: 1 },
    ]);
    expect(r.topProducts).toEqual([
      { name: 'Kaftan', units: 2, sales: 20_000 },
      { name: 'Ankara Gown', units: 1, sales: 20_000 },
    ]);
    expect(r.salesByState).toEqual([
      { state: 'Lagos', sales: 21_500, orders: 1 },
      { state: 'Kano', sales: 20_000, orders: 1 },
    ]);
  });

  it('gives each live show its funnel: viewers, commenters, bidders, buyers, revenue per minute', async () => {
    const r = await get('/api/analytics?range=7d');
    expect(r.shows).toEqual([
      {
        id: showId,
        title: 'Ankara Friday',
        startedAt: '2026-03-08T18:00:00.000Z',
        minutes: 60,
        viewers: 3,
        commenters: 1,
        bidders: 2,
        buyers: 1,
        peakViewers: 7,
        revenue: 21_500,
        revenuePerMinute: 358.33,
      },
    ]);
    expect(r.blips).toEqual([
      {
        id: blipId,
        productName: expect.any(String),
        caption: 'New lace in',
        postedAt: '2026-01-05T10:00:00.000Z',
        views: 40,
        likes: 6,
        orders: 1,
      },
    ]);
  });

  it('answers today alone against yesterday', async () => {
    const r = await get('/api/analytics?range=today');
    expect(r.period).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-10',
      previousFrom: '2026-03-09',
      days: 1,
    });
    expect(r.figures.orders).toEqual({ current: 1, previous: 1 });
    expect(r.figures.sales).toEqual({ current: 0, previous: 21_500 });
    expect(r.figures.averageOrderValue).toEqual({ current: null, previous: 21_500 });
    expect(r.figures.conversionRate).toEqual({ current: null, previous: 1 });
  });

  it('takes a custom range and compares it with as many days before', async () => {
    const r = await get('/api/analytics?range=custom&from=2026-03-03&to=2026-03-04');
    expect(r.period).toMatchObject({ days: 2, previousFrom: '2026-03-01', previousTo: '2026-03-02' });
    expect(r.figures.sales).toEqual({ current: 25_000, previous: 0 });
    expect(r.figures.newCustomers).toEqual({ current: 1, previous: 0 });
    expect(r.figures.returningCustomers).toEqual({ current: 1, previous: 0 });
  });

  it('refuses ranges it cannot answer with 400 and a message', async () => {
    for (const url of [
      '/api/analytics?range=custom',
      '/api/analytics?range=custom&from=2026-03-04&to=2026-03-01',
      '/api/analytics?range=custom&from=2024-01-01&to=2026-01-01',
      '/api/analytics?range=7d&from=2026-03-01',
      '/api/analytics?range=week',
      '/api/analytics?range=custom&from=2026-02-30x&to=2026-03-01',
      '/api/analytics?sellerId=x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: a.auth });
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
  });

  it('needs a signed-in seller, and shows each seller only their own figures', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
    const buyer = await buyerWithToken(t);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/analytics', headers: buyer.auth })).statusCode,
    ).toBe(401);
    const r = await get('/api/analytics?range=7d', b.auth);
    expect(r.figures.sales.current).toBe(99_999);
    expect(r.figures.orders).toEqual({ current: 1, previous: 0 });
    expect(r.figures.viewers.current).toBe(1);
    expect(r.figures.refunds.current).toBe(0);
    expect(r.salesByState).toEqual([{ state: 'Rivers', sales: 99_999, orders: 1 }]);
    expect(r.shows).toEqual([]);
    expect(JSON.stringify(r)).not.toContain('Ankara');
  });
});

describe('the rollups', () => {
  it('stay equal to a recomputation from the orders as orders are paid, shipped, refunded and lined', async () => {
    await t.db.execute(
      sql`UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = ${unpaidId}`,
    );
    await t.db.execute(sql`UPDATE orders SET fulfilment_status = 'shipped' WHERE id = ${unpaidId}`);
    await t.db.execute(
      sql`UPDATE orders SET payment_status = 'refunded' WHERE seller_id = ${a.seller.id} AND buyer_state = 'Fct'`,
    );
    await t.db.execute(sql`UPDATE orders SET buyer_state = 'Ogun' WHERE id = ${unpaidId}`);
    await t.db.execute(sql`INSERT INTO order_lines (order_id, product_name, unit_price_kobo, quantity)
      VALUES (${unpaidId}, 'Gele', 250000, 2)`);
    // A sale undone (only a direct edit can do it): the buyer's first day is looked up again.
    await t.db.execute(sql`UPDATE orders SET payment_status = 'awaiting_payment' WHERE seller_id = ${a.seller.id}
      AND buyer_id = ${chioma} AND payment_status = 'paid'`);
    await t.db.execute(sql`DELETE FROM order_lines WHERE product_name = 'Wrapper'`);
    // Ada's unpaid order of the blip's product is paid: the blip has its second order.
    await t.db.execute(sql`UPDATE orders SET payment_status = 'paid' WHERE seller_id = ${a.seller.id}
      AND buyer_id = ${ada} AND payment_status = 'awaiting_payment'`);
    for (const seller of [a.seller.id, b.seller.id]) {
      const { stored, recomputed } = await t.app.analytics.storedAndRecomputed(seller);
      expect(stored).toEqual(recomputed);
    }
    const r = await get('/api/analytics?range=7d');
    expect(r.figures.paidOrders.current).toBe(3);
    expect(r.figures.buyers.previous).toBe(1);
    expect(r.blips[0]?.orders).toBe(2);
  });
});

describe('the viewers', () => {
  it('come from counted blip views: one viewer-day per browser, whatever it replays', async () => {
    const viewer = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
    for (const viewerId of [viewer, viewer, '6e5d4c3b-2a1f-4e0d-9c8b-7a6f5e4d3c2b']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/blips/${blipId}/views`,
        payload: { viewerId },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const r = await get('/api/analytics?range=today');
    expect(r.figures.viewers).toEqual({ current: 2, previous: 1 });
  });
});

describe('the viewers of a show joining together', () => {
  it('count as if each had been recorded alone: once per seller and Lagos day, once per show', async () => {
    // issue 18: a crowd subscribing to a show is written a batch at a time (live.socket.ts).
    const [one, many] = [await sellerWithToken(t), await sellerWithToken(t)];
    const views = (seller: string, show: string) => [
      { sellerId: seller, streamId: show, viewer: `buyer:${ada}`, at: new Date('2026-03-09T18:05:00Z') },
      { sellerId: seller, streamId: show, viewer: `buyer:${ada}`, at: new Date('2026-03-09T18:30:00Z') },
      { sellerId: seller, streamId: show, viewer: 'anon:x', at: new Date('2026-03-09T18:06:00Z') },
      // 23:10Z is the next day in Lagos: the same viewer counts again that day, not again for the show.
      { sellerId: seller, streamId: show, viewer: 'anon:x', at: new Date('2026-03-09T23:10:00Z') },
      { sellerId: seller, streamId: show, viewer: `buyer:${tunde}`, at: new Date('2026-03-09T18:07:00Z') },
    ];
    const counts = async (seller: string, show: string) => {
      const r = await t.db.execute<{ day: string; viewers: number }>(sql`
        SELECT day::text, viewers FROM analytics_daily_people WHERE seller_id = ${seller} ORDER BY day`);
      const v = await t.db.execute<{ viewer: string; first_seen_at: string }>(sql`
        SELECT viewer, first_seen_at::text FROM stream_viewers WHERE stream_id = ${show} ORDER BY viewer`);
      return { days: r.rows, show: v.rows };
    };
    const aloneShow = (await insertShow(t.db, one.seller.id, 'Alone', new Date('2026-03-09T18:00:00Z'))).id;
    for (const v of views(one.seller.id, aloneShow)) await t.app.analytics.recordView(t.db, v);
    const crowdShow = (await insertShow(t.db, many.seller.id, 'Crowd', new Date('2026-03-09T18:00:00Z'))).id;
    const [first, ...rest] = views(many.seller.id, crowdShow);
    await t.app.analytics.recordViews(t.db, first ? [first] : []);
    await t.app.analytics.recordViews(t.db, [...rest, ...rest]);

    const alone = await counts(one.seller.id, aloneShow);
    expect(alone.days).toEqual([
      { day: '2026-03-09', viewers: 3 },
      { day: '2026-03-10', viewers: 1 },
    ]);
    expect(alone.show).toHaveLength(3);
    expect(await counts(many.seller.id, crowdShow)).toEqual(alone);
  });
});

describe('the distinct buyers of a period', () => {
  it('equal a DISTINCT over the buyer-days, for any sale days in any order and any period', async () => {
    const c = await sellerWithToken(t);
    const buyers = ['b0', 'b1', 'b2', 'b3'].map((_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const change = fc.record({
      buyer: fc.integer({ min: 0, max: 3 }),
      day: fc.integer({ min: 0, max: 800 }),
      orders: fc.integer({ min: -1, max: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(change, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 365 }),
        async (statements, from, length) => {
          await t.db.execute(sql`DELETE FROM analytics_buyer_days WHERE seller_id = ${c.seller.id}`);
          // Each batch is one statement, as the order triggers write them: days gain and lose sales.
          for (const batch of statements) {
            const rows = new Map<string, { buyer: string; day: string; orders: number }>();
            for (const x of batch) {
              const key = `${x.buyer}:${x.day}`;
              const prev = rows.get(key)?.orders ?? 0;
              rows.set(key, { buyer: buyers[x.buyer] as string, day: day(x.day), orders: prev + x.orders });
            }
            const values = sql.join(
              [...rows.values()].map(
                (r) => sql`(${c.seller.id}::uuid, ${r.day}::date, ${r.buyer}::uuid, ${r.orders})`,
              ),
              sql`, `,
            );
            await t.db.execute(sql`INSERT INTO analytics_buyer_days AS b (seller_id, day, buyer_id, orders)
              VALUES ${values} ON CONFLICT (seller_id, day, buyer_id) DO UPDATE SET orders = b.orders + EXCLUDED.orders`);
          }
          const [f, to] = [day(from), day(from + length)];
          const r = await t.db.execute<{ rollup: number; distinct: number }>(sql`SELECT
            (SELECT coalesce(sum(buyers), 0) FROM analytics_buyer_gaps WHERE seller_id = ${c.seller.id}
              AND day BETWEEN ${f} AND ${to} AND gap > day - ${f}::date)::int AS rollup,
            (SELECT count(DISTINCT buyer_id) FROM analytics_buyer_days WHERE seller_id = ${c.seller.id}
              AND day BETWEEN ${f} AND ${to} AND orders > 0)::int AS distinct`);
          expect(r.rows[0]?.rollup).toBe(r.rows[0]?.distinct);
        },
      ),
      { numRuns: 60, seed: 17 },
    );
    // Everything deleted (as with a seller's rows) leaves no buyer counted.
    await t.db.execute(sql`DELETE FROM analytics_buyer_days WHERE seller_id = ${c.seller.id}`);
    const left = await t.db.execute<{ n: number }>(sql`SELECT coalesce(sum(buyers), 0)::int AS n
      FROM analytics_buyer_gaps WHERE seller_id = ${c.seller.id}`);
    expect(left.rows[0]?.n).toBe(0);
  });
});
