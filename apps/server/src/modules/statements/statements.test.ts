import { formatOrderNumber } from '@kasuwa/contracts';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@/lib/queryable.ts';
import { tokenService } from '@/lib/tokens.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { paidOrder } from '@/test/ledger.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let ledger: LedgerPort;
let auth: { authorization: string };
let otherAuth: { authorization: string };
let storeName: string;
/** The order numbers (KSW-…) of the seeded orders, by name. */
const n: Record<string, string> = {};

/** A CSV body as rows of cells (csv-stringify quotes a cell only when it must). */
function parseCsv(body: string): string[][] {
  const text = body.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const csv = async (query: string, as = auth) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/earnings/statement.csv?${query}`, headers: as });
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: parseCsv(res.body) };
};
const pdfText = async (month: string, as = auth) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/earnings/statements/${month}.pdf`,
    headers: as,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return { res, text: (await new PDFParse({ data: res.rawPayload }).getText()).text };
};

beforeAll(async () => {
  t = await buildTestApp();
  ledger = t.app.ledger.port;
  const seller = await sellerWithToken(t, { storeName: 'Adaeze Fabrics' });
  storeName = seller.seller.storeName;
  const sellerId = seller.seller.id;
  const { buyer } = await buyerWithToken(t);
  const tx = <T>(fn: (q: Queryable) => Promise<T>) => t.db.transaction(fn);
  const paid = async (name: string, totalKobo: number, who = sellerId) => {
    const o = await paidOrder(t.db, { sellerId: who, buyerId: buyer.id, totalKobo });
    n[name] = formatOrderNumber(o.number);
    await tx((q) =>
      ledger.orderPaid(q, {
        orderId: o.id,
        sellerId: who,
        amountKobo: totalKobo,
        paymentReference: `ref-${o.id}`,
        at: t.clock.now(),
      }),
    );
    return o;
  };

  // The fake clock starts on Thursday 2026-01-15 09:00 UTC (10:00 in Lagos).
  const gown = await paid('gown', 2_000_000); // ₦20,000: commission ₦1,000, fee ₦300 + ₦100
  await tx((q) =>
    ledger.orderHandedOver(q, { orderId: gown.id, sellerId, at: t.clock.now(), returnWindowDays: 7 }),
  );
  t.clock.advance(7 * DAY + 1000); // 2026-01-22 10:00 Lagos: the window has passed
  await t.jobs.runDue();
  const wrapper = await paid('wrapper', 500_000); // ₦5,000: commission ₦250, fee ₦75 + ₦100
  t.clock.advance(60 * 60 * 1000); // 11:00
  await tx((q) =>
    ledger.refund(q, {
      key: `refund:test-${wrapper.id}`,
      orderId: wrapper.id,
      sellerId,
      amountKobo: 200_000,
      reason: 'Damaged',
      at: t.clock.now(),
    }),
  );
  t.clock.advance(60 * 60 * 1000); // 12:00
  const payout = { payoutId: '8f0a4c6e-1b2d-4e3f-9a5b-6c7d8e9f0a1b', sellerId, amountKobo: 1_000_000 };
  await tx((q) =>
    ledger.holdPayout(q, { ...payout, at: t.clock.now(), description: 'Payout to GTBank ••••6789' }),
  );
  await tx((q) => ledger.payoutPaid(q, { ...payout, at: t.clock.now() }));
  t.clock.advance(60 * 60 * 1000); // 13:00
  const failed = { payoutId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', sellerId, amountKobo: 100_000 };
  await tx((q) =>
    ledger.holdPayout(q, { ...failed, at: t.clock.now(), description: 'Payout to GTBank ••••6789' }),
  );
  await tx((q) =>
    ledger.payoutReturned(q, { ...failed, from: 'in_flight', reason: 'Account closed', at: t.clock.now() }),
  );
  // 2026-01-31 23:30 UTC is 2026-02-01 00:30 in Lagos: a February line.
  t.clock.set(new Date('2026-01-31T23:30:00.000Z'));
  await paid('sandals', 300_000); // ₦3,000: commission ₦150, fee ₦45 + ₦100

  const other = await sellerWithToken(t, { storeName: 'Tunde Gadgets' });
  t.clock.set(new Date('2026-01-20T09:00:00.000Z'));
  await paid('earbuds', 1_200_000, other.seller.id);
  // "Today" is 10 February; sessions are signed now (a January token would have expired).
  t.clock.set(new Date('2026-02-10T09:00:00.000Z'));
  const tokens = tokenService(t.jwtSecret, t.clock);
  auth = { authorization: `Bearer ${await tokens.sign(seller.seller)}` };
  otherAuth = { authorization: `Bearer ${await tokens.sign(other.seller)}` };
});
afterAll(() => t.close());

const HEADER = [
  'Date (Lagos)',
  'Type',
  'Description',
  'Order',
  'Balance',
  'Amount (NGN)',
  'Available balance after (NGN)',
];

describe('GET /api/earnings/statement.csv', () => {
  it('lists every line of the range oldest first, in Lagos time, with signed naira and the available balance after each', async () => {
    const { res, rows } = await csv('from=2026-01-01&to=2026-01-31');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="kasuwa-statement-2026-01-01-to-2026-01-31.csv"',
    );
    expect(rows).toEqual([
      HEADER,
      ['2026-01-15 10:00', 'Sale', `Sale ${n.gown}`, n.gown, 'Pending', '20000.00', '0.00'],
      ['2026-01-15 10:00', 'Commission', `Commission on ${n.gown}`, n.gown, 'Pending', '-1000.00', '0.00'],
      ['2026-01-15 10:00', 'Payment fee', `Payment fee on ${n.gown}`, n.gown, 'Pending', '-400.00', '0.00'],
      [
        '2026-01-22 10:00',
        'Released to available',
        `${n.gown} released to available`,
        n.gown,
        'Available',
        '18600.00',
        '18600.00',
      ],
      ['2026-01-22 10:00', 'Sale', `Sale ${n.wrapper}`, n.wrapper, 'Pending', '5000.00', '18600.00'],
      [
        '2026-01-22 10:00',
        'Commission',
        `Commission on ${n.wrapper}`,
        n.wrapper,
        'Pending',
        '-250.00',
        '18600.00',
      ],
      [
        '2026-01-22 10:00',
        'Payment fee',
        `Payment fee on ${n.wrapper}`,
        n.wrapper,
        'Pending',
        '-175.00',
        '18600.00',
      ],
      ['2026-01-22 11:00', 'Refund', `Refund on ${n.wrapper}`, n.wrapper, 'Pending', '-2000.00', '18600.00'],
      [
        '2026-01-22 11:00',
        'Commission returned',
        `Commission returned on ${n.wrapper}`,
        n.wrapper,
        'Pending',
        '100.00',
        '18600.00',
      ],
      ['2026-01-22 12:00', 'Payout', 'Payout to GTBank ••••6789', '', 'Available', '-10000.00', '8600.00'],
      ['2026-01-22 13:00', 'Payout', 'Payout to GTBank ••••6789', '', 'Available', '-1000.00', '7600.00'],
      [
        '2026-01-22 13:00',
        'Payout returned',
        'Payout returned: Account closed',
        '',
        'Available',
        '1000.00',
        '8600.00',
      ],
    ]);
  });

  it('counts days as Lagos does: 23:30 UTC on 31 January is 1 February', async () => {
    const feb = await csv('from=2026-02-01&to=2026-02-01');
    expect(feb.rows.slice(1).map((r) => [r[0], r[2], r[6]])).toEqual([
      ['2026-02-01 00:30', `Sale ${n.sandals}`, '8600.00'],
      ['2026-02-01 00:30', `Commission on ${n.sandals}`, '8600.00'],
      ['2026-02-01 00:30', `Payment fee on ${n.sandals}`, '8600.00'],
    ]);
    // A range starting after the first lines opens on the balance they left.
    const late = await csv('from=2026-01-22&to=2026-01-22');
    expect(late.rows[1]?.slice(1, 3)).toEqual(['Released to available', `${n.gown} released to available`]);
    expect(late.rows.at(-1)?.[6]).toBe('8600.00');
  });

  it('keeps to the lines of the chosen filter, each still with the true available balance after it', async () => {
    const fees = await csv('from=2026-01-01&to=2026-01-31&filter=fees');
    expect(fees.res.headers['content-disposition']).toContain(
      'kasuwa-statement-fees-2026-01-01-to-2026-01-31.csv',
    );
    expect(fees.rows.slice(1).map((r) => [r[1], r[5], r[6]])).toEqual([
      ['Commission', '-1000.00', '0.00'],
      ['Payment fee', '-400.00', '0.00'],
      ['Commission', '-250.00', '18600.00'],
      ['Payment fee', '-175.00', '18600.00'],
      ['Commission returned', '100.00', '18600.00'],
    ]);
    const payouts = await csv('from=2026-01-01&to=2026-01-31&filter=payouts');
    expect(payouts.rows.slice(1).map((r) => [r[1], r[5], r[6]])).toEqual([
      ['Payout', '-10000.00', '8600.00'],
      ['Payout', '-1000.00', '7600.00'],
      ['Payout returned', '1000.00', '8600.00'],
    ]);
    const sales = await csv('from=2026-01-01&to=2026-12-31&filter=sales');
    expect(sales.rows.slice(1).map((r) => r[2])).toEqual([
      `Sale ${n.gown}`,
      `${n.gown} released to available`,
      `Sale ${n.wrapper}`,
      `Sale ${n.sandals}`,
    ]);
    const refunds = await csv('from=2026-01-01&to=2026-12-31&filter=refunds');
    expect(refunds.rows.slice(1).map((r) => r.slice(1, 3))).toEqual([['Refund', `Refund on ${n.wrapper}`]]);
  });

  it('gives a second seller only their own lines, and a range with none only the header', async () => {
    const { rows } = await csv('from=2026-01-01&to=2026-12-31', otherAuth);
    expect(rows.slice(1).map((r) => r[2])).toEqual([
      `Sale ${n.earbuds}`,
      `Commission on ${n.earbuds}`,
      `Payment fee on ${n.earbuds}`,
    ]);
    expect(rows.flat().join(' ')).not.toContain(n.gown);
    const empty = await csv('from=2025-01-01&to=2025-12-31');
    expect(empty.rows).toEqual([HEADER]);
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'Choose real dates (YYYY-MM-DD)'],
    ['from=2026-03-01&to=2026-02-01', 'The start date must be on or before the end date'],
    ['from=01-02-2026&to=2026-03-01', null],
    ['to=2026-03-01', null],
    ['from=2026-01-01&to=2026-03-01&filter=everything', null],
    ['from=2026-01-01&to=2026-03-01&sellerId=someone', null],
  ])('refuses %s with a 400 and a message', async (query, message) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/earnings/statement.csv?${query}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string }>();
    if (message) expect(body.message).toBe(message);
    else expect(body.message).toEqual(expect.any(String));
  });

  it('needs a signed-in seller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/earnings/statement.csv?from=2026-01-01&to=2026-01-31',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/earnings/statements/:month.pdf', () => {
  it("prints the store, the period, opening and closing available balance, the month's totals and every line", async () => {
    const { res, text } = await pdfText('2026-01');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kasuwa-statement-2026-01.pdf"');
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      storeName,
      'Earnings statement — January 2026',
      'Period 1 January 2026 to 31 January 2026 (Lagos time)',
      'Opening, 1 January 2026 ₦0.00',
      'Closing, 31 January 2026 ₦8,600.00',
      'Sales ₦25,000.00',
      'Commission -₦1,150.00',
      'Payment fees -₦575.00',
      'Refunds -₦2,000.00',
      'Net earnings ₦21,275.00',
      'Payouts -₦10,000.00',
      'Transactions (12)',
      `15 Jan 10:00 Sale Sale ${n.gown} ${n.gown} Pending ₦20,000.00 ₦0.00`,
      `22 Jan 10:00 Released to available ${n.gown} released to available ${n.gown} Available ₦18,600.00 ₦18,600.00`,
      `22 Jan 11:00 Refund Refund on ${n.wrapper} ${n.wrapper} Pending -₦2,000.00 ₦18,600.00`,
      '22 Jan 12:00 Payout Payout to GTBank ••••6789 Available -₦10,000.00 ₦8,600.00',
      'Payout returned: Account closed Available ₦1,000.00 ₦8,600.00',
      'Page 1 of 1',
    ])
      expect(flat).toContain(expected);
    expect(flat).not.toContain(n.sandals);
  });

  it('opens a month on the balance the last one closed with; this month runs to today', async () => {
    const { text } = await pdfText('2026-02');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Period 1 February 2026 to 10 February 2026 (Lagos time)');
    expect(flat).toContain('Opening, 1 February 2026 ₦8,600.00');
    expect(flat).toContain('Closing, 10 February 2026 ₦8,600.00');
    expect(flat).toContain('Sales ₦3,000.00');
    expect(flat).toContain(`1 Feb 00:30 Sale Sale ${n.sandals}`);
    expect(flat).toContain('Transactions (3)');
  });

  it('says so when a month has no lines, and shows another seller only their own', async () => {
    const empty = await pdfText('2025-12');
    expect(empty.text).toContain('No transactions this month.');
    const other = await pdfText('2026-01', otherAuth);
    expect(other.text).toContain('Tunde Gadgets');
    expect(other.text).toContain(`Sale ${n.earbuds}`);
    expect(other.text).not.toContain(n.gown);
    expect(other.text).not.toContain('Adaeze Fabrics');
  });

  it.each([
    ['2026-13', 400],
    ['2026-1', 400],
    ['2026-03', 400],
  ])('refuses month %s with %i', async (month, status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/earnings/statements/${month}.pdf`,
      headers: auth,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
  });
});
