// size: the payouts rules read top to bottom: bank account, payout requests, automatic schedule, the summary
import { randomUUID } from 'node:crypto';
import {
  BANK_CHANGE_PAYOUT_HOLD_HOURS,
  MIN_PAYOUT_KOBO,
  type PayoutSchedule,
  type PayoutsResponse,
  PRODUCT_NAME,
  type ResolveBankAccountBody,
  type SaveBankAccountBody,
  type SaveBankAccountResponse,
  type StepUp,
} from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PayoutRow } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, ForbiddenError, HttpError } from '@/lib/errors.ts';
import { lagosDateTime } from '@/lib/lagos-time.ts';
import { nairaText, toKobo } from '@/lib/naira.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { StepUpPort } from '@/modules/auth/step-up.ts';
import type { KycPort } from '@/modules/kyc/kyc.service.ts';
import type { LedgerPort, PayoutInfoPort } from '@/modules/ledger/ledger-ports.ts';
import type { BankProvider } from '@/modules/payouts/bank-provider.ts';
import type { PayoutProvider } from '@/modules/payouts/payout-provider.ts';
import { nextSlot, scheduleWords } from '@/modules/payouts/payout-schedule.ts';
import { SEND_TASK, type SendMail, sendJobKey } from '@/modules/payouts/payout-sending.ts';
import {
  last4,
  mirroredBankDetails,
  onboardingAccount,
  toBankAccountView,
  toPayoutView,
} from '@/modules/payouts/payout-views.ts';
import type { PayoutSellerRow, PayoutsRepository } from '@/modules/payouts/payouts.repository.ts';

export const SCHEDULED_TASK = 'payouts.scheduled';
const scheduleJobKey = (sellerId: string) => `payouts:auto:${sellerId}`;

const HOUR_MS = 60 * 60 * 1000;

/** What the Earnings summary shows of payouts (the ledger's PayoutInfoPort). */
export type PayoutInfo = Awaited<ReturnType<PayoutInfoPort['summaryFor']>>;

type Deps = {
  repo: PayoutsRepository;
  ledger: LedgerPort;
  stepUp: StepUpPort;
  banks: BankProvider;
  provider: PayoutProvider;
  jobs: JobQueue;
  sendMail: SendMail;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** issue 17: payouts go only to sellers whose identity is verified. */
  kyc: KycPort;
};

type Account = { bankCode: string; bankName: string; accountNumber: string; accountName: string };

/** A payout that cannot be made now; the seller reads the message. */
class PayoutBlockedError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * Payouts (issue 15): the bank account they go to, asking for one, and the automatic schedule.
 * Sending them is payout-sending.ts. Every change of where money goes or whether it moves needs
 * the step-up (StepUpPort): a session token alone does neither.
 */
export function payoutsService(deps: Deps) {
  const { repo, ledger, stepUp, banks, jobs, clock } = deps;

  /** The account payouts go to: ours, else the onboarding bank details (business sellers), else none. */
  async function accountOf(q: Queryable, seller: PayoutSellerRow) {
    const own = await repo.account(q, seller.id);
    if (own) return { account: own as Account, view: toBankAccountView(own), own: true };
    const onboarding = onboardingAccount(seller.bankDetails);
    if (!onboarding) return null;
    return {
      account: onboarding,
      // Not name-checked yet: the first payout checks it and keeps it (adoptAccount).
      view: { ...onboarding, accountCurrency: 'NGN' as const, verifiedAt: seller.updatedAt.toISOString() },
      own: false,
    };
  }

  /** Why this seller cannot be paid out now, or null. `availableKobo` adds the minimum check. */
  async function blockedReason(
    q: Queryable,
    seller: PayoutSellerRow,
    availableKobo?: number,
  ): Promise<string | null> {
    if (!seller.isVerified) return 'Payouts start once your account has been approved.';
    if (seller.isDisabled || seller.isBlocked) return 'Payouts are stopped while your account is disabled.';
    if (!(await deps.kyc.isVerified(q, seller.id)))
      return 'Verify your identity on the KYC Verification page to receive payouts.';
    if (!(await accountOf(q, seller))) return 'Add the Nigerian bank account your payouts go to.';
    const hold = (await repo.settings(q, seller.id))?.holdUntil;
    if (hold && hold.getTime() > clock.now().getTime())
      return `Your bank account was changed, so payouts are on hold until ${lagosDateTime(hold)} (Lagos time).`;
    if (availableKobo !== undefined && availableKobo < MIN_PAYOUT_KOBO)
      return `You can request a payout once ${nairaText(MIN_PAYOUT_KOBO)} is available.`;
    return null;
  }

  async function sellerOf(q: Queryable, sellerId: string, options: { lock?: boolean } = {}) {
    const seller = await repo.seller(q, sellerId, options);
    if (!seller) throw new ForbiddenError('Seller not found');
    return seller;
  }

  /**
   * Keeps the onboarding bank details as the payout account, after the bank's name check, when a
   * payout first uses them: from then on a later edit of the onboarding form does not move where
   * payouts go without the step-up of PUT /api/payouts/bank-account.
   */
  async function adoptAccount(seller: PayoutSellerRow) {
    if (await repo.account(repo.db, seller.id)) return;
    const onboarding = onboardingAccount(seller.bankDetails);
    if (!onboarding) return;
    const { accountName, bankName } = await banks.resolve(onboarding.bankCode, onboarding.accountNumber);
    const now = clock.now();
    await repo.transaction(async (tx) => {
      if (await repo.account(tx, seller.id)) return;
      const account = { ...onboarding, bankName, accountName };
      await repo.saveAccount(tx, {
        sellerId: seller.id,
        ...account,
        verifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await repo.mirrorBankDetails(tx, seller.id, mirroredBankDetails(account, seller.bankDetails));
    });
  }

  /**
   * Holds the money and writes the payout with its send job, in one transaction under the seller's
   * row lock: two requests at once are decided one after the other (the ledger's holdPayout is
   * the balance check), and a retried Idempotency-Key finds the first one's payout.
   */
  async function createPayout(
    sellerId: string,
    request: { amountKobo: number | 'all'; idempotencyKey: string; automatic: boolean },
  ): Promise<{ payout: PayoutRow; created: boolean } | null> {
    try {
      return await repo.transaction(async (tx) => {
        const seller = await sellerOf(tx, sellerId, { lock: true });
        const existing = await repo.byIdempotencyKey(tx, sellerId, request.idempotencyKey);
        if (existing) return { payout: existing, created: false };
        const { availableKobo } = await ledger.balances(tx, sellerId);
        const amountKobo = request.amountKobo === 'all' ? availableKobo : request.amountKobo;
        const blocked = await blockedReason(
          tx,
          seller,
          request.amountKobo === 'all' ? availableKobo : undefined,
        );
        if (blocked) {
          if (request.automatic) return null;
          throw new PayoutBlockedError(blocked);
        }
        const source = await accountOf(tx, seller);
        if (!source) throw new PayoutBlockedError('Add the Nigerian bank account your payouts go to.');
        const now = clock.now();
        const id = randomUUID();
        const payout = await repo.insert(tx, {
          id,
          sellerId,
          // Paystack's rule: lowercase letters, digits, - and _; at least 16 characters.
          reference: `kasuwa-payout-${id}`,
          amountKobo,
          automatic: request.automatic,
          idempotencyKey: request.idempotencyKey,
          provider: deps.provider.name,
          ...source.account,
          createdAt: now,
          updatedAt: now,
        });
        try {
          await ledger.holdPayout(tx, { payoutId: id, sellerId, amountKobo, at: now });
        } catch (err) {
          if (err instanceof ConflictError)
            throw new PayoutBlockedError(
              `You have ${nairaText(availableKobo)} available; a payout cannot be more than that.`,
            );
          throw err;
        }
        await jobs.add(tx, SEND_TASK, { payoutId: id }, { jobKey: sendJobKey(id) });
        return { payout, created: true };
      });
    } catch (err) {
      // The same key sent twice at once: the second insert lost the race to the first.
      if (uniqueViolation(err) !== 'payouts_seller_idempotency_key') throw err;
      const payout = await repo.byIdempotencyKey(repo.db, sellerId, request.idempotencyKey);
      if (!payout) throw err;
      return { payout, created: false };
    }
  }

  const payoutInfo = async (q: Queryable, sellerId: string): Promise<PayoutInfo> => {
    const seller = await sellerOf(q, sellerId);
    const settings = await repo.settings(q, sellerId);
    const hold =
      settings?.holdUntil && settings.holdUntil.getTime() > clock.now().getTime() ? settings.holdUntil : null;
    const { availableKobo } = await ledger.balances(q, sellerId);
    return {
      bankAccount: (await accountOf(q, seller))?.view ?? null,
      payoutHoldUntil: hold,
      schedule: settings?.schedule ?? 'manual',
      payoutBlockedReason: await blockedReason(q, seller, availableKobo),
    };
  };

  return {
    /** The ledger's PayoutInfoPort: the payouts part of GET /api/earnings/summary. */
    payoutInfo: { summaryFor: payoutInfo } satisfies PayoutInfoPort,

    async banks() {
      return { banks: await banks.listBanks() };
    },

    resolve: (body: ResolveBankAccountBody) => banks.resolve(body.bankCode, body.accountNumber),

    /**
     * Adds or changes the payout account, always with the step-up (the contract requires it: the
     * first account of an individual seller too). The name comes from the bank, asked again here,
     * never from the client. A change (a different account than the one payouts went to, the
     * onboarding one included) e-mails the seller and holds payouts for BANK_CHANGE_PAYOUT_HOLD_HOURS.
     */
    async saveBankAccount(sellerId: string, body: SaveBankAccountBody): Promise<SaveBankAccountResponse> {
      const seller = await sellerOf(repo.db, sellerId);
      const resolved = await banks.resolve(body.bankCode, body.accountNumber);
      await stepUp.verify(repo.db, sellerId, body.stepUp);
      const now = clock.now();
      return repo.transaction(async (tx) => {
        const locked = await sellerOf(tx, sellerId, { lock: true });
        const before = await accountOf(tx, locked);
        const same =
          before?.account.bankCode === body.bankCode && before.account.accountNumber === body.accountNumber;
        const changed = before !== null && !same;
        const account = {
          bankCode: body.bankCode,
          bankName: resolved.bankName,
          accountNumber: body.accountNumber,
          accountName: resolved.accountName,
        };
        const own = before?.own ? await repo.account(tx, sellerId) : null;
        await repo.saveAccount(tx, {
          sellerId,
          ...account,
          verifiedAt: now,
          // The provider's id of the account survives a re-check of the same account only.
          recipientProvider: same ? (own?.recipientProvider ?? null) : null,
          recipientCode: same ? (own?.recipientCode ?? null) : null,
          createdAt: now,
          updatedAt: now,
        });
        await repo.mirrorBankDetails(tx, sellerId, mirroredBankDetails(account, locked.bankDetails));
        let holdUntil = (await repo.settings(tx, sellerId))?.holdUntil ?? null;
        if (changed) {
          holdUntil = new Date(now.getTime() + BANK_CHANGE_PAYOUT_HOLD_HOURS * HOUR_MS);
          await repo.saveSettings(tx, sellerId, { holdUntil }, now);
          await deps.sendMail(tx, {
            to: seller.email,
            subject: 'Your payout bank account was changed',
            text: [
              `Hello ${seller.firstName},`,
              '',
              `The bank account your ${PRODUCT_NAME} payouts go to was changed on ${lagosDateTime(now)} (Lagos time):`,
              `from ${before.account.bankName} ${last4(before.account.accountNumber)}`,
              `to ${account.bankName} ${last4(account.accountNumber)} (${account.accountName}).`,
              '',
              `For your safety, no payout is sent until ${lagosDateTime(holdUntil)} (Lagos time).`,
              'If you did not make this change, change your password now and contact support: your money stays in your balance.',
              '',
              `— The ${PRODUCT_NAME} team`,
            ].join('\n'),
          });
        }
        const activeHold = holdUntil && holdUntil.getTime() > now.getTime() ? holdUntil : null;
        const saved = await repo.account(tx, sellerId);
        if (!saved) throw new Error('the account was not saved');
        return {
          message: changed
            ? `Bank account changed to ${account.bankName} ${last4(account.accountNumber)}. Payouts resume after ${lagosDateTime(holdUntil ?? now)} (Lagos time).`
            : `Payouts will go to ${account.bankName} ${last4(account.accountNumber)} (${account.accountName}).`,
          bankAccount: toBankAccountView(saved),
          payoutHoldUntil: activeHold?.toISOString() ?? null,
        };
      });
    },

    /** POST /api/payouts: a payout of part of the available balance, once per Idempotency-Key. */
    async requestPayout(
      sellerId: string,
      body: { amount: number; stepUp: StepUp },
      idempotencyKey: string,
    ): Promise<{ created: boolean; payout: PayoutRow }> {
      const amountKobo = toKobo(body.amount);
      const known = await repo.byIdempotencyKey(repo.db, sellerId, idempotencyKey);
      if (known) {
        if (known.amountKobo !== amountKobo)
          throw new ConflictError(
            `This Idempotency-Key was used for a payout of ${nairaText(known.amountKobo)}; use a new key for a new payout.`,
          );
        return { created: false, payout: known };
      }
      if (amountKobo < MIN_PAYOUT_KOBO)
        throw new BadRequestError(`The smallest payout is ${nairaText(MIN_PAYOUT_KOBO)}.`);
      // The cheap refusals first, so a code is not used up on a payout that cannot be made.
      const seller = await sellerOf(repo.db, sellerId);
      const blocked = await blockedReason(repo.db, seller);
      if (blocked) throw new PayoutBlockedError(blocked);
      const { availableKobo } = await ledger.balances(repo.db, sellerId);
      if (amountKobo > availableKobo)
        throw new PayoutBlockedError(
          `You have ${nairaText(availableKobo)} available; a payout cannot be more than that.`,
        );
      try {
        await stepUp.verify(repo.db, sellerId, body.stepUp);
      } catch (err) {
        // A double tap sends the same key twice at once: the first used the code, the second finds
        // its payout rather than a refusal.
        const first = await repo.byIdempotencyKey(repo.db, sellerId, idempotencyKey);
        if (first?.amountKobo === amountKobo) return { created: false, payout: first };
        throw err;
      }
      await adoptAccount(seller);
      const result = await createPayout(sellerId, { amountKobo, idempotencyKey, automatic: false });
      if (!result) throw new PayoutBlockedError('This payout cannot be made now.');
      if (!result.created && result.payout.amountKobo !== amountKobo)
        throw new ConflictError(
          'This Idempotency-Key was used for another payout; use a new key for a new payout.',
        );
      return result;
    },

    async list(sellerId: string, page: number, limit: number): Promise<PayoutsResponse> {
      const { rows, total } = await repo.page(repo.db, sellerId, page, limit);
      return {
        payouts: rows.map(toPayoutView),
        pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
      };
    },

    /**
     * Automatic payouts: one keyed job per seller (`payouts:auto:<id>`) at the next 09:00 Lagos slot
     * that, when it runs, pays out the whole available balance and schedules the next slot.
     */
    async setSchedule(sellerId: string, schedule: PayoutSchedule, proof: StepUp) {
      await sellerOf(repo.db, sellerId);
      await stepUp.verify(repo.db, sellerId, proof);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.saveSettings(tx, sellerId, { schedule }, now);
        const slot = nextSlot(schedule, now);
        if (slot) {
          await jobs.add(
            tx,
            SCHEDULED_TASK,
            { sellerId, slot: slot.toISOString() },
            {
              jobKey: scheduleJobKey(sellerId),
              runAt: slot,
            },
          );
        } else {
          await jobs.remove(tx, scheduleJobKey(sellerId));
        }
      });
      return {
        message:
          schedule === 'manual'
            ? 'Payouts are sent only when you ask.'
            : `Your available balance will be paid out ${scheduleWords(schedule)}.`,
        schedule,
      };
    },

    /**
     * The `payouts.scheduled` job of one seller's slot: the whole available balance, when it is at
     * least the minimum and nothing blocks it (keyed by the slot, so a second run of the same slot
     * pays nothing more); then the next slot. A seller back on `manual` ends the chain.
     */
    async runScheduled(sellerId: string, slotIso: string): Promise<void> {
      const settings = await repo.settings(repo.db, sellerId);
      const schedule = settings?.schedule ?? 'manual';
      if (schedule === 'manual') return;
      const seller = await repo.seller(repo.db, sellerId);
      if (!seller) return;
      if (!(await blockedReason(repo.db, seller))) {
        try {
          await adoptAccount(seller);
          const made = await createPayout(sellerId, {
            amountKobo: 'all',
            idempotencyKey: `auto:${slotIso}`,
            automatic: true,
          });
          if (made?.created) deps.log.info({ sellerId, payoutId: made.payout.id }, 'automatic payout');
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          deps.log.warn({ sellerId, err: err.message }, 'automatic payout skipped');
        }
      }
      const next = nextSlot(schedule, new Date(Math.max(Date.parse(slotIso), clock.now().getTime())));
      if (next) {
        await jobs.add(
          repo.db,
          SCHEDULED_TASK,
          { sellerId, slot: next.toISOString() },
          {
            jobKey: scheduleJobKey(sellerId),
            runAt: next,
          },
        );
      }
    },
  };
}
export type PayoutsService = ReturnType<typeof payoutsService>;
