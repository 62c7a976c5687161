import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { JobQueue, TaskList } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { earningsService, noPayoutInfo } from '@/modules/ledger/earnings.service.ts';
import { ledgerRepository } from '@/modules/ledger/ledger.repository.ts';
import { ledgerRoutes } from '@/modules/ledger/ledger.routes.ts';
import { type LedgerService, ledgerService } from '@/modules/ledger/ledger.service.ts';
import { DEFAULT_COMMISSION_BPS } from '@/modules/ledger/ledger-fees.ts';
import type { LedgerPort, OpenReturnsPort, PayoutInfoPort } from '@/modules/ledger/ledger-ports.ts';
import type { RequireSeller } from '@/plugins/auth.ts';

/** What the ledger module offers the others and the job worker. */
export type LedgerModule = {
  /** Orders, returns and payouts post through it (ledger-ports.ts). */
  port: LedgerPort;
  /** `ledger.release`. */
  tasks: TaskList;
  /** The release job's work for one order, in `q` (tests call it without the queue). */
  releaseOrder: LedgerService['releaseOrder'];
  /** Wires the returns module's "is a return open?" (no returns until then). */
  useOpenReturns(p: OpenReturnsPort): void;
  /** Wires the payouts module's part of the Earnings summary. */
  usePayoutInfo(p: PayoutInfoPort): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The ledger's port and tasks; tests post through it directly. */
    ledger: LedgerModule;
  }
}

export type LedgerOptions = {
  /** PLATFORM_COMMISSION_BPS; 500 (5 %) when absent. */
  commissionBps?: number;
  openReturns?: OpenReturnsPort;
  payoutInfo?: PayoutInfoPort;
};

/** The double-entry ledger (issue 15): postings for orders, returns and payouts, and the seller's Earnings reads. */
export async function registerLedgerModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    jobs: JobQueue;
    requireSeller: RequireSeller;
    options?: LedgerOptions;
  },
): Promise<LedgerModule> {
  const repo = ledgerRepository(deps.db);
  const service = ledgerService({
    repo,
    clock: deps.clock,
    jobs: deps.jobs,
    commissionBps: deps.options?.commissionBps ?? DEFAULT_COMMISSION_BPS,
    ...(deps.options?.openReturns ? { openReturns: deps.options.openReturns } : {}),
  });
  let payoutInfo = deps.options?.payoutInfo ?? noPayoutInfo;
  await app.register(
    ledgerRoutes({
      earnings: earningsService({ repo, clock: deps.clock, payoutInfo: () => payoutInfo }),
      requireSeller: deps.requireSeller,
    }),
  );
  const module: LedgerModule = {
    port: service.port,
    tasks: service.tasks,
    releaseOrder: service.releaseOrder,
    useOpenReturns: service.useOpenReturns,
    usePayoutInfo(p) {
      payoutInfo = p;
    },
  };
  app.decorate('ledger', module);
  return module;
}
