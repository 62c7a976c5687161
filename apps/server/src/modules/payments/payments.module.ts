import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import type { ApplyOrderEvent, PaymentSucceeded } from '@/modules/orders/order-ports.ts';
import { localPaymentProvider, localWebhookSecret } from '@/modules/payments/local-provider.ts';
import type { PaymentProvider, PaymentsConfig } from '@/modules/payments/payment-provider.ts';
import { paymentsRepository } from '@/modules/payments/payments.repository.ts';
import { paymentsRoutes } from '@/modules/payments/payments.routes.ts';
import { type PaymentsService, paymentsService } from '@/modules/payments/payments.service.ts';
import { paystackProvider } from '@/modules/payments/paystack.ts';
import { refundsRepository } from '@/modules/payments/refunds.repository.ts';
import { type RefundsService, refundsService } from '@/modules/payments/refunds.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Online payments (PaymentsPort and the webhook); tests start and verify payments through it. */
    payments: PaymentsService;
    /** Refunds to buyers through the same provider (issue 15); returns refund through it. */
    refunds: RefundsService;
  }
}

/**
 * The configured provider. The local one answers `verify` from our own payments row: its checkout
 * page is the processor, and what it recorded there is all it knows.
 */
export function createPaymentProvider(
  config: PaymentsConfig,
  deps: { db: Database; publicUrl: string; jwtSecret: string },
): PaymentProvider {
  if (config.provider === 'paystack') {
    return paystackProvider({
      secretKey: config.secretKey,
      baseUrl: config.baseUrl,
      timeoutMs: config.timeoutMs,
    });
  }
  const repo = paymentsRepository(deps.db);
  return localPaymentProvider({
    publicUrl: deps.publicUrl,
    secret: localWebhookSecret(deps.jwtSecret),
    lookup: async (reference) => {
      const row = await repo.byReference(repo.db, reference);
      if (!row) return null;
      if (row.status === 'succeeded' || row.status === 'amount_mismatch')
        return { status: 'success', amountKobo: row.paidKobo ?? 0, paidAt: row.settledAt ?? undefined };
      if (row.status === 'failed' || row.status === 'abandoned') return { status: row.status, amountKobo: 0 };
      return { status: 'pending', amountKobo: 0 };
    },
  });
}

/**
 * Payments (issue 14): the provider chosen by configuration, the service (PaymentsPort for
 * checkout), the webhook, the pay link and the local checkout page. `onSucceeded` is the orders
 * module's handler of a confirmed payment. Exposed as `app.payments`.
 */
export async function registerPaymentsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    config: PaymentsConfig;
    publicUrl: string;
    jwtSecret: string;
    onSucceeded: PaymentSucceeded;
    /** Refunds (issue 15): the ledger posts them, the order machine records them, jobs call the provider. */
    refunds: { ledger: LedgerPort; applyOrderEvent: ApplyOrderEvent; jobs: JobQueue };
  },
): Promise<PaymentsService> {
  const provider = createPaymentProvider(deps.config, deps);
  const service = paymentsService({
    repo: paymentsRepository(deps.db),
    provider,
    onSucceeded: deps.onSucceeded,
    clock: deps.clock,
    log: app.log,
    publicUrl: deps.publicUrl,
  });
  app.decorate('payments', service);
  const refunds = refundsService({
    repo: refundsRepository(deps.db),
    provider,
    ledger: deps.refunds.ledger,
    applyOrderEvent: deps.refunds.applyOrderEvent,
    jobs: deps.refunds.jobs,
    clock: deps.clock,
    log: app.log,
  });
  service.onProviderEvent('refund.', refunds.onProviderEvent);
  app.jobs.register(refunds.tasks);
  app.decorate('refunds', refunds);
  await app.register(
    paymentsRoutes({ service, localSecret: localWebhookSecret(deps.jwtSecret), clock: deps.clock }),
  );
  return service;
}
