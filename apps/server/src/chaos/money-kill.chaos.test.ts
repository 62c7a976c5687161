import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAOS_PORTS, chaosNodes, kill9, type Node, report, until } from '@/chaos/harness.ts';
import { refunds } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FakePaystack, startFakePaystack } from '@/test/fake-paystack.ts';
import { type FakePaystackTransfers, startFakePaystackTransfers } from '@/test/fake-paystack-transfers.ts';
import { balancesOf, byPassword, fundAvailable, gtb, payoutRows, payoutSeller } from '@/test/payouts.ts';
import { deliveredOrder } from '@/test/returns.ts';

/* Issue 18, Faults: `kill -9` of the server (its inline job worker) while its payout or refund call
   is in flight at the Paystack stand-in, which has recorded the money movement but not answered. The
   restarted server must finish the job without sending the money a second time, soon (not after
   graphile-worker's four-hour lock), and the ledger must still balance. The set-up (seller, balance,
   paid order) is made through an app in this process on the same database; only the server
   processes run jobs. */

const nodes = chaosNodes('kasuwa-chaos-money-');

/** Every posting balances: the sum of all ledger lines is zero, per transaction and in all. */
async function ledgerBalances(t: TestApp) {
  const { rows } = await t.db.execute<{ unbalanced: number; total: string | null }>(
    sql`select (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id
               having sum(amount_kobo) <> 0) u) as unbalanced,
              (select sum(amount_kobo)::text from ledger_entries) as total`,
  );
  return { unbalanced: rows[0]?.unbalanced ?? -1, total: Number(rows[0]?.total ?? 0) };
}

afterAll(() => nodes.cleanup());

describe('kill -9 during a payout call', () => {
  let t: TestApp;
  let fake: FakePaystackTransfers;
  beforeAll(async () => {
    fake = await startFakePaystackTransfers(undefined, CHAOS_PORTS.provider);
    t = await buildTestApp({
      payouts: {
        payout: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.baseUrl },
        bank: { provider: 'local' },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('sends the transfer once, and the restarted server finishes the payout within seconds', async () => {
    const s = await payoutSeller(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/payouts/bank-account',
      headers: s.auth,
      payload: { bankCode: '058', accountNumber: gtb('012345678'), stepUp: byPassword },
    });
    await fundAvailable(t, s, 5_000_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...s.auth, 'idempotency-key': randomUUID() },
      payload: { amount: 2000, stepUp: byPassword },
    });
    expect(res.statusCode).toBe(201);
    const reference = res.json().payout.reference as string;
    const balancesBefore = await balancesOf(t, s.seller.id);

    const env = {
      DATABASE_URL: t.db.$client.options.connectionString ?? '',
      SEED_DEMO: '0',
      PAYOUT_PROVIDER: 'paystack',
      BANK_PROVIDER: 'local',
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_BASE_URL: fake.baseUrl,
    };
    const dataDir = await nodes.freshDataDir();
    fake.setTransferMode('hang');
    let node: Node = await nodes.start(dataDir, CHAOS_PORTS.nodeA, env);
    await fake.transferRequests(1);
    const killedAt = Date.now();
    await kill9(node);
    expect(fake.transfers.get(reference)?.amount).toBe(200_000);
    expect((await payoutRows(t, s.seller.id))[0]?.status).toBe('pending');

    fake.setTransferMode('answer');
    node = await nodes.start(dataDir, CHAOS_PORTS.nodeA, env);
    const readyAt = Date.now();
    await until(
      async () => (await payoutRows(t, s.seller.id))[0]?.status === 'processing',
      90_000,
      'the payout was taken up again after the restart',
    );
    const doneAfter = Date.now() - killedAt;
    const afterReady = Date.now() - readyAt;
    const posts = fake.calls.filter((c) => c === 'POST /transfer').length;
    expect(posts).toBe(1);
    expect(fake.calls).toContain(`GET /transfer/verify/${reference}`);
    expect(fake.transfers.size).toBe(1);
    expect(node.output()).toContain('freed the jobs of job workers that died');
    // The money left the seller's balance once (when the payout was asked for), not again.
    expect(await balancesOf(t, s.seller.id)).toEqual(balancesBefore);
    const ledger = await ledgerBalances(t);
    expect(ledger).toEqual({ unbalanced: 0, total: 0 });
    node.child.kill('SIGTERM');
    await node.exit;
    report(
      'kill -9 during a payout call',
      'fixed',
      `POST /transfer received ${posts}×; payout processing ${doneAfter} ms after the kill, ${afterReady} ms after the restarted server was ready (was: locked 4 h); ledger: 0 unbalanced postings, sum ${ledger.total}`,
    );
  });
});

describe('kill -9 during a refund call', () => {
  let t: TestApp;
  let paystack: FakePaystack;
  beforeAll(async () => {
    paystack = await startFakePaystack(undefined, CHAOS_PORTS.provider);
    t = await buildTestApp({
      payments: { provider: 'paystack', secretKey: paystack.secretKey, baseUrl: paystack.baseUrl },
    });
  });
  afterAll(async () => {
    await t?.close();
    await paystack?.stop();
  });

  it('refunds once, and the restarted server finishes the refund within seconds', async () => {
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
    const made = await t.db.transaction((tx) =>
      t.app.refunds.create(tx, {
        key: `chaos:${f.order.id}`,
        orderId: f.order.id,
        amountKobo: 5_000_00,
        reason: 'return',
        actor: 'seller',
      }),
    );
    const refundId = made.refund.id;
    const ledgerBefore = await ledgerBalances(t);

    const env = {
      DATABASE_URL: t.db.$client.options.connectionString ?? '',
      SEED_DEMO: '0',
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.baseUrl,
    };
    const dataDir = await nodes.freshDataDir();
    paystack.refundFaults.push('hang');
    let node: Node = await nodes.start(dataDir, CHAOS_PORTS.nodeA, env);
    await until(() => paystack.refunds.size === 1, 90_000, 'POST /refund reached the stand-in');
    const killedAt = Date.now();
    await kill9(node);
    paystack.releaseHanging();
    const rowOf = async () => (await t.db.select().from(refunds).where(eq(refunds.id, refundId)))[0];
    const atKill = await rowOf();
    expect(atKill?.providerRefundId).toBeNull();

    node = await nodes.start(dataDir, CHAOS_PORTS.nodeA, env);
    const readyAt = Date.now();
    // Taken up again: the refund Paystack made is found (GET /refund) and recorded as ours.
    const settled = await until(
      async () => {
        const row = await rowOf();
        return row?.providerRefundId ? row : null;
      },
      90_000,
      'the refund was taken up again after the restart',
    );
    const doneAfter = Date.now() - killedAt;
    const afterReady = Date.now() - readyAt;
    const posts = paystack.calls.filter((c) => c === 'POST /refund').length;
    expect(posts).toBe(1);
    expect(paystack.refunds.size).toBe(1);
    expect([...paystack.refunds.values()][0]?.amount).toBe(5_000_00);
    expect(settled.providerRefundId).toBe(String([...paystack.refunds.keys()][0]));
    expect(settled.status).toBe('pending'); // until Paystack's refund.processed webhook
    expect(paystack.calls.filter((c) => c.startsWith('GET /refund'))).not.toHaveLength(0);
    const ledger = await ledgerBalances(t);
    expect(ledger).toEqual(ledgerBefore);
    expect(ledger.unbalanced).toBe(0);
    node.child.kill('SIGTERM');
    await node.exit;
    report(
      'kill -9 during a refund call',
      'fixed',
      `POST /refund received ${posts}×; the restarted server found Paystack's refund (GET /refund) and recorded it ${doneAfter} ms after the kill, ${afterReady} ms after it was ready (was: locked 4 h); ledger unchanged by the retry, 0 unbalanced postings`,
    );
  });
});
