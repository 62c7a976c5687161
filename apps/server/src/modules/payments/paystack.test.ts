import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/config.ts';
import { payments, processedWebhooks } from '@/db/schema/index.ts';
import { PaymentProviderError } from '@/modules/payments/payment-provider.ts';
import { paystackProvider } from '@/modules/payments/paystack.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FakePaystack, startFakePaystack } from '@/test/fake-paystack.ts';
import { orderToPay, paymentStatusOfOrder, recordingPaymentSucceeded } from '@/test/payments.ts';

const recorder = recordingPaymentSucceeded();
let t: TestApp;
let paystack: FakePaystack;
let webhookUrl: string;

beforeAll(async () => {
  paystack = await startFakePaystack();
  t = await buildTestApp({
    paymentSucceeded: recorder.handler,
    payments: { provider: 'paystack', secretKey: paystack.secretKey, baseUrl: paystack.baseUrl },
  });
  // Webhooks arrive over real HTTP, as Paystack's do: the raw body goes through the socket.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/webhooks/paystack`;
});
afterAll(async () => {
  await t.close();
  await paystack.stop();
});

/** An order with a payment started and its pay link opened: Paystack knows the reference. */
async function initialized(totalKobo = 25_000_00) {
  const fixture = await orderToPay(t, totalKobo);
  const started = await t.app.payments.start(t.db, {
    orderId: fixture.order.id,
    amountKobo: totalKobo,
    email: fixture.buyer.email,
    callbackUrl: fixture.callbackUrl,
  });
  const link = new URL(started.authorizationUrl);
  const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  return { ...fixture, ...started, redirect: res };
}
const callsFor = (reference: string) => recorder.calls.filter((c) => c.reference === reference);
const paymentRow = async (reference: string) =>
  (await t.db.select().from(payments).where(eq(payments.reference, reference)))[0];

describe('Paystack checkout against the stand-in', () => {
  it('initializes a transaction in kobo when the buyer opens the pay link, and sends them to its checkout', async () => {
    const p = await initialized();
    expect(p.redirect.statusCode).toBe(303);
    const tx = paystack.transactions.get(p.reference);
    expect(tx).toMatchObject({
      amount: 25_000_00,
      email: p.buyer.email,
      callbackUrl: `http://localhost:3000/my-orders/${p.order.id}`,
      metadata: { orderId: p.order.id, orderNumber: `KSW-${p.order.number}` },
    });
    expect(p.redirect.headers.location).toBe(`${paystack.baseUrl}/checkout/${tx?.accessCode}`);

    // A reload goes to the same checkout; Paystack is not asked twice.
    const before = paystack.calls.length;
    const again = await t.app.inject({ method: 'GET', url: `/pay/${p.reference}` });
    expect(again.headers.location).toBe(p.redirect.headers.location);
    expect(paystack.calls.length).toBe(before);
  });

  it("keeps Paystack's code on a refusal without data, so a second initialize of one reference is known as a duplicate", async () => {
    const provider = paystackProvider({ secretKey: paystack.secretKey, baseUrl: paystack.baseUrl });
    const payment = {
      reference: `KSW-1-dup${Date.now().toString(36)}`,
      amountKobo: 5_000_00,
      email: 'ada@example.ng',
      callbackUrl: 'http://127.0.0.1/my-orders/x',
      metadata: {},
    };
    await provider.initialize(payment);
    const second = await provider.initialize(payment).catch((err: unknown) => err);
    expect(second).toBeInstanceOf(PaymentProviderError);
    expect(second).toMatchObject({ code: 'duplicate_reference', statusCode: 502 });
  });

  it('settles once on a signed charge.success, and a duplicated delivery changes nothing', async () => {
    const p = await initialized();
    paystack.pay(p.reference);
    expect(await paystack.sendWebhook(webhookUrl, p.reference)).toBe(200);
    expect(await paystack.sendWebhook(webhookUrl, p.reference)).toBe(200);
    expect(callsFor(p.reference)).toEqual([
      { orderId: p.order.id, reference: p.reference, provider: 'paystack', paidKobo: 25_000_00 },
    ]);
    expect(await paymentStatusOfOrder(t.db, p.order.id)).toBe('paid');
    expect(await paymentRow(p.reference)).toMatchObject({ status: 'succeeded', paidKobo: 25_000_00 });
    const seen = await t.db
      .select()
      .from(processedWebhooks)
      .where(eq(processedWebhooks.eventId, `charge.success:${p.reference}`));
    expect(seen).toHaveLength(1);
  });

  it('refuses unsigned, forged and tampered webhooks with 401 and changes nothing', async () => {
    const p = await initialized();
    paystack.pay(p.reference);
    expect(await paystack.sendWebhook(webhookUrl, p.reference, { signature: null })).toBe(401);
    expect(await paystack.sendWebhook(webhookUrl, p.reference, { signature: 'f'.repeat(128) })).toBe(401);
    expect(await paystack.sendWebhook(webhookUrl, p.reference, { tamper: true })).toBe(401);
    expect(callsFor(p.reference)).toHaveLength(0);
    expect(await paymentRow(p.reference)).toMatchObject({ status: 'pending', paidKobo: null });
    expect(await paymentStatusOfOrder(t.db, p.order.id)).toBe('awaiting_payment');
    // The genuine delivery still settles it afterwards.
    expect(await paystack.sendWebhook(webhookUrl, p.reference)).toBe(200);
    expect(callsFor(p.reference)).toHaveLength(1);
  });

  it('settles through verify when the webhook never came, and the late webhook then changes nothing', async () => {
    const p = await initialized();
    paystack.pay(p.reference);
    await t.app.payments.verify(p.reference);
    expect(callsFor(p.reference)).toHaveLength(1);
    expect(await paymentStatusOfOrder(t.db, p.order.id)).toBe('paid');
    expect(await paystack.sendWebhook(webhookUrl, p.reference)).toBe(200);
    await t.app.payments.verify(p.reference);
    expect(callsFor(p.reference)).toHaveLength(1);
  });

  it('records an attempt the buyer left unpaid, and still settles it when they pay later', async () => {
    const p = await initialized();
    await t.app.payments.verify(p.reference);
    expect(await paymentRow(p.reference)).toMatchObject({ status: 'abandoned' });
    expect(callsFor(p.reference)).toHaveLength(0);
    paystack.pay(p.reference);
    expect(await paystack.sendWebhook(webhookUrl, p.reference)).toBe(200);
    expect(callsFor(p.reference)).toHaveLength(1);
  });

  it('passes a different amount on as paid and marks the attempt a mismatch', async () => {
    const p = await initialized();
    paystack.pay(p.reference, { amountKobo: 100 });
    expect(await paystack.sendWebhook(webhookUrl, p.reference)).toBe(200);
    expect(callsFor(p.reference)).toEqual([expect.objectContaining({ paidKobo: 100 })]);
    expect(await paymentRow(p.reference)).toMatchObject({ status: 'amount_mismatch', paidKobo: 100 });
    expect(await paymentStatusOfOrder(t.db, p.order.id)).toBe('awaiting_payment');
  });

  it('settles once when the webhook and the buyer’s return race for the same reference', async () => {
    const races = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const p = await initialized();
        paystack.pay(p.reference);
        const [status] = await Promise.all([
          paystack.sendWebhook(webhookUrl, p.reference),
          t.app.payments.verify(p.reference),
          t.app.payments.verify(p.reference),
        ]);
        return { status, calls: callsFor(p.reference).length };
      }),
    );
    expect(races).toEqual(Array(5).fill({ status: 200, calls: 1 }));
  });

  it('acknowledges a charge for a reference it never issued without settling anything', async () => {
    const before = recorder.calls.length;
    const res = await fetch(`${paystack.baseUrl}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${paystack.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.ng', amount: 5000, reference: 'not-ours-1' }),
    });
    expect(res.status).toBe(200);
    paystack.pay('not-ours-1');
    expect(await paystack.sendWebhook(webhookUrl, 'not-ours-1')).toBe(200);
    expect(recorder.calls.length).toBe(before);
  });

  it('has no local test checkout: nobody can pay with a test card', async () => {
    const p = await initialized();
    expect((await t.app.inject({ method: 'GET', url: `/pay/local/${p.reference}` })).statusCode).toBe(404);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/webhooks/local-pay', payload: {} });
    expect(webhook.statusCode).toBe(404);
  });

  it('shows a page to try again when Paystack cannot be reached', async () => {
    const down = await buildTestApp({
      paymentSucceeded: recorder.handler,
      payments: { provider: 'paystack', secretKey: 'sk_test_x', baseUrl: 'http://127.0.0.1:9' },
    });
    try {
      const fixture = await orderToPay(down);
      const started = await down.app.payments.start(down.db, {
        orderId: fixture.order.id,
        amountKobo: 1_234_50,
        email: fixture.buyer.email,
        callbackUrl: fixture.callbackUrl,
      });
      const res = await down.app.inject({ method: 'GET', url: new URL(started.authorizationUrl).pathname });
      expect(res.statusCode).toBe(502);
      expect(res.body).toContain('No money was taken');
      expect(res.body).toContain('Try again');
    } finally {
      await down.close();
    }
  });
});

describe('payment configuration', () => {
  it('uses the local checkout unless told otherwise', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'local' });
  });

  it('needs the Paystack secret key with PAYMENT_PROVIDER=paystack, and refuses the public key', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY: is required/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /public key/,
    );
  });

  it("defaults to Paystack's documented host and takes another base URL for a stand-in", () => {
    expect(loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_abc' }).payments).toEqual(
      {
        provider: 'paystack',
        secretKey: 'sk_test_abc',
        baseUrl: 'https://api.paystack.co',
      },
    );
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: 'sk_test_abc',
        PAYSTACK_BASE_URL: 'http://127.0.0.1:4010',
      }).payments,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:4010' });
  });
});
