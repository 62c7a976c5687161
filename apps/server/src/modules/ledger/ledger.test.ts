import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/errors.ts';
import { commissionKobo, paymentFeeKobo } from '@/modules/ledger/ledger-fees.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { expectCachesMatchEntries, paidOrder, unbalancedTransactions } from '@/test/ledger.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let ledger: LedgerPort;
beforeAll(async () => {
  t = await buildTestApp();
  ledger = t.app.ledger.port;
});
afterAll(() => t.close());

async function world() {
  const { seller } = await sellerWithToken(t);
  const { buyer } = await buyerWithToken(t);
  const order = (totalKobo: number, over: { method?: 'online' | 'pay_on_delivery' } = {}) =>
    paidOrder(t.db, {
      sellerId: seller.id,
      buyerId: buyer.id,
      totalKobo,
      ...(over.method === 'pay_on_delivery'
        ? { method: 'pay_on_delivery', payment: 'pay_on_delivery_pending' as const }
        : {}),
    });
  const tx = <T>(fn: (q: Parameters<LedgerPort['balances']>[0]) => Promise<T>) => t.db.transaction(fn);
  const balances = () => ledger.balances(t.db, seller.id);
  const paid = async (totalKobo: number) => {
    const o = await order(totalKobo);
    await tx((q) =>
      ledger.orderPaid(q, {
        orderId: o.id,
        sellerId: seller.id,
        amountKobo: totalKobo,
        paymentReference: `ref-${o.id}`,
        at: t.clock.now(),
      }),
    );
    return o;
  };
  const release = async (orderId: string) => {
    await tx((q) =>
      ledger.orderHandedOver(q, { orderId, sellerId: seller.id, at: t.clock.now(), returnWindowDays: 7 }),
    );
    t.clock.advance(7 * DAY + 1000);
    await t.jobs.runDue();
  };
  return { seller, order, paid, release, balances, tx };
}

describe('fees', () => {
  it('takes 1.5 % + ₦100 from a payment, waives the ₦100 under ₦2,500 and caps the fee at ₦2,000', () => {
    expect(paymentFeeKobo(2_000_000)).toBe(40_000); // ₦20,000 → ₦300 + ₦100
    expect(paymentFeeKobo(249_999)).toBe(3_750); // ₦2,499.99 → 1.5 % only
    expect(paymentFeeKobo(250_000)).toBe(13_750); // ₦2,500 → ₦37.50 + ₦100
    expect(paymentFeeKobo(100_000_000)).toBe(200_000); // ₦1m → capped at ₦2,000
    expect(commissionKobo(2_000_000, 500)).toBe(100_000);
  });
});

describe('an order paid online', () => {
  it('posts the sale to pending less the commission and the payment fee, each its own line', async () => {
    const w = await world();
    await w.paid(2_000_000);
    expect(await w.balances()).toMatchObject({ pendingKobo: 1_860_000, availableKobo: 0 });
    const { rows } = await t.db.execute(sql`
      select kind, amount_kobo, description from ledger_entries
      where seller_id = ${w.seller.id} and shown order by id`);
    expect(rows.map((r) => [r.kind, Number(r.amount_kobo)])).toEqual([
      ['sale', 2_000_000],
      ['commission', -100_000],
      ['payment_fee', -40_000],
    ]);
    expect(String(rows[0]?.description)).toMatch(/^Sale KSW-\d+$/);
    await expectCachesMatchEntries(t.db, w.seller.id);
  });

  it('posts once however often the same order is reported paid', async () => {
    const w = await world();
    const o = await w.paid(500_000);
    await w.tx((q) =>
      ledger.orderPaid(q, {
        orderId: o.id,
        sellerId: w.seller.id,
        amountKobo: 500_000,
        paymentReference: 'again',
        at: t.clock.now(),
      }),
    );
    const { rows } = await t.db.execute(
      sql`select count(*)::int as n from ledger_transactions where order_id = ${o.id}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('moves the money to available once the return window after the hand-over has passed', async () => {
    const w = await world();
    const o = await w.paid(2_000_000);
    await w.tx((q) =>
      ledger.orderHandedOver(q, {
        orderId: o.id,
        sellerId: w.seller.id,
        at: t.clock.now(),
        returnWindowDays: 7,
      }),
    );
    t.clock.advance(6 * DAY);
    await t.jobs.runDue();
    expect((await w.balances()).availableKobo).toBe(0);
    t.clock.advance(DAY + 1000);
    await t.jobs.runDue();
    expect(await w.balances()).toMatchObject({ pendingKobo: 0, availableKobo: 1_860_000 });
    await expectCachesMatchEntries(t.db, w.seller.id);
  });

  it('keeps the money pending while a return is open, and releases it a day after it closes', async () => {
    const w = await world();
    const o = await w.paid(1_000_000);
    let open = true;
    t.app.ledger.useOpenReturns({ hasOpenReturn: async (_q, id) => open && id === o.id });
    try {
      await w.release(o.id);
      expect((await w.balances()).availableKobo).toBe(0);
      open = false;
      t.clock.advance(DAY + 1000);
      await t.jobs.runDue();
      expect((await w.balances()).pendingKobo).toBe(0);
      expect((await w.balances()).availableKobo).toBeGreaterThan(0);
    } finally {
      t.app.ledger.useOpenReturns({ hasOpenReturn: async () => false });
    }
  });
});

describe('rows', () => {
  it('refuses to change or delete an entry, and to commit a transaction that does not balance', async () => {
    const w = await world();
    await w.paid(300_000);
    await expect(
      t.db.execute(sql`update ledger_entries set amount_kobo = 1 where seller_id = ${w.seller.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`delete from ledger_entries where seller_id = ${w.seller.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.transaction(async (q) => {
        const { rows } = await q.execute(sql`
          insert into ledger_transactions (key, kind, seller_id, at) values ('bad', 'refund', ${w.seller.id}, now())
          returning id`);
        await q.execute(sql`
          insert into ledger_entries (transaction_id, seller_id, account, kind, amount_kobo, at)
          values (${rows[0]?.id}, ${w.seller.id}, 'available', 'refund', 100, now())`);
      }),
    ).rejects.toThrow();
    expect(await unbalancedTransactions(t.db)).toEqual([]);
  });
});

describe('payouts', () => {
  it('holds, pays and returns a payout, and refuses more than the available balance', async () => {
    const w = await world();
    const o = await w.paid(2_000_000);
    await w.release(o.id);
    const at = t.clock.now();
    const payoutId = crypto.randomUUID();
    await expect(
      w.tx((q) => ledger.holdPayout(q, { payoutId, sellerId: w.seller.id, amountKobo: 1_860_001, at })),
    ).rejects.toThrow('Your available balance is ₦18,600.00');
    await w.tx((q) => ledger.holdPayout(q, { payoutId, sellerId: w.seller.id, amountKobo: 1_000_000, at }));
    await w.tx((q) => ledger.holdPayout(q, { payoutId, sellerId: w.seller.id, amountKobo: 1_000_000, at }));
    expect(await w.balances()).toMatchObject({ availableKobo: 860_000, payoutInFlightKobo: 1_000_000 });
    await w.tx((q) => ledger.payoutPaid(q, { payoutId, sellerId: w.seller.id, amountKobo: 1_000_000, at }));
    expect(await w.balances()).toMatchObject({ payoutInFlightKobo: 0, paidOutKobo: 1_000_000 });
    await w.tx((q) =>
      ledger.payoutReturned(q, {
        payoutId,
        sellerId: w.seller.id,
        amountKobo: 1_000_000,
        from: 'paid_out',
        reason: 'Account closed',
        at,
      }),
    );
    expect(await w.balances()).toMatchObject({ availableKobo: 1_860_000, paidOutKobo: 0 });
    await expectCachesMatchEntries(t.db, w.seller.id);
  });

  // Found by the property test (seed 439749202): a payout returned from in flight, then reported paid.
  it('refuses to pay a payout whose money went back, or to return it from where it no longer is', async () => {
    const w = await world();
    const o = await w.paid(2_000_000);
    await w.release(o.id);
    const at = t.clock.now();
    const sellerId = w.seller.id;
    const returned = crypto.randomUUID();
    await w.tx((q) => ledger.holdPayout(q, { payoutId: returned, sellerId, amountKobo: 500_000, at }));
    await w.tx((q) =>
      ledger.payoutReturned(q, {
        payoutId: returned,
        sellerId,
        amountKobo: 500_000,
        from: 'in_flight',
        reason: 'Account closed',
        at,
      }),
    );
    await expect(
      w.tx((q) => ledger.payoutPaid(q, { payoutId: returned, sellerId, amountKobo: 500_000, at })),
    ).rejects.toThrow('This payout is no longer on its way');
    const paid = crypto.randomUUID();
    await w.tx((q) => ledger.holdPayout(q, { payoutId: paid, sellerId, amountKobo: 300_000, at }));
    await w.tx((q) => ledger.payoutPaid(q, { payoutId: paid, sellerId, amountKobo: 300_000, at }));
    await expect(
      w.tx((q) =>
        ledger.payoutReturned(q, {
          payoutId: paid,
          sellerId,
          amountKobo: 300_000,
          from: 'in_flight',
          reason: 'x',
          at,
        }),
      ),
    ).rejects.toThrow('This payout is no longer on its way');
    expect(await w.balances()).toMatchObject({
      availableKobo: 1_560_000,
      payoutInFlightKobo: 0,
      paidOutKobo: 300_000,
    });
    await expectCachesMatchEntries(t.db, sellerId);
  });

  it('lets exactly one of two payouts for the whole balance through', async () => {
    const w = await world();
    const o = await w.paid(2_000_000);
    await w.release(o.id);
    const hold = () =>
      w.tx((q) =>
        ledger.holdPayout(q, {
          payoutId: crypto.randomUUID(),
          sellerId: w.seller.id,
          amountKobo: 1_860_000,
          at: t.clock.now(),
        }),
      );
    const results = await Promise.allSettled([hold(), hold()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(HttpError);
    expect(await w.balances()).toMatchObject({ availableKobo: 0, payoutInFlightKobo: 1_860_000 });
  });
});

describe('refunds', () => {
  it('takes a refund from pending first, gives the commission on it back but not the fee', async () => {
    const w = await world();
    const o = await w.paid(2_000_000);
    await w.tx((q) =>
      ledger.refund(q, {
        key: `refund:${o.id}:1`,
        orderId: o.id,
        sellerId: w.seller.id,
        amountKobo: 500_000,
        reason: 'damaged',
        at: t.clock.now(),
      }),
    );
    // 1,860,000 pending − 500,000 refunded + 25,000 commission back (5 % of the refunded part)
    expect(await w.balances()).toMatchObject({ pendingKobo: 1_385_000, refundsKobo: 500_000 });
    expect(await ledger.refundableKobo(t.db, o.id)).toBe(1_500_000);
    await expect(
      w.tx((q) =>
        ledger.refund(q, {
          key: `refund:${o.id}:2`,
          orderId: o.id,
          sellerId: w.seller.id,
          amountKobo: 1_500_001,
          reason: 'too much',
          at: t.clock.now(),
        }),
      ),
    ).rejects.toThrow('At most ₦15,000.00 can still be refunded on this order');
    await w.tx((q) =>
      ledger.refund(q, {
        key: `refund:${o.id}:2`,
        orderId: o.id,
        sellerId: w.seller.id,
        amountKobo: 1_500_000,
        reason: 'the rest',
        at: t.clock.now(),
      }),
    );
    // Fully refunded: the seller is left without the payment fee (₦400), taken from pending → owed.
    const b = await w.balances();
    expect(b.pendingKobo + b.availableKobo - b.owedKobo).toBe(-40_000);
    expect(await ledger.refundableKobo(t.db, o.id)).toBe(0);
    await expectCachesMatchEntries(t.db, w.seller.id);
  });
});
