import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChargeWebhook, localWebhookSecret } from '@/modules/payments/local-provider.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { orderToPay, paymentStatusOfOrder, recordingPaymentSucceeded } from '@/test/payments.ts';

const recorder = recordingPaymentSucceeded();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ paymentSucceeded: recorder.handler });
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** An order with a started payment, and the local checkout page its pay link leads to. */
async function startedPayment(totalKobo = 1_234_50) {
  const fixture = await orderToPay(t, totalKobo);
  const started = await t.app.payments.start(t.db, {
    orderId: fixture.order.id,
    amountKobo: totalKobo,
    email: fixture.buyer.email,
    callbackUrl: fixture.callbackUrl,
  });
  const link = await t.app.inject({
    method: 'GET',
    url: new URL(started.authorizationUrl).pathname + new URL(started.authorizationUrl).search,
  });
  expect(link.statusCode).toBe(303);
  const page = new URL(link.headers.location as string);
  return { ...fixture, ...started, pagePath: page.pathname + page.search, formPath: page.pathname };
}
const callsFor = (reference: string) => recorder.calls.filter((c) => c.reference === reference);

describe('the local test checkout', () => {
  it('shows the amount in naira, the store and the three test outcomes, under the site CSP', async () => {
    const p = await startedPayment();
    expect(p.reference).toMatch(new RegExp(`^KSW-${p.order.number}-[0-9a-f]{10}$`));
    const res = await t.app.inject({ method: 'GET', url: p.pagePath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('₦1,234.50');
    expect(res.body).toContain(p.seller.storeName);
    expect(res.body).toContain(`KSW-${p.order.number}`);
    expect(res.body).toContain('Pay with test card');
    expect(res.body).toContain('Use a declined card');
    expect(res.body).toContain('Cancel payment');
    // No script at all: the page works under script-src 'self'.
    expect(res.body).not.toContain('<script');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('pays with the test card: the order is settled once with the amount paid and the buyer goes back', async () => {
    const p = await startedPayment();
    const res = await t.app.inject({
      method: 'POST',
      url: p.formPath,
      ...form({ outcome: 'success', return: `/my-orders/${p.order.id}` }),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `http://localhost:3000/my-orders/${p.order.id}?reference=${p.reference}`,
    );
    expect(callsFor(p.reference)).toEqual([
      { orderId: p.order.id, reference: p.reference, provider: 'local', paidKobo: 1_234_50 },
    ]);
    expect(await paymentStatusOfOrder(t.db, p.order.id)).toBe('paid');

    // Paying again, or the buyer coming back through verify, changes nothing.
    const again = await t.app.inject({ method: 'POST', url: p.formPath, ...form({ outcome: 'success' }) });
    expect(again.statusCode).toBe(303);
    await t.app.payments.verify(p.reference);
    expect(callsFor(p.reference)).toHaveLength(1);
    const page = await t.app.inject({ method: 'GET', url: p.pagePath });
    expect(page.body).toContain('Payment received');

    // The pay link of a paid order leads back to the order, not to another checkout.
    const link = await t.app.inject({ method: 'GET', url: `/pay/${p.reference}` });
    expect(link.headers.location).toBe(
      `http://localhost:3000/my-orders/${p.order.id}?reference=${p.reference}`,
    );
  });

  it('declines the declined card: the order stays unpaid, the page says so and offers Try again', async () => {
    const p = await startedPayment();
    const res = await t.app.inject({ method: 'POST', url: p.formPath, ...form({ outcome: 'declined' }) });
    expect(res.statusCode).toBe(303);
    const declined = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(declined.body).toContain('Your card was declined');
    expect(declined.body).toContain('Try again');
    expect(callsFor(p.reference)).toHaveLength(0);
    expect(await paymentStatusOfOrder(t.db, p.order.id)).toBe('awaiting_payment');

    // Trying again with the test card pays.
    const retry = await t.app.inject({ method: 'POST', url: p.formPath, ...form({ outcome: 'success' }) });
    expect(retry.statusCode).toBe(303);
    expect(callsFor(p.reference)).toHaveLength(1);
    expect(await paymentStatusOfOrder(t.db, p.order.id)).toBe('paid');
  });

  it('cancels: the buyer goes back to the order, which stays unpaid', async () => {
    const p = await startedPayment();
    const res = await t.app.inject({ method: 'POST', url: p.formPath, ...form({ outcome: 'abandoned' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `http://localhost:3000/my-orders/${p.order.id}?reference=${p.reference}`,
    );
    expect(callsFor(p.reference)).toHaveLength(0);
    await t.app.payments.verify(p.reference);
    expect(await paymentStatusOfOrder(t.db, p.order.id)).toBe('awaiting_payment');
  });

  it('accepts its webhook only when signed with the local secret, and a replay changes nothing', async () => {
    const p = await startedPayment();
    const good = localChargeWebhook(localWebhookSecret(t.jwtSecret), {
      reference: p.reference,
      amountKobo: 1_234_50,
      paidAt: t.clock.now(),
    });
    const forged = localChargeWebhook('guessed-secret', {
      reference: p.reference,
      amountKobo: 1_234_50,
      paidAt: t.clock.now(),
    });
    const post = (w: typeof good) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/local-pay',
        headers: w.headers,
        payload: w.rawBody,
      });
    const refused = await post(forged);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Invalid webhook signature' });
    expect(callsFor(p.reference)).toHaveLength(0);
    expect((await post(good)).statusCode).toBe(200);
    expect((await post(good)).statusCode).toBe(200);
    expect(callsFor(p.reference)).toHaveLength(1);
  });

  it('answers a page for an unknown reference, and refuses an outcome it does not know', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/pay/local/KSW-1-nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Payment not found');
    expect((await t.app.inject({ method: 'GET', url: '/pay/KSW-1-nothing' })).statusCode).toBe(404);
    const p = await startedPayment();
    const bad = await t.app.inject({ method: 'POST', url: p.formPath, ...form({ outcome: 'steal' }) });
    expect(bad.statusCode).toBe(400);
  });

  it('opens only the newest attempt of an order: an older pay link leads back to the order', async () => {
    const p = await startedPayment();
    const newer = await t.app.payments.start(t.db, {
      orderId: p.order.id,
      amountKobo: 1_234_50,
      email: p.buyer.email,
      callbackUrl: p.callbackUrl,
    });
    const old = await t.app.inject({ method: 'GET', url: `/pay/${p.reference}` });
    expect(old.headers.location).toContain(`/my-orders/${p.order.id}`);
    const fresh = await t.app.inject({ method: 'GET', url: new URL(newer.authorizationUrl).pathname });
    expect(fresh.headers.location).toContain(`/pay/local/${newer.reference}`);
  });

  it('leaves no payment behind when the order that started it rolls back', async () => {
    const fixture = await orderToPay(t);
    let reference = '';
    await expect(
      t.db.transaction(async (tx) => {
        ({ reference } = await t.app.payments.start(tx, {
          orderId: fixture.order.id,
          amountKobo: 1_234_50,
          email: fixture.buyer.email,
          callbackUrl: fixture.callbackUrl,
        }));
        throw new Error('checkout failed after starting the payment');
      }),
    ).rejects.toThrow('checkout failed');
    expect((await t.app.inject({ method: 'GET', url: `/pay/${reference}` })).statusCode).toBe(404);
  });

  it('keeps JSON parsing of other routes as it was', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seller/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"nobody@example.ng","password":"wrong-password"}',
    });
    // The body was read as JSON and the credentials judged (this route answers 400 for them).
    expect(res.json()).toEqual({ message: 'Incorrect email or password' });
  });
});
