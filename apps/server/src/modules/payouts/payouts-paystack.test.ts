// Payouts through Paystack's transfer API (the stand-in speaking its documented shapes) and its
// signed transfer webhooks on the payments module's route: recipients and transfers with our
// reference, a bad signature refused, replays posting nothing twice, failures and reversals giving
// the money back, an ambiguous answer never sending twice, and reconciling without a webhook.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FakePaystackTransfers, startFakePaystackTransfers } from '@/test/fake-paystack-transfers.ts';
import { balancesOf, byPassword, fundAvailable, gtb, payoutRows, payoutSeller } from '@/test/payouts.ts';

let t: TestApp;
let fake: FakePaystackTransfers;
let baseUrl: string;
const MINUTE = 60 * 1000;

beforeAll(async () => {
  fake = await startFakePaystackTransfers();
  const paystack = { provider: 'paystack' as const, secretKey: fake.secretKey, baseUrl: fake.baseUrl };
  t = await buildTestApp({ payments: paystack, payouts: { payout: paystack, bank: paystack } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const webhookUrl = () => `${baseUrl}/api/webhooks/paystack`;
const transferPosts = () => fake.calls.filter((c) => c === 'POST /transfer').length;

/** A seller paid out `naira` through Paystack: the payout sent, Paystack answered pending. */
async function sentPayout(naira: number, serial = '012345678') {
  const s = await payoutSeller(t);
  const account = gtb(serial);
  fake.addAccount('058', account, 'BOLA ADE');
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/payouts/bank-account',
    headers: s.auth,
    payload: { bankCode: '058', accountNumber: account, stepUp: byPassword },
  });
  expect(saved.json().bankAccount.accountName).toBe('BOLA ADE');
  const available = await fundAvailable(t, s, 5_000_000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payouts',
    headers: { ...s.auth, 'idempotency-key': randomUUID() },
    payload: { amount: naira, stepUp: byPassword },
  });
  expect(res.statusCode).toBe(201);
  const reference = res.json().payout.reference as string;
  await t.jobs.runDue();
  return { ...s, available, reference };
}

const statusOf = async (sellerId: string) => (await payoutRows(t, sellerId))[0]?.status;

describe('Paystack payouts', () => {
  it('creates a nuban recipient and a transfer from the balance with our reference, in kobo', async () => {
    const s = await sentPayout(2500);
    expect(s.reference).toMatch(/^[a-z0-9_-]{16,}$/);
    const transfer = fake.transfers.get(s.reference);
    expect(transfer).toMatchObject({ amount: 250_000, status: 'pending' });
    expect(fake.recipients.find((r) => r.code === transfer?.recipient)).toMatchObject({
      bankCode: '058',
      name: 'BOLA ADE',
    });
    expect(await statusOf(s.seller.id)).toBe('processing');
  });

  it('refuses a transfer webhook with a bad signature (401) and changes nothing', async () => {
    const s = await sentPayout(2000, '022233344');
    fake.settle(s.reference, 'success');
    const forged = await fake.sendTransferWebhook(webhookUrl(), s.reference, { signature: 'ab'.repeat(64) });
    expect(forged).toBe(401);
    const unsigned = await fake.sendTransferWebhook(webhookUrl(), s.reference, { signature: null });
    expect(unsigned).toBe(401);
    expect(await statusOf(s.seller.id)).toBe('processing');
    expect((await balancesOf(t, s.seller.id)).paidOutKobo).toBe(0);
  });

  it('marks the payout paid on transfer.success, once however often the webhook is replayed', async () => {
    const s = await sentPayout(2000, '033344455');
    fake.settle(s.reference, 'success');
    for (let i = 0; i < 3; i++) expect(await fake.sendTransferWebhook(webhookUrl(), s.reference)).toBe(200);
    expect(await statusOf(s.seller.id)).toBe('paid');
    expect(await balancesOf(t, s.seller.id)).toMatchObject({ paidOutKobo: 200_000, payoutInFlightKobo: 0 });
    await t.jobs.runDue();
    expect(
      t.mailer.sent.filter((m) => m.to === s.seller.email && m.subject.includes('payout is on its way')),
    ).toHaveLength(1);
  });

  it("gives the money back on transfer.failed, with Paystack's reason", async () => {
    const s = await sentPayout(3000, '044455567');
    fake.settle(s.reference, 'failed', 'Account closed');
    expect(await fake.sendTransferWebhook(webhookUrl(), s.reference)).toBe(200);
    expect(await fake.sendTransferWebhook(webhookUrl(), s.reference)).toBe(200);
    const [row] = await payoutRows(t, s.seller.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    expect(await balancesOf(t, s.seller.id)).toMatchObject({
      availableKobo: s.available,
      payoutInFlightKobo: 0,
    });
  });

  it('takes a paid payout back to available when Paystack reverses it', async () => {
    const s = await sentPayout(4000, '055566678');
    fake.settle(s.reference, 'success');
    await fake.sendTransferWebhook(webhookUrl(), s.reference);
    fake.settle(s.reference, 'reversed', 'Beneficiary bank unavailable');
    expect(await fake.sendTransferWebhook(webhookUrl(), s.reference)).toBe(200);
    expect(await fake.sendTransferWebhook(webhookUrl(), s.reference)).toBe(200);
    expect((await payoutRows(t, s.seller.id))[0]).toMatchObject({
      status: 'reversed',
      failureReason: 'Beneficiary bank unavailable',
    });
    expect(await balancesOf(t, s.seller.id)).toMatchObject({ availableKobo: s.available, paidOutKobo: 0 });
  });

  it('settles from GET /transfer/verify when no webhook comes', async () => {
    const s = await sentPayout(1500, '066677789');
    fake.settle(s.reference, 'success');
    t.clock.advance(15 * MINUTE + 1000);
    await t.jobs.runDue();
    expect(await statusOf(s.seller.id)).toBe('paid');
  });

  it('after an ambiguous answer (a 500 once the transfer was made) verifies the reference and never sends twice', async () => {
    const before = transferPosts();
    fake.setTransferMode('error500');
    let s: Awaited<ReturnType<typeof sentPayout>>;
    try {
      s = await sentPayout(2200, '077788890');
    } finally {
      fake.setTransferMode('answer');
    }
    expect(transferPosts()).toBe(before + 1);
    const [job] = (await t.jobs.list()).filter((j) => j.task === 'payouts.send');
    expect(job?.lastError).toContain('Paystack');
    expect(await statusOf(s.seller.id)).toBe('pending');
    // The queue's back-off passes and the job runs again (graphile-worker dates the retry by
    // PostgreSQL's own clock: the fake one is moved just past it).
    t.clock.set(new Date((job?.runAt.getTime() ?? 0) + 1));
    await t.jobs.runDue();
    expect(transferPosts()).toBe(before + 1);
    expect([...fake.transfers.values()].filter((x) => x.reference === s.reference)).toHaveLength(1);
    expect(await statusOf(s.seller.id)).toBe('processing');
  });
});
