import { describe, expect, it } from 'vitest';
import { localChargeWebhook, localPaymentProvider } from '@/modules/payments/local-provider.ts';
import { paystackProvider } from '@/modules/payments/paystack.ts';
import { signWebhook } from '@/modules/payments/webhook-events.ts';

const secret = 'sk_test_0123456789abcdef';
const paystack = paystackProvider({ secretKey: secret, baseUrl: 'http://127.0.0.1:1' });
const charge = (amount: number | string = 123450) =>
  JSON.stringify({
    event: 'charge.success',
    data: { reference: 'KSW-100001-abc', amount, currency: 'NGN', paid_at: '2026-01-15T09:00:00.000Z' },
  });
const signed = (body: string, key = secret) => ({ 'x-paystack-signature': signWebhook(key, body) });

describe('the Paystack webhook signature check', () => {
  it('accepts a body signed with the secret key and reads the charge from it', () => {
    const body = charge();
    expect(paystack.verifyWebhook(Buffer.from(body), signed(body))).toEqual({
      ok: true,
      event: {
        id: 'charge.success:KSW-100001-abc',
        reference: 'KSW-100001-abc',
        amountKobo: 123450,
        currency: 'NGN',
        paidAt: new Date('2026-01-15T09:00:00.000Z'),
      },
    });
  });

  it('refuses a body changed after it was signed', () => {
    const headers = signed(charge());
    const verdict = paystack.verifyWebhook(Buffer.from(charge(100)), headers);
    expect(verdict).toEqual({ ok: false, reason: 'signature does not match' });
  });

  it('refuses the same JSON re-serialised with other spacing: the raw bytes are what is signed', () => {
    const body = charge();
    const respaced = JSON.stringify(JSON.parse(body), null, 2);
    expect(paystack.verifyWebhook(Buffer.from(respaced), signed(body)).ok).toBe(false);
  });

  it('refuses a missing header, a signature made with another key, and a malformed one', () => {
    const body = Buffer.from(charge());
    expect(paystack.verifyWebhook(body, {})).toEqual({ ok: false, reason: 'signature header missing' });
    expect(paystack.verifyWebhook(body, signed(charge(), 'sk_test_someone_else')).ok).toBe(false);
    expect(paystack.verifyWebhook(body, { 'x-paystack-signature': 'abc' }).ok).toBe(false);
    const sha256Length = signWebhook(secret, body).slice(0, 64);
    expect(paystack.verifyWebhook(body, { 'x-paystack-signature': sha256Length }).ok).toBe(false);
  });

  it('gives a replayed delivery the same event id, so the processed-webhooks table can refuse it', () => {
    const body = charge();
    const first = paystack.verifyWebhook(Buffer.from(body), signed(body));
    const replay = paystack.verifyWebhook(Buffer.from(body), signed(body));
    expect(first.ok && replay.ok && first.event?.id === replay.event?.id).toBe(true);
  });

  it('reads an amount Paystack sends as a string', () => {
    const body = charge('5000');
    const verdict = paystack.verifyWebhook(Buffer.from(body), signed(body));
    expect(verdict.ok && verdict.event?.amountKobo).toBe(5000);
  });

  it('passes other signed events on, unsettled, for the module that handles them', () => {
    const body = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    expect(paystack.verifyWebhook(Buffer.from(body), signed(body))).toEqual({
      ok: true,
      event: null,
      other: { name: 'transfer.success', data: { reference: 'x' } },
    });
  });

  it('refuses a signed body that is not an event', () => {
    const body = 'not json';
    expect(paystack.verifyWebhook(Buffer.from(body), signed(body)).ok).toBe(false);
  });
});

describe('the local provider', () => {
  const local = localPaymentProvider({
    publicUrl: 'http://localhost:3000',
    secret: 'local-secret',
    lookup: async () => null,
  });

  it('signs its charge.success like Paystack, under its own header', () => {
    const { rawBody, headers } = localChargeWebhook('local-secret', {
      reference: 'KSW-1-a',
      amountKobo: 500,
      paidAt: new Date('2026-01-15T09:00:00.000Z'),
    });
    const verdict = local.verifyWebhook(rawBody, headers);
    expect(verdict.ok && verdict.event?.amountKobo).toBe(500);
    expect(
      local.verifyWebhook(rawBody, { 'x-paystack-signature': headers['x-local-pay-signature'] }).ok,
    ).toBe(false);
  });

  it('sends the buyer to its own checkout page, keeping where to come back to', async () => {
    const { authorizationUrl } = await local.initialize({
      reference: 'KSW-1-a',
      amountKobo: 500,
      email: 'a@example.ng',
      callbackUrl: 'http://localhost:3000/my-orders/o1',
      metadata: {},
    });
    expect(authorizationUrl).toBe('http://localhost:3000/pay/local/KSW-1-a?return=%2Fmy-orders%2Fo1');
  });
});
