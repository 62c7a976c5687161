import { PRODUCT_NAME } from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { PayoutRow } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { nairaText } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import { type PayoutEvent, transition } from '@/modules/payouts/payout-machine.ts';
import {
  type PayoutProvider,
  PayoutProviderError,
  type TransferOutcome,
  transferData,
  transferOutcomeOf,
} from '@/modules/payouts/payout-provider.ts';
import { last4 } from '@/modules/payouts/payout-views.ts';
import type { PayoutsRepository } from '@/modules/payouts/payouts.repository.ts';

export const SEND_TASK = 'payouts.send';
export const RECONCILE_TASK = 'payouts.reconcile';

export const sendJobKey = (payoutId: string) => `payout:${payoutId}:send`;
const reconcileJobKey = (payoutId: string) => `payout:${payoutId}:reconcile`;

/** How long to wait for the provider's webhook before asking it ourselves, and the back-off after. */
const RECONCILE_MAX_DELAY_MS = 6 * 60 * 60 * 1000;

export type SendMail = (q: Queryable, mail: Mail) => Promise<void>;

type Deps = {
  repo: PayoutsRepository;
  ledger: LedgerPort;
  provider: PayoutProvider;
  jobs: JobQueue;
  sendMail: SendMail;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The first reconcile after the provider took a transfer (the local provider's delay). */
  reconcileAfterMs: number;
};

const eventOf = (outcome: TransferOutcome): PayoutEvent => {
  switch (outcome.status) {
    case 'pending':
      return { type: 'accepted' };
    case 'success':
      return { type: 'succeeded' };
    case 'failed':
      return { type: 'failed', reason: outcome.reason ?? 'The transfer failed' };
    case 'reversed':
      return { type: 'reversed', reason: outcome.reason ?? 'The bank sent the money back' };
  }
};

const transferEventData = transferData.extend({ reference: z.string().min(1) });

/**
 * Sending payouts (the outbox): the payout row and its `payouts.send` job are written in the
 * request's transaction; the job calls the provider with the payout's reference until the answer
 * is conclusive. Before the first call `send_attempted_at` is committed, so any later try, after a
 * crash or an ambiguous error, asks the provider about the reference first and sends again only if
 * it never heard of it. The answers (the call's, the reconcile job's, webhooks') all go through
 * `apply`, which moves the payout by the state machine under its row lock, so each lands once.
 */
export function payoutSending(deps: Deps) {
  const { repo, ledger, provider, jobs, clock, log } = deps;

  const mailFor = (
    row: PayoutRow,
    about: 'paid' | 'failed' | 'reversed',
    reason: string | null,
    email: string,
    firstName: string,
  ): Mail => {
    const amount = nairaText(row.amountKobo);
    const to = `${row.bankName} ${last4(row.accountNumber)}`;
    const lines =
      about === 'paid'
        ? [
            `Your payout of ${amount} to ${to} has been sent.`,
            'Banks usually show it within minutes; some take until the next working day.',
          ]
        : [
            `Your payout of ${amount} to ${to} ${about === 'failed' ? 'failed' : 'was sent back by the bank'}.`,
            `Reason: ${reason ?? 'not given'}.`,
            `The ${amount} is back in your available balance. Check your bank account details, then request the payout again.`,
          ];
    return {
      to: email,
      subject:
        about === 'paid'
          ? `Your ${amount} payout is on its way`
          : about === 'failed'
            ? `Your ${amount} payout failed`
            : `Your ${amount} payout was returned`,
      text: [
        `Hello ${firstName},`,
        '',
        ...lines,
        '',
        `Reference: ${row.reference}`,
        '',
        `— The ${PRODUCT_NAME} team`,
      ].join('\n'),
    };
  };

  /** Moves a locked payout by one event, with its ledger postings and e-mail, in `tx`. */
  async function applyLocked(
    tx: Queryable,
    row: PayoutRow,
    event: PayoutEvent,
    extra: { transferCode?: string } = {},
  ) {
    const next = transition(row.status, event);
    if (!next) return row.status;
    const at = clock.now();
    await repo.update(tx, row.id, {
      status: next.status,
      updatedAt: at,
      ...(extra.transferCode ? { transferCode: extra.transferCode } : {}),
      ...(next.status === 'processing' ? { processingAt: at } : {}),
      ...(next.status === 'paid' ? { paidAt: at } : {}),
      ...(next.status === 'failed' || next.status === 'reversed'
        ? { returnedAt: at, failureReason: next.reason ?? null }
        : {}),
    });
    const money = { payoutId: row.id, sellerId: row.sellerId, amountKobo: row.amountKobo, at };
    for (const effect of next.effects) {
      if (effect.type === 'ledger_paid') await ledger.payoutPaid(tx, money);
      else if (effect.type === 'ledger_returned')
        await ledger.payoutReturned(tx, { ...money, from: effect.from, reason: effect.reason });
      else {
        const seller = await repo.seller(tx, row.sellerId);
        if (seller)
          await deps.sendMail(
            tx,
            mailFor(row, effect.about, next.reason ?? null, seller.email, seller.firstName),
          );
      }
    }
    if (next.status === 'processing') {
      await jobs.add(
        tx,
        RECONCILE_TASK,
        { payoutId: row.id, round: 0 },
        {
          jobKey: reconcileJobKey(row.id),
          runAt: new Date(at.getTime() + deps.reconcileAfterMs),
        },
      );
    }
    log.info({ payoutId: row.id, from: row.status, to: next.status }, 'payout moved');
    return next.status;
  }

  async function apply(payoutId: string, outcome: TransferOutcome) {
    return repo.transaction(async (tx) => {
      const row = await repo.byId(tx, payoutId, { lock: true });
      if (!row) return null;
      return applyLocked(
        tx,
        row,
        eventOf(outcome),
        outcome.transferCode ? { transferCode: outcome.transferCode } : {},
      );
    });
  }

  /** The provider's id of the payout's account, made once and kept on the account and the payout. */
  async function recipientOf(row: PayoutRow): Promise<string> {
    if (row.recipientCode) return row.recipientCode;
    const account = await repo.account(repo.db, row.sellerId);
    const code =
      account?.recipientProvider === provider.name &&
      account.recipientCode &&
      account.bankCode === row.bankCode &&
      account.accountNumber === row.accountNumber
        ? account.recipientCode
        : await provider.createRecipient(row);
    await repo.transaction(async (tx) => {
      await repo.update(tx, row.id, { recipientCode: code });
      await repo.setRecipient(tx, row.sellerId, row, { provider: provider.name, code });
    });
    return code;
  }

  /** The `payouts.send` job. Throws (the queue retries with back-off) while the outcome is unknown. */
  async function send(payoutId: string): Promise<void> {
    const row = await repo.byId(repo.db, payoutId);
    if (row?.status !== 'pending') return;
    if (row.sendAttemptedAt) {
      // An earlier try may have reached the provider: ask before sending again.
      const known = await provider.verify(row.reference);
      if (known) {
        await apply(row.id, known);
        return;
      }
    }
    let recipient: string;
    try {
      recipient = await recipientOf(row);
    } catch (err) {
      if (err instanceof PayoutProviderError && err.conclusive) {
        await apply(row.id, { status: 'failed', reason: err.message });
        return;
      }
      throw err;
    }
    if (!row.sendAttemptedAt && !(await repo.markSendAttempted(repo.db, row.id, clock.now()))) return;
    let outcome: TransferOutcome;
    try {
      outcome = await provider.send({
        reference: row.reference,
        amountKobo: row.amountKobo,
        recipientCode: recipient,
        reason: `${PRODUCT_NAME} payout ${row.reference}`,
      });
    } catch (err) {
      if (!(err instanceof PayoutProviderError) || !err.conclusive) throw err;
      // Refused: unless the refusal says the reference exists, nothing was created. Either way the
      // provider's own record of the reference decides.
      const known = await provider.verify(row.reference);
      if (known) outcome = known;
      else if (err.duplicate) throw err;
      else outcome = { status: 'failed', reason: err.message };
    }
    await apply(row.id, outcome);
  }

  /** The `payouts.reconcile` job: asks the provider about a payout it took, until it is settled. */
  async function reconcile(payoutId: string, round: number): Promise<void> {
    const row = await repo.byId(repo.db, payoutId);
    if (!row || (row.status !== 'pending' && row.status !== 'processing')) return;
    const known = await provider.verify(row.reference);
    if (!known) {
      // The provider never created it (a try that did not arrive): the send job sends it again.
      await repo.transaction(async (tx) => {
        await repo.update(tx, row.id, { status: 'pending', updatedAt: clock.now() });
        await jobs.add(tx, SEND_TASK, { payoutId: row.id }, { jobKey: sendJobKey(row.id) });
      });
      return;
    }
    const status = await apply(row.id, known);
    if (status === 'pending' || status === 'processing') {
      const delay = Math.min(deps.reconcileAfterMs * 2 ** (round + 1), RECONCILE_MAX_DELAY_MS);
      await jobs.add(
        repo.db,
        RECONCILE_TASK,
        { payoutId: row.id, round: round + 1 },
        {
          jobKey: reconcileJobKey(row.id),
          runAt: new Date(clock.now().getTime() + delay),
        },
      );
    }
  }

  /**
   * A signed `transfer.success` / `transfer.failed` / `transfer.reversed` (payments module's
   * webhook, in its transaction). Replays and late duplicates find the payout already moved.
   */
  async function onTransferEvent(tx: Queryable, event: { name: string; data: unknown }): Promise<void> {
    const data = transferEventData.safeParse(event.data);
    if (!data.success) {
      log.warn({ event: event.name }, 'transfer event without a reference');
      return;
    }
    const row = await repo.byReference(tx, data.data.reference, { lock: true });
    if (!row) {
      log.warn(
        { event: event.name, reference: data.data.reference },
        'transfer event for an unknown reference',
      );
      return;
    }
    const status =
      event.name === 'transfer.success'
        ? 'success'
        : event.name === 'transfer.failed'
          ? 'failed'
          : event.name === 'transfer.reversed'
            ? 'reversed'
            : null;
    if (!status) return;
    const outcome = transferOutcomeOf({ ...data.data, status });
    await applyLocked(
      tx,
      row,
      eventOf(outcome),
      outcome.transferCode ? { transferCode: outcome.transferCode } : {},
    );
  }

  return { send, reconcile, onTransferEvent, apply };
}
export type PayoutSending = ReturnType<typeof payoutSending>;
