import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { RefundRow } from '@/db/schema/index.ts';
import type { JobQueue, TaskList } from '@/jobs/job-queue.ts';
import { taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import { ConflictError, NotFoundError } from '@/lib/errors.ts';
import { nairaText } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import type { ApplyOrderEvent, OrderActor, RefundDue } from '@/modules/orders/order-ports.ts';
import { REFUND_DUE_TASK } from '@/modules/orders/order-ports.ts';
import type { PaymentProvider, ProviderEvent } from '@/modules/payments/payment-provider.ts';
import { refundStatusOf } from '@/modules/payments/paystack.ts';
import type { RefundsRepository } from '@/modules/payments/refunds.repository.ts';

/** Calls the provider for one recorded refund; keyed per refund, so one owner across nodes. */
export const REFUND_SEND_TASK = 'payments.refund-send';
export const refundSendJobKey = (refundId: string) => `refund:${refundId}:send`;

/** Reasons whose money never reached the seller's books (a second payment): no ledger posting. */
const OFF_LEDGER_REASONS = new Set(['duplicate_payment', 'not_payable']);

const kobo = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const refundEventData = z.object({
  transaction_reference: z.string().min(1),
  amount: kobo,
  id: z.union([z.number(), z.string()]).optional(),
  status: z.string().optional(),
});

type Deps = {
  repo: RefundsRepository;
  provider: PaymentProvider;
  ledger: LedgerPort;
  applyOrderEvent: ApplyOrderEvent;
  jobs: JobQueue;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
};

export type RefundRequest = {
  /** Ours, unique: the same key twice refunds once (`refund:{returnId}`). */
  key: string;
  orderId: string;
  returnId?: string | null;
  amountKobo: number;
  reason: string;
  note?: string;
  actor: OrderActor;
};

export type RefundOutcome = {
  refund: RefundRow;
  /** Nothing is left to refund on the order after this one. */
  full: boolean;
  /** False when the key had already refunded (a retried request). */
  created: boolean;
};

/**
 * Refunds to buyers (issue 15, docs/money.md "Refunds"). A refund is decided in one transaction:
 * the order locked, the amount checked against what the ledger says is still refundable, the
 * ledger's reversing posting, our refund row and the job that will call the provider; the order's
 * payment status moves with it. The provider is called only by that job, after the commit, so a
 * provider that is down delays the buyer's money but never loses a refund already posted.
 */
export function refundsService({ repo, provider, ledger, applyOrderEvent, jobs, clock, log }: Deps) {
  async function record(q: Queryable, refund: Parameters<RefundsRepository['insert']>[1]) {
    const row = await repo.insert(q, refund);
    await jobs.add(q, REFUND_SEND_TASK, { refundId: row.id }, { jobKey: refundSendJobKey(row.id) });
    return row;
  }

  /**
   * A refund of money paid online, in the caller's transaction. Refuses with a ConflictError when
   * the amount is more than what can still be refunded (concurrent refunds of one order wait for
   * each other on the order's row, so together they never exceed what was paid).
   */
  async function create(q: Queryable, request: RefundRequest): Promise<RefundOutcome> {
    const existing = await repo.byKey(q, request.key);
    if (existing) return { refund: existing, full: false, created: false };
    const order = await repo.lockOrder(q, request.orderId);
    if (!order) throw new NotFoundError('Order');
    const reference = await repo.settledReference(q, order.id);
    if (!reference) throw new ConflictError('This order was not paid online, so there is nothing to refund');
    if (!Number.isInteger(request.amountKobo) || request.amountKobo <= 0)
      throw new ConflictError('Enter an amount above zero');
    const refundable = await ledger.refundableKobo(q, order.id);
    if (request.amountKobo > refundable) {
      throw new ConflictError(
        refundable === 0
          ? 'This order has been refunded in full already'
          : `At most ${nairaText(refundable)} can be refunded on this order`,
      );
    }
    const now = clock.now();
    await ledger.refund(q, {
      key: request.key,
      orderId: order.id,
      sellerId: order.sellerId,
      amountKobo: request.amountKobo,
      reason: request.reason,
      at: now,
    });
    const row = await record(q, {
      key: request.key,
      orderId: order.id,
      sellerId: order.sellerId,
      returnId: request.returnId ?? null,
      paymentReference: reference,
      provider: provider.name,
      amountKobo: request.amountKobo,
      reason: request.reason,
      note: request.note ?? '',
      createdAt: now,
    });
    const full = refundable - request.amountKobo === 0;
    await applyOrderEvent(
      q,
      order.id,
      { type: 'refunded', amountKobo: request.amountKobo, full },
      request.actor,
    );
    return { refund: row, full, created: true };
  }

  /**
   * The order machine's `refundDue` (a paid order cancelled, a payment for a cancelled order, a
   * second payment): the whole of that money back. A second payment never reached the ledger (it
   * holds one sale per order), so it is refunded through the provider without a posting.
   */
  async function refundDue(due: RefundDue): Promise<void> {
    const key = `refund:order:${due.orderId}:${due.reason}:${due.reference ?? 'settled'}`;
    await repo.transaction(async (tx) => {
      if (await repo.byKey(tx, key)) return;
      const order = await repo.lockOrder(tx, due.orderId);
      if (!order) return;
      const reference = due.reference ?? (await repo.settledReference(tx, due.orderId));
      if (!reference) {
        log.warn(
          { orderId: due.orderId, reason: due.reason },
          'refund due on an order with no settled payment',
        );
        return;
      }
      const onLedger =
        !OFF_LEDGER_REASONS.has(due.reason) &&
        (await ledger.refundableKobo(tx, due.orderId)) >= due.amountKobo;
      if (onLedger) {
        await create(tx, {
          key,
          orderId: due.orderId,
          amountKobo: due.amountKobo,
          reason: due.reason,
          note: 'Refunded automatically',
          actor: 'system',
        });
        return;
      }
      await record(tx, {
        key,
        orderId: due.orderId,
        sellerId: order.sellerId,
        returnId: null,
        paymentReference: reference,
        provider: provider.name,
        amountKobo: due.amountKobo,
        reason: due.reason,
        note: 'Refunded automatically',
        createdAt: clock.now(),
      });
    });
  }

  /**
   * Asks the provider to pay a recorded refund back. Paystack's POST /refund has no idempotency
   * key, so a refund that was tried before (the answer may have been lost) is first looked for in
   * the provider's list of refunds of that payment: one of the same amount that none of our
   * refunds claims is taken as ours instead of asking again. A failed call throws, and the job
   * is retried with back-off.
   */
  async function send(refundId: string): Promise<void> {
    const row = await repo.byId(repo.db, refundId);
    if (!row || row.status !== 'pending' || row.providerRefundId) return;
    const now = () => clock.now();
    if (row.attempts > 0) {
      const listed = await provider.listRefunds(row.paymentReference, row.createdAt);
      const claimed = await repo.claimedProviderIds(repo.db, row.paymentReference);
      const ours = listed.find((r) => !claimed.has(r.providerRefundId) && r.amountKobo === row.amountKobo);
      if (ours) {
        log.info({ refundId, providerRefundId: ours.providerRefundId }, 'refund found at the provider');
        await repo.recordProviderRefund(repo.db, row.id, ours, now());
        return;
      }
    }
    await repo.countAttempt(repo.db, row.id, now());
    try {
      const result = await provider.refund({
        reference: row.paymentReference,
        amountKobo: row.amountKobo,
        note: row.note,
      });
      await repo.recordProviderRefund(repo.db, row.id, result, now());
    } catch (err) {
      await repo.recordError(repo.db, row.id, (err as Error).message, now());
      throw err;
    }
  }

  /**
   * A signed `refund.*` event: the refund moves to processed or failed once (later deliveries of
   * the same event find it settled and change nothing); pending states are only noted.
   */
  async function onProviderEvent(tx: Queryable, event: ProviderEvent): Promise<void> {
    const data = refundEventData.safeParse(event.data);
    if (!data.success) {
      log.warn({ event: event.name }, 'refund event without reference or amount');
      return;
    }
    const state = event.name.slice('refund.'.length);
    const row = await repo.lockForEvent(tx, {
      provider: provider.name,
      providerRefundId: data.data.id === undefined ? null : String(data.data.id),
      reference: data.data.transaction_reference,
      amountKobo: data.data.amount,
    });
    if (!row) {
      log.warn(
        { event: event.name, reference: data.data.transaction_reference },
        'refund event for no refund of ours',
      );
      return;
    }
    const status = refundStatusOf(state);
    if (status === 'pending') {
      await repo.noteProviderStatus(tx, row.id, state, clock.now());
      return;
    }
    if (row.status !== 'pending') return;
    await repo.settle(tx, row.id, { status, providerStatus: state }, clock.now());
    if (status === 'failed') {
      log.warn({ refundId: row.id, orderId: row.orderId }, 'the provider could not refund the buyer');
    }
  }

  const tasks: TaskList = {
    [REFUND_SEND_TASK]: taskOf(z.object({ refundId: z.uuid() }), ({ refundId }) => send(refundId)),
    [REFUND_DUE_TASK]: taskOf(
      z.object({
        orderId: z.uuid(),
        amountKobo: z.number().int(),
        reason: z.string(),
        reference: z.string().nullable(),
      }),
      (due) => refundDue(due),
    ),
  };

  return { create, refundDue, send, onProviderEvent, tasks, ofReturns: repo.ofReturns };
}
export type RefundsService = ReturnType<typeof refundsService>;
