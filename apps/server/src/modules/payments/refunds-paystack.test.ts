import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, refunds } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FakePaystack, startFakePaystack } from '@/test/fake-paystack.ts';
import { deliveredOrder } from '@/test/returns.ts';

let t: TestApp;
let paystack: FakePaystack;
beforeAll(async () => {
  paystack = await startFakePaystack();
  t = await buildTestApp({
    payments: { provider: 'paystack', secretKey: paystack.secretKey, baseUrl: paystack.baseUrl },
  });
});
afterAll(async () => {
  await t.close();
  await paystack.stop();
});

/** An order paid through Paystack: the stand-in holds the successful transaction of its reference. */
async function paidWithPaystack() {
  const f = await deliveredOrder(t, { provider: 'paystack' });
  paystack.transactions.set(f.reference, {
    id: 5_000_000 + f.order.number,
    reference: f.reference,
    amount: f.order.totalKobo,
    email: f.buyer.buyer.email,
    callbackUrl: null,
    metadata: null,
    accessCode: `code-${f.order.number}`,
    status: 'success',
    paidAt: new Date().toISOString(),
  });
  return f;
}

async function refund(orderId: string, amountKobo: number, key = `test:${orderId}:${amountKobo}`) {
  const made = await t.db.transaction((tx) =>
    t.app.refunds.create(tx, { key, orderId, amountKobo, reason: 'return', actor: 'seller' }),
  );
  return made.refund.id;
}
const row = async (id: string) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0];
const posts = () => paystack.calls.filter((c) => c === 'POST /refund').length;
/** The back-off is graphile-worker's, counted from PostgreSQL's now(): go just past the retry's run_at. */
async function pastRetryOf(refundId: string) {
  const job = (await t.jobs.list()).find((j) => j.key === `refund:${refundId}:send`);
  if (!job) throw new Error('no retry pending');
  t.clock.set(new Date(job.runAt.getTime() + 1));
}
const webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/paystack', headers, payload: body });

describe('refunds through Paystack (against the stand-in)', () => {
  it('posts POST /refund in kobo after the commit, then settles on the signed refund.processed webhook, once', async () => {
    const f = await paidWithPaystack();
    const id = await refund(f.order.id, 7_500_00);
    expect(posts()).toBe(0); // nothing is sent inside the transaction
    await t.jobs.runDue();
    const sent = [...paystack.refunds.values()].filter((r) => r.reference === f.reference);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.amount).toBe(7_500_00);
    expect(await row(id)).toMatchObject({
      status: 'pending',
      providerRefundId: String(sent[0]?.id),
      attempts: 1,
    });

    const processed = paystack.refundWebhook(sent[0]?.id ?? 0, 'processed');
    expect(JSON.parse(processed.body).data.amount).toBe('750000'); // a string, as in Paystack's samples
    const entriesBefore = (await t.db.select().from(ledgerEntries)).length;
    expect((await webhook(processed.body, processed.headers)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'processed', providerStatus: 'processed' });

    // A replay changes nothing, and no webhook ever posts to the ledger.
    expect((await webhook(processed.body, processed.headers)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'processed' });
    expect((await t.db.select().from(ledgerEntries)).length).toBe(entriesBefore);
  });

  it('refuses a refund webhook with a bad signature (401) and changes nothing', async () => {
    const f = await paidWithPaystack();
    const id = await refund(f.order.id, 1_000_00);
    await t.jobs.runDue();
    const providerId = Number((await row(id))?.providerRefundId);
    const failed = paystack.refundWebhook(providerId, 'failed');
    const forged = { ...failed.headers, 'x-paystack-signature': 'ab'.repeat(64) };
    expect((await webhook(failed.body, forged)).statusCode).toBe(401);
    expect(await row(id)).toMatchObject({ status: 'pending' });
    // The genuine delivery marks it failed, for support to follow up.
    expect((await webhook(failed.body, failed.headers)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'failed' });
  });

  it('never refunds twice when Paystack created the refund but the answer was lost: it lists before retrying', async () => {
    const f = await paidWithPaystack();
    paystack.refundFaults.push('lost');
    const id = await refund(f.order.id, 2_000_00);
    const before = posts();
    await t.jobs.runDue();
    expect(posts()).toBe(before + 1);
    expect(await row(id)).toMatchObject({ status: 'pending', providerRefundId: null, attempts: 1 });
    expect((await row(id))?.lastError).toContain('Paystack');

    await pastRetryOf(id);
    await t.jobs.runDue();
    expect(posts()).toBe(before + 1); // found in GET /refund, not posted again
    const theirs = [...paystack.refunds.values()].filter((r) => r.reference === f.reference);
    expect(theirs).toHaveLength(1);
    expect(await row(id)).toMatchObject({ providerRefundId: String(theirs[0]?.id) });
  });

  it('retries a refund Paystack never received, until it does', async () => {
    const f = await paidWithPaystack();
    paystack.refundFaults.push('down');
    const id = await refund(f.order.id, 3_000_00);
    await t.jobs.runDue();
    expect([...paystack.refunds.values()].filter((r) => r.reference === f.reference)).toHaveLength(0);
    await pastRetryOf(id);
    await t.jobs.runDue();
    const theirs = [...paystack.refunds.values()].filter((r) => r.reference === f.reference);
    expect(theirs).toHaveLength(1);
    expect(await row(id)).toMatchObject({ providerRefundId: String(theirs[0]?.id), attempts: 2 });
  });
});
