import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '@/lib/errors.ts';

/** Which payment provider takes buyers' money, with its settings; parsed from the environment in config.ts. */
export type PaymentsConfig =
  | { provider: 'local' }
  | { provider: 'paystack'; secretKey: string; baseUrl: string; timeoutMs?: number };

export type PaymentProviderName = PaymentsConfig['provider'];

export type InitializePayment = {
  /** Ours, unique; letters, digits and `-` only (Paystack also allows `.` and `=`). */
  reference: string;
  amountKobo: number;
  email: string;
  /** Where the provider sends the buyer back, with `?reference=…` added. */
  callbackUrl: string;
  metadata: Record<string, string | number>;
};

export type VerifiedPayment = {
  status: 'success' | 'failed' | 'abandoned' | 'pending';
  amountKobo: number;
  /** ISO 4217; a provider that does not say is taken to mean naira. */
  currency?: string;
  paidAt?: Date;
};

/** A charge the provider says succeeded. `id` is the dedupe key kept in processed_webhooks. */
export type ChargeEvent = {
  id: string;
  reference: string;
  amountKobo: number;
  currency: string;
  paidAt: Date | null;
};

/**
 * A signed event that is not a charge (`transfer.success`, `refund.processed`, …), passed as the
 * provider sent it to the module that registered for its name's prefix (payments.service.ts
 * `onProviderEvent`); that module reads `data` with its own schema.
 */
export type ProviderEvent = { name: string; data: unknown };

/**
 * What a webhook delivery turned out to be: refused (bad or missing signature, unreadable body), or
 * accepted; an accepted event that is not a successful charge has `event: null` and is in `other`.
 */
export type WebhookVerdict =
  | { ok: true; event: ChargeEvent | null; other?: ProviderEvent }
  | { ok: false; reason: string };

/** A refund as the provider knows it. `processed`: the money is on its way back to the buyer. */
export type ProviderRefundStatus = 'pending' | 'processed' | 'failed';
export type ProviderRefund = { providerRefundId: string | null; status: ProviderRefundStatus };
/** One of the provider's refunds of a payment, as its list answers (to reconcile before a retry). */
export type ListedRefund = { providerRefundId: string; amountKobo: number; status: ProviderRefundStatus };

/**
 * What the server needs of a card processor: start a payment the buyer completes on the provider's
 * page, ask about it afterwards, and tell a genuine webhook from a forged one. The local provider
 * (local-provider.ts) and Paystack (paystack.ts) implement it; payments.service.ts is all the rest.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  initialize(payment: InitializePayment): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<VerifiedPayment>;
  /** Checks the signature over the raw bytes received, then reads the event from them. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookVerdict;
  /**
   * Gives `amountKobo` of the payment `reference` back to the buyer. Paystack takes no idempotency
   * key: a caller retrying after an unknown outcome first reads `listRefunds` (refunds.service.ts).
   */
  refund(refund: { reference: string; amountKobo: number; note: string }): Promise<ProviderRefund>;
  /** The refunds the provider holds for the payment `reference`, created at or after `since`. */
  listRefunds(reference: string, since: Date): Promise<ListedRefund[]>;
}

/**
 * The provider could not be reached or refused a call: a 502, the buyer or the caller may try
 * again. `code` is the provider's own (Paystack's `duplicate_reference`, …) when it gave one.
 */
export class PaymentProviderError extends HttpError {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(502, message);
  }
}
