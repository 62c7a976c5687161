import type { CustomerResponse, CustomersResponse } from '@kasuwa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { insertOrder, insertShow } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let first: Awaited<ReturnType<typeof sellerWithToken>>;
let second: Awaited<ReturnType<typeof sellerWithToken>>;
let ada: string;
let tunde: string;
let chioma: string;
let showIds: { ordered: string; bid: string; commented: string; absent: string; otherSellers: string };

const address = (line: string) => ({
  fullName: 'Ada Obi',
  phoneNumber: '+2348031111111',
  state: 'Lagos',
  city: 'Ikeja',
  addressLine1: line,
});

const get = async <T>(url: string, as: { authorization: string }) => {
  const res = await t.app.inject({ method: 'GET', url, headers: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  t = await buildTestApp();
  first = await sellerWithToken(t);
  second = await sellerWithToken(t);
  ada = (await buyerWithToken(t, 'Ada Obi')).buyer.id;
  tunde = (await buyerWithToken(t, 'Tunde Bakare')).buyer.id;
  chioma = (await buyerWithToken(t, 'Chioma Nwosu')).buyer.id;
  const s = first.seller.id;
  const show = (title: string, day: number, seller = s) =>
    insertShow(t.db, seller, title, new Date(Date.UTC(2026, 0, day, 18))).then((x) => x.id);
  showIds = {
    ordered: await show('Ankara Friday', 2),
    bid: await show('Shoe Auction', 3),
    commented: await show('Beauty Hour', 4),
    absent: await show('Bags Night', 5),
    otherSellers: await show('Someone else’s show', 6, second.seller.id),
  };
  // Ada: three orders with the first seller (one cancelled, one unpaid), two addresses, and one
  // order with the second seller.
  await insertOrder(t.db, {
    sellerId: s,
    buyerId: ada,
    createdAt: new Date('2026-01-02T19:00:00Z'),
    streamId: showIds.ordered,
    buyerState: 'Oyo',
    buyerPhone: '+2348031111111',
    address: address('1 Ring Road'),
    lines: [{ name: 'Ankara Gown', priceKobo: 2_000_000 }],
  });
  await insertOrder(t.db, {
    sellerId: s,
    buyerId: ada,
    createdAt: new Date('2026-01-08T10:00:00Z'),
    fulfilment: 'cancelled',
    address: address('1 Ring Road'),
    lines: [{ name: 'Kaftan', priceKobo: 5_000_000 }],
  });
  await insertOrder(t.db, {
    sellerId: s,
    buyerId: ada,
    createdAt: new Date('2026-01-10T10:00:00Z'),
    payment: 'awaiting_payment',
    buyerState: 'Lagos',
    buyerPhone: '+2348032222222',
    address: address('4 Allen Avenue'),
    lines: [{ name: 'Gele', priceKobo: 300_000 }],
  });
  await insertOrder(t.db, {
    sellerId: second.seller.id,
    buyerId: ada,
    createdAt: new Date('2026-01-12T10:00:00Z'),
    streamId: showIds.otherSellers,
    lines: [{ name: 'Phone Case', priceKobo: 9_900_000 }],
  });
  // Tunde: one big order with the first seller, collected on delivery.
  await insertOrder(t.db, {
    sellerId: s,
    buyerId: tunde,
    createdAt: new Date('2026-01-05T10:00:00Z'),
    payment: 'pay_on_delivery_collected',
    method: 'pay_on_delivery',
    fulfilment: 'delivered',
    buyerState: 'Kano',
    lines: [{ name: 'Agbada', priceKobo: 8_000_000 }],
  });
  // Chioma: only the second seller's customer.
  await insertOrder(t.db, {
    sellerId: second.seller.id,
    buyerId: chioma,
    lines: [{ name: 'Lace', priceKobo: 100_000 }],
  });
  // Ada bid in one show of the first seller's and commented in another.
  await t.db.execute(sql`
    WITH sp AS (
      INSERT INTO stream_products (stream_id, position, product_name, product_price_kobo)
      VALUES (${showIds.bid}, 1, 'Sneakers', 1000000) RETURNING id
    )
    INSERT INTO bids (stream_id, stream_product_id, buyer_id, amount_kobo, round)
    SELECT ${showIds.bid}, sp.id, ${ada}, 1100000, 1 FROM sp`);
  await t.db.execute(sql`
    INSERT INTO stream_comments (stream_id, kind, author_kind, author_id, author_name, content)
    VALUES (${showIds.commented}, 'comment', 'buyer', ${ada}, 'Ada Obi', 'Is the blue one available?')`);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/customers', () => {
  it('lists the buyers with an order with this seller, with that seller’s orders and paid spend only', async () => {
    const answer = await get<CustomersResponse>('/api/customers', first.auth);
    expect(answer.customers).toEqual([
      {
        _id: ada,
        name: 'Ada Obi',
        state: 'Lagos',
        orderCount: 3,
        totalSpent: 20_000,
        lastOrderAt: '2026-01-10T10:00:00.000Z',
      },
      {
        _id: tunde,
        name: 'Tunde Bakare',
        state: 'Kano',
        orderCount: 1,
        totalSpent: 80_000,
        lastOrderAt: '2026-01-05T10:00:00.000Z',
      },
    ]);
    expect(answer.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    const theirs = await get<CustomersResponse>('/api/customers', second.auth);
    expect(theirs.customers.map((c) => [c.name, c.orderCount, c.totalSpent])).toEqual([
      ['Chioma Nwosu', 1, 1_000],
      ['Ada Obi', 1, 99_000],
    ]);
  });

  it('searches by name and sorts by spend, orders and name, a page at a time', async () => {
    const names = async (q: string) =>
      (await get<CustomersResponse>(`/api/customers?${q}`, first.auth)).customers.map((c) => c.name);
    expect(await names('search=tunde')).toEqual(['Tunde Bakare']);
    expect(await names('search=OBI')).toEqual(['Ada Obi']);
    expect(await names('search=nwosu')).toEqual([]);
    expect(await names('sort=total_spent')).toEqual(['Tunde Bakare', 'Ada Obi']);
    expect(await names('sort=orders')).toEqual(['Ada Obi', 'Tunde Bakare']);
    expect(await names('sort=name&limit=1&page=2')).toEqual(['Tunde Bakare']);
    const past = await get<CustomersResponse>('/api/customers?page=5&limit=1', first.auth);
    expect(past).toEqual({ customers: [], pagination: { page: 5, limit: 1, total: 2, totalPages: 2 } });
  });

  it('refuses a query it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customers?sort=age', headers: first.auth });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers' })).statusCode).toBe(401);
  });
});

describe('GET /api/customers/:id', () => {
  it('shows the customer’s orders with this seller, addresses and the shows they took part in', async () => {
    const { customer, orders } = await get<CustomerResponse>(`/api/customers/${ada}`, first.auth);
    expect(customer).toMatchObject({
      _id: ada,
      name: 'Ada Obi',
      email: expect.stringContaining('@example.ng'),
      phoneNumber: '+2348032222222',
      orderCount: 3,
      totalSpent: 20_000,
      firstOrderAt: '2026-01-02T19:00:00.000Z',
      lastOrderAt: '2026-01-10T10:00:00.000Z',
    });
    expect(customer.addresses.map((a) => a.addressLine1)).toEqual(['4 Allen Avenue', '1 Ring Road']);
    expect(customer.showsAttended.map((s) => s.title)).toEqual([
      'Beauty Hour',
      'Shoe Auction',
      'Ankara Friday',
    ]);
    expect(orders.map((o) => o.firstItem.name)).toEqual(['Gele', 'Kaftan', 'Ankara Gown']);
  });

  it('shows a buyer of two sellers to each with that seller’s orders only', async () => {
    const { customer, orders } = await get<CustomerResponse>(`/api/customers/${ada}`, second.auth);
    expect(customer.orderCount).toBe(1);
    expect(orders.map((o) => o.firstItem.name)).toEqual(['Phone Case']);
    expect(customer.showsAttended.map((s) => s.title)).toEqual(['Someone else’s show']);
  });

  it('answers 404 for a buyer who never ordered from this seller, and 400 for an id that is not one', async () => {
    for (const [id, as] of [
      [chioma, first.auth],
      [tunde, second.auth],
      ['00000000-0000-4000-8000-000000000000', first.auth],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: as });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Customer not found');
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/customers/nope', headers: first.auth });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/customers/export.csv', () => {
  it('downloads this seller’s customers with the list’s search and sort', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customers/export.csv?sort=name',
      headers: first.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="kasuwa-customers-2026-01-15.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,Email,Phone,State,Orders,Total spent,First order (Lagos),Last order (Lagos)');
    expect(lines.slice(1).map((l) => l.split(',').slice(3).join(','))).toEqual([
      'Lagos,3,20000.00,2026-01-02,2026-01-10',
      'Kano,1,80000.00,2026-01-05,2026-01-05',
    ]);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/customers/export.csv?search=chioma',
      headers: second.auth,
    });
    expect(theirs.body.trim().split('\n')).toHaveLength(2);
  });
});
