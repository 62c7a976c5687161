import { createHmac, randomUUID } from 'node:crypto';
import type { PaymentProvider, VerifiedPayment } from '@/modules/payments/payment-provider.ts';
import { signWebhook, verifySignedEvent } from '@/modules/payments/webhook-events.ts';

export const LOCAL_SIGNATURE_HEADER = 'x-local-pay-signature';

/** The local processor's webhook key: derived from the app's secret, so nothing more to configure. */
export const localWebhookSecret = (jwtSecret: string) =>
  createHmac('sha256', jwtSecret).update('kasuwa-local-pay-webhook').digest('hex');

/** The page of the local checkout (payments.routes.ts serves it). */
export const localCheckoutPath = (reference: string) => `/pay/local/${encodeURIComponent(reference)}`;

/**
 * The signed `charge.success` the local processor sends when the test card is used: Paystack's
 * envelope and fields, so the one webhook path handles both.
 */
export function localChargeWebhook(
  secret: string,
  charge: { reference: string; amountKobo: number; paidAt: Date },
): { rawBody: Buffer; headers: Record<string, string> } {
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      id: randomUUID(),
      domain: 'test',
      status: 'success',
      reference: charge.reference,
      amount: charge.amountKobo,
      currency: 'NGN',
      channel: 'card',
      gateway_response: 'Approved',
      paid_at: charge.paidAt.toISOString(),
    },
  });
  return {
    rawBody: Buffer.from(body),
    headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: signWebhook(secret, body) },
  };
}

/**
 * The default provider: a card processor's test mode served by this server (no outside service).
 * Its checkout page records declines and abandonment on our payments row and sends a signed webhook
 * for a success, so the processor's view of a reference is that row: `lookup` reads it.
 */
export function localPaymentProvider(options: {
  publicUrl: string;
  secret: string;
  lookup: (reference: string) => Promise<VerifiedPayment | null>;
}): PaymentProvider {
  return {
    name: 'local',
    async initialize(payment) {
      const url = new URL(`${options.publicUrl}${localCheckoutPath(payment.reference)}`);
      // The page sends the buyer back here; only a path on our own site is accepted (payments.routes.ts).
      const callback = new URL(payment.callbackUrl);
      url.searchParams.set('return', `${callback.pathname}${callback.search}`);
      return { authorizationUrl: url.toString() };
    },
    async verify(reference) {
      return (await options.lookup(reference)) ?? { status: 'pending', amountKobo: 0 };
    },
    verifyWebhook(rawBody, headers) {
      return verifySignedEvent(options.secret, rawBody, headers[LOCAL_SIGNATURE_HEADER]);
    },
    // The local processor gives money back at once; nothing outside holds a refund to list.
    async refund() {
      return { providerRefundId: `local-refund-${randomUUID()}`, status: 'processed' };
    },
    async listRefunds() {
      return [];
    },
  };
}
