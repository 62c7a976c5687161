import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import type { StepUpPort } from '@/modules/auth/step-up.ts';
import type { KycPort } from '@/modules/kyc/kyc.service.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import type { ProviderEventHandler } from '@/modules/payments/payments.service.ts';
import { type BankProviderConfig, createBankProvider } from '@/modules/payouts/bank-provider.ts';
import {
  localPayoutProvider,
  type PayoutProvider,
  type PayoutProviderConfig,
  paystackPayoutProvider,
} from '@/modules/payouts/payout-provider.ts';
import {
  type PayoutSending,
  payoutSending,
  RECONCILE_TASK,
  SEND_TASK,
  type SendMail,
} from '@/modules/payouts/payout-sending.ts';
import { payoutsRepository } from '@/modules/payouts/payouts.repository.ts';
import { payoutsRoutes } from '@/modules/payouts/payouts.routes.ts';
import { type PayoutsService, payoutsService, SCHEDULED_TASK } from '@/modules/payouts/payouts.service.ts';
import type { RequireSeller } from '@/plugins/auth.ts';

/** PAYOUT_PROVIDER and BANK_PROVIDER with their settings (config.ts). */
export type PayoutsConfig = { payout: PayoutProviderConfig; bank: BankProviderConfig };

/** The local providers, with the local payout completing 10 s after it was sent. */
export const LOCAL_PAYOUTS: PayoutsConfig = {
  payout: { provider: 'local', delayMs: 10_000 },
  bank: { provider: 'local' },
};

/** How long to wait for Paystack's webhook before asking about a transfer ourselves. */
const PAYSTACK_RECONCILE_AFTER_MS = 15 * 60 * 1000;

export type PayoutsModule = { service: PayoutsService; sending: PayoutSending };

declare module 'fastify' {
  interface FastifyInstance {
    /** Payouts (issue 15); tests reach the service and the sending side through it. */
    payouts: PayoutsModule;
  }
}

/**
 * Payouts (issue 15): the bank account, payout requests and history, the automatic schedule, and
 * sending through the configured PayoutProvider by jobs (`payouts.send`, `payouts.reconcile`,
 * `payouts.scheduled`), with Paystack's `transfer.*` webhooks from the payments module.
 */
export async function registerPayoutsModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    config: PayoutsConfig;
    ledger: LedgerPort;
    stepUp: StepUpPort;
    jobs: JobQueue;
    sendMail: SendMail;
    requireSeller: RequireSeller;
    /** Where signed `transfer.*` events come from: the payments module's webhook. */
    onProviderEvent: (prefix: string, handler: ProviderEventHandler) => void;
    stepUpRateLimit: { max: number; timeWindow: number };
    /** issue 17: a payout needs a verified identity (KYC). */
    kyc: KycPort;
  },
): Promise<PayoutsModule> {
  const repo = payoutsRepository(deps.db);
  const config = deps.config.payout;
  const provider: PayoutProvider =
    config.provider === 'paystack'
      ? paystackPayoutProvider(config)
      : localPayoutProvider({
          delayMs: config.delayMs,
          now: deps.clock.now,
          lookup: async (reference) => {
            const row = await repo.byReference(repo.db, reference);
            return row ? { accountNumber: row.accountNumber, sentAt: row.sendAttemptedAt } : null;
          },
        });
  const sending = payoutSending({
    repo,
    ledger: deps.ledger,
    provider,
    jobs: deps.jobs,
    sendMail: deps.sendMail,
    clock: deps.clock,
    log: app.log,
    reconcileAfterMs: config.provider === 'local' ? config.delayMs : PAYSTACK_RECONCILE_AFTER_MS,
  });
  const service = payoutsService({
    repo,
    ledger: deps.ledger,
    stepUp: deps.stepUp,
    banks: createBankProvider(deps.config.bank, deps.clock),
    provider,
    jobs: deps.jobs,
    sendMail: deps.sendMail,
    clock: deps.clock,
    log: app.log,
    kyc: deps.kyc,
  });
  deps.onProviderEvent('transfer.', sending.onTransferEvent);
  app.jobs.register({
    [SEND_TASK]: taskOf(z.object({ payoutId: z.uuid() }), ({ payoutId }) => sending.send(payoutId)),
    [RECONCILE_TASK]: taskOf(
      z.object({ payoutId: z.uuid(), round: z.number().int().min(0) }),
      ({ payoutId, round }) => sending.reconcile(payoutId, round),
    ),
    [SCHEDULED_TASK]: taskOf(z.object({ sellerId: z.uuid(), slot: z.iso.datetime() }), ({ sellerId, slot }) =>
      service.runScheduled(sellerId, slot),
    ),
  });
  await app.register(
    payoutsRoutes({ service, requireSeller: deps.requireSeller, stepUpRateLimit: deps.stepUpRateLimit }),
  );
  const module = { service, sending };
  app.decorate('payouts', module);
  return module;
}
