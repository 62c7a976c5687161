// size: the Orders list, its export and overview against one seeded set of orders, with the auth rules of the list
import type { OrdersOverviewResponse, SellerOrdersResponse } from '@kasuwa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { insertOrder, insertShow } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let auth: { authorization: string };
let otherAuth: { authorization: string };
let sellerId: string;
let ada: string;
let tunde: string;
let showId: string;
/** Order numbers by a name the tests use. */
const numbers: Record<string, string> = {};

const list = async (query: string, as = auth) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SellerOrdersResponse>();
};
const numbersOf = (r: SellerOrdersResponse) => r.orders.map((o) => o.number);
const named = (...names: string[]) => names.map((n) => numbers[n]);

beforeAll(async () => {
  t = await buildTestApp();
  const s = await sellerWithToken(t);
  auth = s.auth;
  sellerId = s.seller.id;
  const other = await sellerWithToken(t);
  otherAuth = other.auth;
  ada = (await buyerWithToken(t, 'Ada Obi')).buyer.id;
  tunde = (await buyerWithToken(t, 'Tunde Bakare')).buyer.id;
  showId = (await insertShow(t.db, sellerId, 'Friday Ankara Drop', new Date('2026-01-09T18:00:00Z'))).id;
  // The fake clock is 2026-01-15 09:00 UTC (10:00 in Lagos), a Thursday.
  const specs = {
    unpaidWin: {
      buyerId: ada,
      payment: 'awaiting_payment',
      method: null,
      delivery: null,
      source: 'auction',
      streamId: showId,
      createdAt: new Date('2026-01-09T19:00:00Z'),
      lines: [{ name: 'Aso Oke Set', priceKobo: 4_000_000 }],
    },
    unpaidOnline: {
      buyerId: tunde,
      payment: 'awaiting_payment',
      createdAt: new Date('2026-01-10T10:00:00Z'),
      lines: [{ name: 'Leather Sandals', priceKobo: 1_200_000 }],
    },
    paid: {
      buyerId: ada,
      payment: 'paid',
      createdAt: new Date('2026-01-11T10:00:00Z'),
      deliveryFeeKobo: 250_000,
      lines: [
        { name: 'Ankara Gown', priceKobo: 1_500_000, quantity: 2, variant: [{ name: 'Size', value: 'M' }] },
        { name: 'Gele Headtie', priceKobo: 500_000 },
      ],
    },
    pod: {
      buyerId: tunde,
      payment: 'pay_on_delivery_pending',
      method: 'pay_on_delivery',
      createdAt: new Date('2026-01-12T10:00:00Z'),
      lines: [{ name: 'Shea Butter', priceKobo: 300_000 }],
    },
    shipped: {
      buyerId: ada,
      payment: 'paid',
      fulfilment: 'shipped',
      carrier: 'GIG Logistics',
      trackingNumber: 'GIG123',
      createdAt: new Date('2026-01-13T10:00:00Z'),
      lines: [{ name: 'Adire Shirt', priceKobo: 900_000 }],
    },
    pickup: {
      buyerId: tunde,
      payment: 'paid',
      fulfilment: 'ready_for_pickup',
      delivery: 'pickup',
      createdAt: new Date('2026-01-14T10:00:00Z'),
      lines: [{ name: 'Black Soap', priceKobo: 200_000 }],
    },
    // 23:30 UTC on the 14th is 00:30 on the 15th in Lagos.
    delivered: {
      buyerId: ada,
      payment: 'paid',
      fulfilment: 'delivered',
      streamId: showId,
      createdAt: new Date('2026-01-14T23:30:00Z'),
      lines: [{ name: 'Kaftan', priceKobo: 2_000_000 }],
    },
    // 22:59 UTC on the 14th is still the 14th in Lagos.
    cancelled: {
      buyerId: tunde,
      payment: 'awaiting_payment',
      fulfilment: 'cancelled',
      createdAt: new Date('2026-01-14T22:59:00Z'),
      lines: [{ name: 'Ankara Wrapper', priceKobo: 700_000 }],
    },
  } as const;
  for (const [name, spec] of Object.entries(specs)) {
    const order = await insertOrder(t.db, { sellerId, ...spec });
    numbers[name] = `KSW-${order.number}`;
  }
  // Another seller's orders, with the same buyer, never show up.
  await insertOrder(t.db, {
    sellerId: other.seller.id,
    buyerId: ada,
    lines: [{ name: 'Ankara Gown', priceKobo: 100 }],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/orders', () => {
  it('puts each order under its tab and counts every tab over the seller’s orders only', async () => {
    const all = await list('');
    expect(all.counts).toEqual({ to_pay: 2, to_ship: 2, shipped: 2, delivered: 1, cancelled: 1, all: 8 });
    expect(numbersOf(await list('tab=to_pay'))).toEqual(named('unpaidOnline', 'unpaidWin'));
    expect(numbersOf(await list('tab=to_ship'))).toEqual(named('pod', 'paid'));
    expect(numbersOf(await list('tab=shipped'))).toEqual(named('pickup', 'shipped'));
    expect(numbersOf(await list('tab=delivered'))).toEqual(named('delivered'));
    expect(numbersOf(await list('tab=cancelled'))).toEqual(named('cancelled'));
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 8, totalPages: 1 });
  });

  it('moves the counts when an order changes state', async () => {
    const [row] = (
      await t.db.execute<{ id: string }>(
        sql`SELECT id FROM orders WHERE number = ${Number(numbers.paid?.slice(4))}`,
      )
    ).rows;
    await t.db.execute(sql`UPDATE orders SET fulfilment_status = 'shipped' WHERE id = ${row?.id}`);
    expect((await list('')).counts).toMatchObject({ to_ship: 1, shipped: 3, all: 8 });
    await t.db.execute(sql`UPDATE orders SET fulfilment_status = 'unfulfilled' WHERE id = ${row?.id}`);
    expect((await list('')).counts).toMatchObject({ to_ship: 2, shipped: 2, all: 8 });
  });

  it('answers a row with the buyer, the items, the total in naira and the show', async () => {
    const { orders } = await list(`search=${numbers.paid}`);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      number: numbers.paid,
      source: 'buy_now',
      buyer: { _id: ada, name: 'Ada Obi', state: 'Lagos' },
      itemCount: 3,
      firstItem: { name: 'Ankara Gown', image: null, variant: [{ name: 'Size', value: 'M' }] },
      total: 37_500,
      paymentStatus: 'paid',
      fulfilmentStatus: 'unfulfilled',
      paymentMethod: 'online',
      deliveryMethod: 'seller',
      show: null,
      createdAt: '2026-01-11T10:00:00.000Z',
    });
    const win = (await list(`search=${numbers.unpaidWin}`)).orders[0];
    expect(win?.show).toEqual({ _id: showId, title: 'Friday Ankara Drop' });
  });

  it('finds an order by its number with or without KSW-, by buyer and by product, in any case', async () => {
    const bare = numbers.shipped?.slice(4) ?? '';
    expect(numbersOf(await list(`search=${numbers.shipped}`))).toEqual(named('shipped'));
    expect(numbersOf(await list(`search=${bare}`))).toEqual(named('shipped'));
    expect(numbersOf(await list(`search=ksw${bare}`))).toEqual(named('shipped'));
    expect(numbersOf(await list('search=TUNDE'))).toEqual(
      named('cancelled', 'pickup', 'pod', 'unpaidOnline'),
    );
    expect(numbersOf(await list('search=ankara'))).toEqual(named('cancelled', 'paid'));
    expect(numbersOf(await list('search=ada%20gele'))).toEqual(named('paid'));
    expect(numbersOf(await list('search=ankara&tab=cancelled'))).toEqual(named('cancelled'));
    // Wildcards are taken literally.
    expect((await list('search=%25')).orders).toEqual([]);
    // A search does not narrow the tab counts.
    expect((await list('search=ankara')).counts.all).toBe(8);
  });

  it('keeps to Lagos days in a date range', async () => {
    expect(numbersOf(await list('from=2026-01-15&to=2026-01-15'))).toEqual(named('delivered'));
    expect(numbersOf(await list('from=2026-01-14&to=2026-01-14'))).toEqual(named('cancelled', 'pickup'));
    expect(numbersOf(await list('to=2026-01-10&sort=oldest'))).toEqual(named('unpaidWin', 'unpaidOnline'));
  });

  it('refuses a range that ends before it starts, or a date that does not exist', async () => {
    for (const query of [
      'from=2026-01-15&to=2026-01-14',
      'from=2026-02-30',
      'from=15-01-2026',
      'tab=later',
      'limit=500',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('filters by live show', async () => {
    expect(numbersOf(await list(`streamId=${showId}`))).toEqual(named('delivered', 'unpaidWin'));
  });

  it('sorts by date either way and by total either way', async () => {
    expect(numbersOf(await list('sort=oldest&limit=3'))).toEqual(named('unpaidWin', 'unpaidOnline', 'paid'));
    expect(numbersOf(await list('sort=total_desc&limit=3'))).toEqual(named('unpaidWin', 'paid', 'delivered'));
    expect(numbersOf(await list('sort=total_asc&limit=2'))).toEqual(named('pickup', 'pod'));
  });

  it('pages through the list', async () => {
    const second = await list('limit=3&page=2');
    expect(numbersOf(second)).toEqual(named('shipped', 'pod', 'paid'));
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 8, totalPages: 3 });
    expect((await list('limit=3&page=9')).orders).toEqual([]);
  });

  it('counts a broad search only a few pages ahead of the page shown', async () => {
    const s = await sellerWithToken(t);
    for (let i = 0; i < 14; i++) {
      await insertOrder(t.db, {
        sellerId: s.seller.id,
        buyerId: ada,
        createdAt: new Date(Date.UTC(2026, 0, 1, i)),
      });
    }
    const first = await list('search=ankara&limit=2', s.auth);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 11, totalPages: 6 });
    const last = await list('search=ankara&limit=2&page=6', s.auth);
    expect(last.pagination.total).toBe(14);
    expect(last.orders).toHaveLength(2);
  });

  it('shows a second seller none of the first seller’s orders', async () => {
    const answer = await list('', otherAuth);
    expect(answer.orders.every((o) => o.buyer._id === ada && o.total === 1)).toBe(true);
    expect(answer.counts.all).toBe(1);
    expect((await list(`search=${numbers.paid}`, otherAuth)).orders).toEqual([]);
    expect((await list(`streamId=${showId}`, otherAuth)).orders).toEqual([]);
  });

  it('needs a signed-in seller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(res.statusCode).toBe(401);
    const buyer = await buyerWithToken(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: buyer.auth })).statusCode).toBe(
      401,
    );
  });

  // The list reads the seller's standing in its own statement (auth.ts DeferredSeller): the same
  // answers as every seller route, and none of the page's orders with them.
  it('refuses a retired token, a blocked and a disabled seller as every seller route does, before a bad query', async () => {
    const get = (query: string, as: { authorization: string }) =>
      t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: as });
    const retired = await sellerWithToken(t);
    await insertOrder(t.db, {
      sellerId: retired.seller.id,
      buyerId: ada,
      lines: [{ name: 'Gele', priceKobo: 100 }],
    });
    expect((await get('', retired.auth)).json().counts.all).toBe(1);
    await t.db.execute(
      sql`UPDATE sellers SET token_version = token_version + 1 WHERE id = ${retired.seller.id}`,
    );
    const blocked = await sellerWithToken(t);
    await t.db.execute(sql`UPDATE sellers SET is_blocked = true WHERE id = ${blocked.seller.id}`);
    const disabled = await sellerWithToken(t);
    await t.db.execute(sql`UPDATE sellers SET is_disabled = true WHERE id = ${disabled.seller.id}`);
    const gone = await sellerWithToken(t);
    await t.db.execute(sql`DELETE FROM sellers WHERE id = ${gone.seller.id}`);
    const expected = [
      { as: retired.auth, status: 401, body: { message: 'Invalid token' } },
      { as: gone.auth, status: 401, body: { message: 'Invalid token' } },
      { as: blocked.auth, status: 404, body: { message: 'Seller not found' } },
      {
        as: disabled.auth,
        status: 403,
        body: { message: 'Your account has been disabled. Please contact support.' },
      },
    ];
    for (const { as, status, body } of expected) {
      for (const query of [
        '',
        'search=gele&page=2',
        'page=0',
        'from=2026-02-30',
        'from=2026-01-10&to=2026-01-01',
      ]) {
        const res = await get(query, as);
        expect([query, res.statusCode, res.json()]).toEqual([query, status, body]);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    // A live seller's bad query is a 400 with its reason.
    for (const query of ['page=0', 'from=2026-01-10&to=2026-01-01']) {
      const res = await get(query, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/\S/);
    }
  });

  it('lets a live seller in as every seller route does: the media cookie set, the device recorded', async () => {
    const s = await sellerWithToken(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: { ...s.auth, 'x-device-id': 'orders-list-phone-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^kasuwa_media=/);
    await expect
      .poll(async () => {
        const { rows } = await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM seller_devices WHERE seller_id = ${s.seller.id} AND device_id = 'orders-list-phone-1'`,
        );
        return rows[0]?.n;
      })
      .toBe(1);
  });
});

const csvOf = async (query: string, as = auth) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/export.csv?${query}`, headers: as });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('GET /api/orders/export.csv', () => {
  it('downloads the filtered list as CSV with naira, Lagos dates and shipping columns', async () => {
    const res = await csvOf('tab=shipped');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kasuwa-orders-2026-01-15.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Order number,Date (Lagos),Buyer,State,Items,Quantity,Subtotal,Delivery fee,Discount,Total,Payment,Fulfilment,Delivery method,Carrier,Tracking number,Live show,Coupon',
    );
    expect(lines.slice(1)).toEqual([
      `${numbers.pickup},2026-01-14 11:00,Tunde Bakare,Lagos,Black Soap,1,2000.00,0.00,0.00,2000.00,Paid (Online),Ready for pickup,Store pickup,,,,`,
      `${numbers.shipped},2026-01-13 11:00,Ada Obi,Lagos,Adire Shirt,1,9000.00,0.00,0.00,9000.00,Paid (Online),Shipped,Shipped by seller,GIG Logistics,GIG123,,`,
    ]);
  });

  it('writes each line with its variant and quantity, and ignores page and limit', async () => {
    const body = (await csvOf(`search=${numbers.paid}&page=3&limit=1`)).body;
    expect(body).toContain(',Ankara Gown (M) x2; Gele Headtie,3,35000.00,2500.00,0.00,37500.00,');
    const all = (await csvOf('limit=1')).body.trim().split('\n');
    expect(all).toHaveLength(9);
  });

  it('quotes commas and neutralises cells a spreadsheet would run as formulas', async () => {
    const s = await sellerWithToken(t);
    const evil = (await buyerWithToken(t, '=HYPERLINK("http://x.test","Click")')).buyer.id;
    await insertOrder(t.db, {
      sellerId: s.seller.id,
      buyerId: evil,
      buyerState: '+Lagos',
      lines: [{ name: '@Gown, "special"', priceKobo: 100 }],
      carrier: '-Kwik',
    });
    const row = (await csvOf('', s.auth)).body.trim().split('\n')[1] ?? '';
    expect(row).toContain(`"'=HYPERLINK(""http://x.test"",""Click"")"`);
    expect(row).toContain(`'+Lagos`);
    expect(row).toContain(`"'@Gown, ""special"""`);
    expect(row).toContain(`'-Kwik`);
  });

  it('gives a second seller only the header', async () => {
    const s = await sellerWithToken(t);
    expect((await csvOf('', s.auth)).body.trim().split('\n')).toHaveLength(1);
  });
});

describe('GET /api/orders/overview', () => {
  it('adds up paid sales by Lagos day, counts today’s orders and what waits, and lists the latest', async () => {
    const s = await sellerWithToken(t);
    const buyer = (await buyerWithToken(t)).buyer.id;
    const o = (over: Parameters<typeof insertOrder>[1]) => insertOrder(t.db, over);
    const base = { sellerId: s.seller.id, buyerId: buyer };
    // Thursday 15 January in Lagos: paid today (00:30 Lagos), collected on delivery today.
    await o({
      ...base,
      createdAt: new Date('2026-01-14T23:30:00Z'),
      lines: [{ name: 'A', priceKobo: 1_000_000 }],
    });
    await o({
      ...base,
      payment: 'pay_on_delivery_collected',
      method: 'pay_on_delivery',
      fulfilment: 'delivered',
      createdAt: new Date('2026-01-13T10:00:00Z'),
      paidAt: new Date('2026-01-15T08:00:00Z'),
      lines: [{ name: 'B', priceKobo: 500_000 }],
    });
    // Paid 22:59 UTC on the 14th: Wednesday in Lagos, this week (from Monday the 12th).
    await o({
      ...base,
      createdAt: new Date('2026-01-14T22:59:00Z'),
      fulfilment: 'shipped',
      lines: [{ name: 'C', priceKobo: 200_000 }],
    });
    // Sunday the 11th: last week, but within the last 7 days.
    await o({
      ...base,
      createdAt: new Date('2026-01-11T12:00:00Z'),
      fulfilment: 'delivered',
      lines: [{ name: 'D', priceKobo: 300_000 }],
    });
    // Not sales: unpaid, pay on delivery not yet collected, paid then cancelled.
    await o({ ...base, payment: 'awaiting_payment', createdAt: new Date('2026-01-15T08:30:00Z') });
    await o({
      ...base,
      payment: 'pay_on_delivery_pending',
      method: 'pay_on_delivery',
      createdAt: new Date('2026-01-15T08:40:00Z'),
    });
    await o({ ...base, fulfilment: 'cancelled', createdAt: new Date('2026-01-15T08:50:00Z') });

    const res = await t.app.inject({ method: 'GET', url: '/api/orders/overview', headers: s.auth });
    expect(res.statusCode).toBe(200);
    const overview = res.json<OrdersOverviewResponse>();
    expect(overview).toMatchObject({
      salesToday: 15_000,
      salesThisWeek: 17_000,
      ordersToday: 4,
      toShip: 2,
      toPay: 1,
    });
    expect(overview.dailySales).toEqual([
      { date: '2026-01-09', total: 0 },
      { date: '2026-01-10', total: 0 },
      { date: '2026-01-11', total: 3_000 },
      { date: '2026-01-12', total: 0 },
      { date: '2026-01-13', total: 0 },
      { date: '2026-01-14', total: 2_000 },
      { date: '2026-01-15', total: 15_000 },
    ]);
    expect(overview.recentOrders).toHaveLength(5);
    expect(overview.recentOrders[0]?.createdAt).toBe('2026-01-15T08:50:00.000Z');
  });

  it('shows a seller without orders zeros', async () => {
    const s = await sellerWithToken(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/overview', headers: s.auth });
    expect(res.json()).toMatchObject({
      salesToday: 0,
      salesThisWeek: 0,
      ordersToday: 0,
      toShip: 0,
      toPay: 0,
      recentOrders: [],
    });
  });
});
