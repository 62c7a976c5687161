import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, refunds } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { deliveredOrder, expectOk, requestReturn, sellerAct } from '@/test/returns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function requested() {
  const f = await deliveredOrder(t);
  const res = await requestReturn(t, f.buyer.auth, {
    orderId: f.order.id,
    lines: [{ orderLineId: f.line('Ankara Gown'), quantity: 1 }],
    reason: 'damaged',
  });
  expectOk(res, 201);
  return { ...f, returnId: res.json().return._id as string };
}
// Read through the service: days pass on the fake clock, and the test's session tokens expire.
const view = (f: Awaited<ReturnType<typeof requested>>) =>
  t.app.returns.service.get(f.seller.seller.id, f.returnId);
const buyerView = (f: Awaited<ReturnType<typeof requested>>) =>
  t.app.returns.service.getForBuyer(f.buyer.buyer.id, f.returnId);

describe('return deadlines on the fake clock', () => {
  it('reminds the seller after one business day and approves the request after two', async () => {
    // The fake clock starts on Thursday 15 January 2026, 09:00 UTC.
    const f = await requested();
    t.clock.advance(23 * HOUR);
    await t.jobs.runDue();
    const before = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.sellerId, f.seller.seller.id));
    expect(before.map((n) => n.title)).not.toContain('Return waiting for your answer');

    t.clock.advance(2 * HOUR); // Friday 10:00: one business day
    await t.jobs.runDue();
    const reminded = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.sellerId, f.seller.seller.id));
    expect(reminded.map((n) => n.title)).toContain('Return waiting for your answer');
    expect(
      t.mailer.sent.some(
        (m) => m.to === f.seller.seller.email && m.subject.startsWith('Reminder: answer return'),
      ),
    ).toBe(true);
    // Each reads the deadline in their own words: the seller is told to answer, the buyer who answers.
    const waiting = await view(f);
    expect(waiting.status).toBe('requested');
    expect(waiting.deadline?.label).toMatch(/^Answer by Mon, 19 Jan, 10:00, or the return is approved/);
    expect(reminded.find((n) => n.title === 'Return waiting for your answer')?.message).toContain(
      'Answer by Mon, 19 Jan',
    );
    expect((await buyerView(f)).deadline?.label).toMatch(/^The seller answers by Mon, 19 Jan, 10:00/);

    t.clock.advance(3 * DAY); // Monday 10:00: two business days (the weekend does not count)
    await t.jobs.runDue();
    const approved = await view(f);
    expect(approved).toMatchObject({ status: 'approved', method: 'drop_off' });
    expect(approved.timeline.at(-1)?.message).toMatch(/^Approved automatically/);
    expect(approved.deadline?.label).toMatch(/^The buyer sends the item back by/);
    expect((await buyerView(f)).deadline?.label).toMatch(/^Send the item back by .*, or the return closes$/);
    const approvedMail = t.mailer.sent.find((m) => m.subject.endsWith('is approved'));
    expect(approvedMail?.text).toMatch(/Send the item back by /);

    // The buyer does not send it back within 5 days: the return closes, and nothing is refunded.
    t.clock.advance(5 * DAY + HOUR);
    await t.jobs.runDue();
    expect(await view(f)).toMatchObject({ status: 'closed', deadline: null });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, f.order.id))).toEqual([]);
  });

  it("stops the seller's clock while the buyer is asked, and never approves an answered request", async () => {
    const f = await requested();
    expectOk(
      await sellerAct(t, f.seller.auth, f.returnId, { action: 'request_info', message: 'Which seam?' }),
    );
    t.clock.advance(7 * DAY);
    await t.jobs.runDue();
    expect((await view(f)).status).toBe('info_needed');

    await t.app.returns.service.act(f.seller.seller.id, f.returnId, {
      action: 'reject',
      reason: 'No answer',
    });
    t.clock.advance(7 * DAY);
    await t.jobs.runDue();
    expect((await view(f)).status).toBe('rejected');
  });

  it('refunds the buyer in full when the seller does not confirm receipt within 8 days', async () => {
    const f = await requested();
    expectOk(await sellerAct(t, f.seller.auth, f.returnId, { action: 'approve', method: 'drop_off' }));
    expectOk(
      await t.app.inject({
        method: 'POST',
        url: `/api/buyer/returns/${f.returnId}/shipped`,
        headers: f.buyer.auth,
        payload: {},
      }),
    );
    expect((await view(f)).deadline?.label).toMatch(
      /^Confirm receipt by .*, or the buyer is refunded in full/,
    );
    expect((await buyerView(f)).deadline?.label).toMatch(
      /^The seller confirms receipt by .*, or you are refunded in full automatically$/,
    );
    t.clock.advance(8 * DAY - HOUR);
    await t.jobs.runDue();
    expect((await view(f)).status).toBe('in_transit');

    t.clock.advance(2 * HOUR);
    await t.jobs.runDue();
    const done = await view(f);
    expect(done).toMatchObject({ status: 'refunded', refunded: 15_000 });
    expect(done.timeline.at(-1)?.message).toContain('automatically');
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, f.order.id));
    expect(refund).toMatchObject({ amountKobo: 15_000_00, status: 'processed' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, f.order.id));
    expect(order?.paymentStatus).toBe('partially_refunded');
  });

  it('keys each deadline per return: one pending job per deadline, gone once the return is withdrawn', async () => {
    const f = await requested();
    const keys = (await t.jobs.list()).map((j) => j.key).filter((k) => k?.startsWith(`return:${f.returnId}`));
    expect(keys.sort()).toEqual([`return:${f.returnId}:answer`, `return:${f.returnId}:answer-reminder`]);
    expectOk(
      await t.app.inject({
        method: 'POST',
        url: `/api/buyer/returns/${f.returnId}/withdraw`,
        headers: f.buyer.auth,
      }),
    );
    const left = (await t.jobs.list()).filter((j) => j.key?.startsWith(`return:${f.returnId}`));
    expect(left).toEqual([]);
  });
});
