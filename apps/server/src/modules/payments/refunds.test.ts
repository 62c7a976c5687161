import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orderEvents, orders, refunds } from '@/db/schema/index.ts';
import { ConflictError } from '@/lib/errors.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { expectCachesMatchEntries, unbalancedTransactions } from '@/test/ledger.ts';
import { deliveredOrder, expectOk, requestReturn, sellerAct } from '@/test/returns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** What the seller's `refunds` account holds for the order (refunds post to it as positive amounts). */
const refundedOnLedger = async (orderId: string) =>
  (
    await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, 'refunds')))
  ).reduce((s, e) => s + e.amountKobo, 0);

describe('refunds never exceed what was paid', () => {
  it('takes one of five simultaneous refund clicks on a return and refuses the rest', async () => {
    const f = await deliveredOrder(t);
    const req = await requestReturn(t, f.buyer.auth, {
      orderId: f.order.id,
      lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 2 }],
      reason: 'damaged',
    });
    const id = req.json().return._id as string;
    expectOk(await sellerAct(t, f.seller.auth, id, { action: 'approve', method: 'keep_item' }));
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => sellerAct(t, f.seller.auth, id, { action: 'refund', amount: 30_000 })),
    );
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, f.order.id))).toHaveLength(1);
    expect(await t.app.ledger.port.refundableKobo(t.db, f.order.id)).toBe(5_000_00);
    await expectCachesMatchEntries(t.db, f.seller.seller.id);
  });

  it('lets only as many refunds of one order through, racing with different keys, as the payment covers', async () => {
    const f = await deliveredOrder(t);
    const share = Math.round(f.order.totalKobo * 0.6);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        t.db.transaction((tx) =>
          t.app.refunds.create(tx, {
            key: `race:${f.order.id}:${i}`,
            orderId: f.order.id,
            amountKobo: share,
            reason: 'race',
            actor: 'seller',
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConflictError);
    }
    expect(await refundedOnLedger(f.order.id)).toBe(share);
    expect(await unbalancedTransactions(t.db)).toEqual([]);
  });

  it('refunds once per key: a retried refund answers the first', async () => {
    const f = await deliveredOrder(t);
    const once = () =>
      t.db.transaction((tx) =>
        t.app.refunds.create(tx, {
          key: `retry:${f.order.id}`,
          orderId: f.order.id,
          amountKobo: 1_000_00,
          reason: 'goodwill',
          actor: 'seller',
        }),
      );
    const first = await once();
    const second = await once();
    expect(second).toMatchObject({ created: false, refund: { id: first.refund.id } });
    expect(await refundedOnLedger(f.order.id)).toBe(1_000_00);
  });
});

describe("the order machine's refundDue", () => {
  it('refunds a paid order the seller cancels in full, through the provider, once', async () => {
    const f = await deliveredOrder(t, { fulfilment: 'unfulfilled' });
    await t.db.transaction((tx) =>
      t.app.orders.applyOrderEvent(tx, f.order.id, { type: 'cancel', reason: 'Out of stock' }, 'seller'),
    );
    await t.jobs.runDue();
    await t.jobs.runDue();
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, f.order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountKobo: f.order.totalKobo,
      status: 'processed',
      reason: 'cancelled_after_payment',
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, f.order.id));
    expect(order).toMatchObject({ paymentStatus: 'refunded', fulfilmentStatus: 'cancelled' });
    const timeline = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, f.order.id));
    expect(timeline.map((e) => e.type)).toEqual(expect.arrayContaining(['cancelled', 'refunded']));
    expect(await refundedOnLedger(f.order.id)).toBe(f.order.totalKobo);
  });
});
