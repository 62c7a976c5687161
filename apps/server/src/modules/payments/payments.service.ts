import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import { ConflictError, NotFoundError, UnauthorizedError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { PaymentSucceeded, PaymentsPort } from '@/modules/orders/order-ports.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
} from '@/modules/payments/payment-provider.ts';
import type { PaymentsRepository, PaymentView } from '@/modules/payments/payments.repository.ts';

/** Our pay link of an attempt: the provider is asked for its checkout only when the buyer opens it. */
export const payLinkPath = (reference: string) => `/pay/${encodeURIComponent(reference)}`;

export type WebhookOutcome =
  | 'settled'
  | 'already_settled'
  | 'duplicate'
  | 'ignored'
  | 'unknown_reference'
  | 'handled';

/**
 * Another module's handler of a signed provider event (payouts: `transfer.`; refunds: `refund.`).
 * It runs in one transaction and must be idempotent itself (a provider retries deliveries, and its
 * events carry no id): a state that only moves forward, or a key of its own.
 */
export type ProviderEventHandler = (tx: Queryable, event: ProviderEvent) => Promise<void>;

type Charge = { reference: string; amountKobo: number; currency: string; paidAt: Date | null };

type Deps = {
  repo: PaymentsRepository;
  provider: PaymentProvider;
  /** The orders module's handler of a confirmed payment; called once per reference. */
  onSucceeded: PaymentSucceeded;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Where buyers reach this server; pay links and callbacks live under it. */
  publicUrl: string;
};

/**
 * Online payments of orders. `start` writes an attempt in the caller's transaction and answers our
 * own pay link; the provider hears of the reference only when the buyer opens that link, after the
 * order committed (docs/payments.md "Starting a payment" says why). A payment is settled from the
 * provider's signed webhook or from `verify`, whichever comes first, once per reference.
 */
export function paymentsService({ repo, provider, onSucceeded, clock, log, publicUrl }: Deps) {
  const origin = new URL(publicUrl).origin;
  const eventHandlers: { prefix: string; handler: ProviderEventHandler }[] = [];

  /** A place on our own site to send the buyer back to; anything else falls back to the order page. */
  const returnUrl = (orderId: string, returnPath: string | undefined) => {
    const fallback = new URL(`/my-orders/${orderId}`, publicUrl);
    if (!returnPath) return fallback;
    try {
      const url = new URL(returnPath, publicUrl);
      return url.origin === origin ? url : fallback;
    } catch {
      return fallback;
    }
  };
  const withReference = (url: URL, reference: string) => {
    const u = new URL(url);
    u.searchParams.set('reference', reference);
    return u.toString();
  };

  /**
   * Settles a charge the provider confirmed, inside `tx`: the attempt is locked, so a webhook and a
   * verify racing for one reference settle it once; an attempt already settled changes nothing.
   * `onSucceeded` runs in the same transaction, so the order's change and the attempt's commit
   * together or not at all.
   */
  async function settle(tx: Queryable, charge: Charge): Promise<WebhookOutcome> {
    const payment = await repo.lockByReference(tx, charge.reference);
    if (!payment || payment.provider !== provider.name) {
      log.warn({ reference: charge.reference, provider: provider.name }, 'payment for an unknown reference');
      return 'unknown_reference';
    }
    if (payment.status === 'succeeded' || payment.status === 'amount_mismatch') return 'already_settled';
    // A charge in another currency is no payment in naira: it is passed on as nothing paid.
    const paidKobo = charge.currency === 'NGN' ? charge.amountKobo : 0;
    const matches = paidKobo === payment.amountKobo;
    if (!matches) {
      log.warn(
        {
          reference: payment.reference,
          orderId: payment.orderId,
          expectedKobo: payment.amountKobo,
          paidKobo: charge.amountKobo,
          currency: charge.currency,
        },
        'payment amount does not match the attempt',
      );
    }
    await repo.settle(tx, payment.id, {
      status: matches ? 'succeeded' : 'amount_mismatch',
      paidKobo,
      settledAt: charge.paidAt ?? clock.now(),
    });
    await onSucceeded(tx, {
      orderId: payment.orderId,
      reference: payment.reference,
      provider: payment.provider,
      paidKobo,
    });
    return 'settled';
  }

  const port: PaymentsPort = {
    async start(q, { orderId, amountKobo, callbackUrl }) {
      const number = await repo.orderNumber(q, orderId);
      if (number === null) throw new NotFoundError('Order');
      const callback = new URL(callbackUrl);
      if (callback.origin !== origin) throw new Error(`callbackUrl ${callbackUrl} is not under ${publicUrl}`);
      const reference = `KSW-${number}-${randomBytes(5).toString('hex')}`;
      await repo.insert(q, { orderId, provider: provider.name, reference, amountKobo });
      const link = new URL(payLinkPath(reference), publicUrl);
      link.searchParams.set('return', `${callback.pathname}${callback.search}`);
      return { reference, authorizationUrl: link.toString() };
    },

    async verify(reference) {
      const payment = await repo.byReference(repo.db, reference);
      if (!payment) throw new NotFoundError('Payment');
      if (payment.status === 'succeeded' || payment.status === 'amount_mismatch') return;
      if (payment.provider !== provider.name) return;
      const result = await provider.verify(reference);
      if (result.status === 'success') {
        await repo.transaction((tx) =>
          settle(tx, {
            reference,
            amountKobo: result.amountKobo,
            currency: result.currency ?? 'NGN',
            paidAt: result.paidAt ?? null,
          }),
        );
      } else if (result.status === 'failed' || result.status === 'abandoned') {
        await repo.markUnsuccessful(repo.db, reference, result.status);
      }
    },
  };

  return {
    ...port,
    providerName: provider.name,

    /** Registers the handler of the signed events whose name starts with `prefix` (e.g. `transfer.`). */
    onProviderEvent(prefix: string, handler: ProviderEventHandler) {
      eventHandlers.push({ prefix, handler });
    },

    /** The attempt with its order, buyer and store, or null. */
    view: (reference: string) => repo.view(repo.db, reference),

    /** Where the buyer goes back to after paying (or not), with `?reference=`. */
    callbackFor: (view: Pick<PaymentView, 'orderId' | 'reference'>, returnPath: string | undefined) =>
      withReference(returnUrl(view.orderId, returnPath), view.reference),

    /**
     * Opens a pay link: the provider's checkout for this attempt, initialized on the first visit
     * and kept, so a second visit (a reload, a double tap) goes to the same checkout. A settled
     * attempt, an order no longer awaiting payment or an attempt a newer one replaced sends the
     * buyer back to the order page instead.
     */
    async openPayLink(reference: string, returnPath: string | undefined): Promise<string> {
      const view = await repo.view(repo.db, reference);
      if (!view || view.provider !== provider.name) throw new NotFoundError('Payment');
      const callbackUrl = withReference(returnUrl(view.orderId, returnPath), reference);
      const payable =
        (view.status === 'pending' || view.status === 'failed' || view.status === 'abandoned') &&
        view.orderPaymentStatus === 'awaiting_payment' &&
        !view.orderCancelled &&
        view.newest;
      if (!payable) return callbackUrl;
      if (view.authorizationUrl) return view.authorizationUrl;
      try {
        const { authorizationUrl } = await provider.initialize({
          reference,
          amountKobo: view.amountKobo,
          email: view.buyerEmail,
          callbackUrl: returnUrl(view.orderId, returnPath).toString(),
          metadata: {
            orderId: view.orderId,
            orderNumber: `KSW-${view.orderNumber}`,
            // Paystack sends a buyer who cancels on its page here.
            cancel_action: callbackUrl,
          },
        });
        await repo.setAuthorizationUrl(repo.db, view.id, authorizationUrl);
      } catch (err) {
        // Two visits at once: the provider refuses the second initialize; the first kept its URL.
        if (!(err instanceof PaymentProviderError && err.code === 'duplicate_reference')) throw err;
      }
      const kept = await repo.byReference(repo.db, reference);
      if (!kept?.authorizationUrl) throw new PaymentProviderError('The payment page could not be opened');
      return kept.authorizationUrl;
    },

    /** A declined card or a cancelled checkout (the local page; Paystack's come through verify). */
    async recordUnsuccessful(reference: string, status: 'failed' | 'abandoned'): Promise<void> {
      const payment = await repo.byReference(repo.db, reference);
      if (!payment) throw new NotFoundError('Payment');
      if (payment.status === 'succeeded' || payment.status === 'amount_mismatch')
        throw new ConflictError('This payment has already been made');
      await repo.markUnsuccessful(repo.db, reference, status);
    },

    /**
     * A webhook delivery, raw: refused with 401 unless its signature is the provider's. A charge is
     * settled in one transaction with the record of its event id, so a replay or a duplicate finds
     * the id taken and changes nothing; if settling fails nothing is recorded and the provider's
     * retry gets another go.
     */
    async handleWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookOutcome> {
      const verdict = provider.verifyWebhook(rawBody, headers);
      if (!verdict.ok) {
        log.warn({ provider: provider.name, reason: verdict.reason }, 'webhook refused');
        throw new UnauthorizedError('Invalid webhook signature');
      }
      const event = verdict.event;
      if (!event) {
        const other = verdict.other;
        const entry = other && eventHandlers.find((h) => other.name.startsWith(h.prefix));
        if (!other || !entry) return 'ignored';
        await repo.transaction((tx) => entry.handler(tx, other));
        return 'handled';
      }
      return repo.transaction(async (tx) => {
        if (!(await repo.recordWebhook(tx, provider.name, event.id, clock.now()))) return 'duplicate';
        return settle(tx, event);
      });
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
