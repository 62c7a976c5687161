import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { paidOrder } from '@/test/ledger.ts';
import { sellerWithToken } from '@/test/sellers.ts';

type Auth = { authorization: string };

let t: TestApp;
let ledger: LedgerPort;
beforeAll(async () => {
  // 10 June 2026, 12:00 in Lagos.
  t = await buildTestApp();
  t.clock.set(new Date('2026-06-10T11:00:00.000Z'));
  ledger = t.app.ledger.port;
});
afterAll(() => t.close());

const get = (url: string, auth: Auth | Record<string, never>) =>
  t.app.inject({ method: 'GET', url, headers: auth });

/**
 * A seller with: a ₦20,000 order paid on 31 May 23:30 Lagos (22:30 UTC) and released; a ₦10,000
 * order paid on 1 June 00:30 Lagos (still pending, refunded ₦2,000 on 2 June); a payout of ₦5,000 on
 * 3 June, paid.
 */
async function sellerWithHistory() {
  const s = await sellerWithToken(t);
  const { buyer } = await buyerWithToken(t);
  const tx = <T>(fn: (q: Parameters<LedgerPort['balances']>[0]) => Promise<T>) => t.db.transaction(fn);
  const first = await paidOrder(t.db, { sellerId: s.seller.id, buyerId: buyer.id, totalKobo: 2_000_000 });
  const second = await paidOrder(t.db, { sellerId: s.seller.id, buyerId: buyer.id, totalKobo: 1_000_000 });
  const sale = (orderId: string, amountKobo: number, at: string) =>
    tx((q) =>
      ledger.orderPaid(q, {
        orderId,
        sellerId: s.seller.id,
        amountKobo,
        paymentReference: 'r',
        at: new Date(at),
      }),
    );
  await sale(first.id, 2_000_000, '2026-05-31T22:30:00.000Z');
  await sale(second.id, 1_000_000, '2026-05-31T23:30:00.000Z');
  await tx((q) =>
    ledger.orderHandedOver(q, {
      orderId: first.id,
      sellerId: s.seller.id,
      at: new Date('2026-05-01T00:00:00.000Z'),
      returnWindowDays: 7,
    }),
  );
  await tx((q) => t.app.ledger.releaseOrder(q, first.id));
  await tx((q) =>
    ledger.orderHandedOver(q, {
      orderId: second.id,
      sellerId: s.seller.id,
      at: new Date('2026-06-09T10:00:00.000Z'),
      returnWindowDays: 7,
    }),
  );
  await tx((q) =>
    ledger.refund(q, {
      key: `refund:${second.id}`,
      orderId: second.id,
      sellerId: s.seller.id,
      amountKobo: 200_000,
      reason: 'damaged',
      at: new Date('2026-06-02T09:00:00.000Z'),
    }),
  );
  const payoutId = crypto.randomUUID();
  const payoutAt = new Date('2026-06-03T09:00:00.000Z');
  await tx((q) =>
    ledger.holdPayout(q, {
      payoutId,
      sellerId: s.seller.id,
      amountKobo: 500_000,
      at: payoutAt,
      description: 'Payout to GTBank ••••6789',
    }),
  );
  await tx((q) =>
    ledger.payoutPaid(q, { payoutId, sellerId: s.seller.id, amountKobo: 500_000, at: payoutAt }),
  );
  return { ...s, first, second };
}

describe('GET /api/earnings/summary', () => {
  it('answers the cards from the ledger: available, pending and when it frees up, paid out this month', async () => {
    const s = await sellerWithHistory();
    const res = await get('/api/earnings/summary', s.auth);
    expect(res.statusCode, res.body).toBe(200);
    // First order: 20,000 − 1,000 commission − 400 fee = 18,600 released, − 5,000 paid out.
    // Second: 10,000 − 500 − 250 = 9,250 pending, − 2,000 refunded + 100 commission back.
    expect(res.json()).toEqual({
      available: 13_600,
      pending: 7_350,
      nextRelease: { amount: 7_350, at: '2026-06-16T10:00:00.000Z' },
      inFlight: 0,
      paidOutThisMonth: 5_000,
      owed: 0,
      bankAccount: null,
      payoutHoldUntil: null,
      schedule: 'manual',
      minimumPayout: 1_000,
      payoutBlockedReason: 'Payouts start once your account has been approved.',
    });
  });

  it('is 401 without a token, and a second seller sees none of the first one’s money', async () => {
    await sellerWithHistory();
    expect((await get('/api/earnings/summary', {})).statusCode).toBe(401);
    const other = await sellerWithToken(t);
    expect((await get('/api/earnings/summary', other.auth)).json()).toMatchObject({
      available: 0,
      pending: 0,
      nextRelease: null,
      paidOutThisMonth: 0,
    });
    expect((await get('/api/earnings/transactions', other.auth)).json().transactions).toEqual([]);
    const chart = await get('/api/earnings/chart?from=2026-05-31&to=2026-06-03', other.auth);
    expect(chart.json().points.every((p: { sales: number }) => p.sales === 0)).toBe(true);
  });
});

describe('GET /api/earnings/transactions', () => {
  it('lists the seller’s lines newest first with their order and words', async () => {
    const s = await sellerWithHistory();
    const res = await get('/api/earnings/transactions?limit=100', s.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { transactions, pagination } = res.json();
    expect(pagination).toEqual({ page: 1, limit: 100, total: transactions.length, totalPages: 1 });
    expect(transactions[0]).toMatchObject({ kind: 'release', amount: 18_600, balance: 'available' });
    expect(transactions[1]).toMatchObject({
      kind: 'payout',
      amount: -5_000,
      balance: 'available',
      description: 'Payout to GTBank ••••6789',
      order: null,
    });
    const sale = transactions.find(
      (l: { kind: string; order: { _id: string } | null }) =>
        l.kind === 'sale' && l.order?._id === s.first.id,
    );
    expect(sale).toMatchObject({
      amount: 20_000,
      balance: 'pending',
      description: `Sale KSW-${s.first.number}`,
      order: { _id: s.first.id, number: `KSW-${s.first.number}` },
      payoutId: null,
    });
    const times = transactions.map((l: { at: string }) => l.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by chip and by Lagos days, and pages', async () => {
    const s = await sellerWithHistory();
    const kinds = async (qs: string) =>
      (await get(`/api/earnings/transactions?${qs}`, s.auth))
        .json()
        .transactions.map((l: { kind: string }) => l.kind);
    expect(await kinds('filter=refunds')).toEqual(['refund']);
    expect(new Set(await kinds('filter=fees'))).toEqual(
      new Set(['commission', 'payment_fee', 'commission_refund']),
    );
    expect(await kinds('filter=payouts')).toEqual(['payout']);
    // 31 May in Lagos holds only the first sale (22:30 UTC = 23:30 Lagos); the second is 1 June in Lagos.
    expect(await kinds('from=2026-05-31&to=2026-05-31&filter=sales')).toEqual(['sale']);
    // One posting's lines read as written: the sale, then what came off it.
    expect(await kinds('from=2026-05-31&to=2026-05-31')).toEqual(['sale', 'commission', 'payment_fee']);
    expect(await kinds('from=2026-06-01&to=2026-06-01&filter=sales')).toEqual(['sale']);
    const page2 = (await get('/api/earnings/transactions?limit=2&page=2', s.auth)).json();
    expect(page2.transactions).toHaveLength(2);
    expect(page2.pagination).toMatchObject({ page: 2, limit: 2 });
    expect(page2.pagination.totalPages).toBe(Math.ceil(page2.pagination.total / 2));
  });

  it('pages a chip of several kinds in the same order as the whole list, without overlap or gaps', async () => {
    const s = await sellerWithHistory();
    const ids = async (qs: string) =>
      (await get(`/api/earnings/transactions?${qs}`, s.auth))
        .json()
        .transactions.map((l: { _id: string }) => l._id);
    const whole = await ids('filter=fees&limit=100');
    expect(whole.length).toBeGreaterThan(3);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 2); page++)
      paged.push(...(await ids(`filter=fees&limit=2&page=${page}`)));
    expect(paged).toEqual(whole);
    // The chip's lines are the whole list's, in its order.
    const all = await ids('limit=100');
    expect(all.filter((id: string) => whole.includes(id))).toEqual(whole);
  });

  it.each([
    ['filter=everything', /filter/i],
    ['from=2026-13-01', /./],
    ['from=2026-02-31', /not a date/],
    ['from=2026-06-02&to=2026-06-01', /start date/],
    ['limit=101', /./],
    ['page=0', /./],
    ['extra=1', /./],
  ])('refuses %s with a 400 and a message', async (qs, message) => {
    const { auth } = await sellerWithToken(t);
    const res = await get(`/api/earnings/transactions?${qs}`, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('GET /api/earnings/chart', () => {
  it('sums sales, fees, refunds and net per Lagos day, every day of the range present', async () => {
    const s = await sellerWithHistory();
    const res = await get('/api/earnings/chart?from=2026-05-30&to=2026-06-03', s.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().points).toEqual([
      { date: '2026-05-30', sales: 0, fees: 0, refunds: 0, net: 0 },
      { date: '2026-05-31', sales: 20_000, fees: 1_400, refunds: 0, net: 18_600 },
      { date: '2026-06-01', sales: 10_000, fees: 750, refunds: 0, net: 9_250 },
      { date: '2026-06-02', sales: 0, fees: -100, refunds: 2_000, net: -1_900 },
      { date: '2026-06-03', sales: 0, fees: 0, refunds: 0, net: 0 },
    ]);
  });

  it('buckets by Monday weeks and by months', async () => {
    const s = await sellerWithHistory();
    const weeks = (
      await get('/api/earnings/chart?from=2026-05-25&to=2026-06-07&granularity=week', s.auth)
    ).json();
    expect(weeks.points).toEqual([
      { date: '2026-05-25', sales: 20_000, fees: 1_400, refunds: 0, net: 18_600 },
      { date: '2026-06-01', sales: 10_000, fees: 650, refunds: 2_000, net: 7_350 },
    ]);
    const months = (
      await get('/api/earnings/chart?from=2026-05-01&to=2026-06-30&granularity=month', s.auth)
    ).json();
    expect(months.points.map((p: { date: string; sales: number }) => [p.date, p.sales])).toEqual([
      ['2026-05-01', 20_000],
      ['2026-06-01', 10_000],
    ]);
  });

  it.each([
    ['', /./],
    ['from=2026-06-01', /./],
    ['from=2026-06-01&to=2026-05-01', /start date/],
    ['from=2024-01-01&to=2026-06-01', /shorter range/],
    ['from=2026-06-01&to=2026-06-02&granularity=year', /./],
  ])('refuses "%s" with a 400 and a message', async (qs, message) => {
    const { auth } = await sellerWithToken(t);
    const res = await get(`/api/earnings/chart?${qs}`, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
