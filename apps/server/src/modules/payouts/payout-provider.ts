import { z } from 'zod';
import { PaystackCallError, paystackClient } from '@/modules/payouts/paystack-client.ts';

/** What the provider says of a transfer, folded into the states a payout can take from it. */
export type TransferOutcome = {
  status: 'pending' | 'success' | 'failed' | 'reversed';
  /** Why it failed or was reversed, in the provider's words. */
  reason?: string;
  transferCode?: string;
};

export type PayoutProviderConfig =
  | { provider: 'local'; delayMs: number }
  | { provider: 'paystack'; secretKey: string; baseUrl: string; timeoutMs?: number };

/**
 * A call that gave no usable answer. `conclusive` only when the provider answered and refused
 * (nothing was sent); otherwise the transfer may exist, and is verified by reference before any
 * second try. `duplicate` when the provider says the reference was used already.
 */
export class PayoutProviderError extends Error {
  constructor(
    message: string,
    readonly conclusive: boolean,
    readonly duplicate = false,
  ) {
    super(message);
    this.name = 'PayoutProviderError';
  }
}

/**
 * Who sends money to a seller's bank: `local` (nothing leaves; a job completes it after a delay)
 * or Paystack transfers. `send` is called with the same reference until the answer is conclusive.
 */
export interface PayoutProvider {
  readonly name: 'local' | 'paystack';
  /** The provider's id of a bank account (Paystack's transfer recipient, `RCP_…`). */
  createRecipient(account: { bankCode: string; accountNumber: string; accountName: string }): Promise<string>;
  send(transfer: {
    reference: string;
    amountKobo: number;
    recipientCode: string;
    reason: string;
  }): Promise<TransferOutcome>;
  /** What the provider knows of a reference; null when it never created a transfer with it. */
  verify(reference: string): Promise<TransferOutcome | null>;
}

/**
 * Paystack's transfer states (paystack.md §4 "Statuses") as ours: `success` paid; `failed`,
 * `abandoned`, `rejected`, `blocked` failed (nothing left the balance); `reversed` given back;
 * `pending`, `otp`, `received` (and anything new) still moving.
 */
export function transferStatusOf(paystackStatus: string): TransferOutcome['status'] {
  if (paystackStatus === 'success') return 'success';
  if (['failed', 'abandoned', 'rejected', 'blocked'].includes(paystackStatus)) return 'failed';
  if (paystackStatus === 'reversed') return 'reversed';
  return 'pending';
}

/** An account number ending in 0000 fails at the local provider (demos and tests of a failed payout). */
export const LOCAL_FAILING_ACCOUNT = /0000$/;
export const LOCAL_FAILURE_REASON =
  'The bank could not credit this account (local provider: account numbers ending in 0000 fail)';

/**
 * The default: nothing leaves the server. A transfer is `pending` when sent and, `delayMs` after
 * it was sent, `success` — or `failed` for an account number ending in 0000. Like the local card
 * processor, what it knows of a reference is our own payouts row (`lookup`); the payouts module's
 * reconcile job asks it after the delay and settles the payout.
 */
export function localPayoutProvider(options: {
  delayMs: number;
  now: () => Date;
  lookup: (reference: string) => Promise<{ accountNumber: string; sentAt: Date | null } | null>;
}): PayoutProvider {
  return {
    name: 'local',
    async createRecipient(account) {
      return `LOCAL_${account.bankCode}_${account.accountNumber}`;
    },
    async send() {
      return { status: 'pending' };
    },
    async verify(reference) {
      const row = await options.lookup(reference);
      if (!row?.sentAt) return null;
      if (options.now().getTime() < row.sentAt.getTime() + options.delayMs) return { status: 'pending' };
      return LOCAL_FAILING_ACCOUNT.test(row.accountNumber)
        ? { status: 'failed', reason: LOCAL_FAILURE_REASON }
        : { status: 'success' };
    },
  };
}

const recipientData = z.object({ recipient_code: z.string().min(1) });
export const transferData = z.object({
  reference: z.string().optional(),
  status: z.string(),
  transfer_code: z.string().optional(),
  reason: z.string().nullish(),
  gateway_response: z.string().nullish(),
  failures: z.unknown().optional(),
});

const outcomeOf = (data: z.infer<typeof transferData>): TransferOutcome => {
  const status = transferStatusOf(data.status);
  const failure = typeof data.failures === 'string' ? data.failures : (data.gateway_response ?? undefined);
  return {
    status,
    ...(data.transfer_code ? { transferCode: data.transfer_code } : {}),
    ...(status === 'failed' || status === 'reversed'
      ? { reason: failure ?? (status === 'failed' ? 'The transfer failed' : 'The bank sent the money back') }
      : {}),
  };
};

const DUPLICATE = /duplicate|already exists/i;

/**
 * Paystack transfers (paystack.md §4): a `nuban` recipient per account, `POST /transfer` from the
 * balance with our reference, `GET /transfer/verify/:reference`. A refusal naming a duplicate
 * reference means an earlier try went through: the caller verifies instead.
 */
export function paystackPayoutProvider(options: {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): PayoutProvider {
  const call = paystackClient(options);
  const wrap = (err: unknown): never => {
    if (err instanceof PaystackCallError)
      throw new PayoutProviderError(
        err.message,
        err.conclusive,
        DUPLICATE.test(err.message) || err.code === 'duplicate_reference',
      );
    throw err;
  };
  return {
    name: 'paystack',
    async createRecipient(account) {
      try {
        const { data } = await call('POST', '/transferrecipient', {
          type: 'nuban',
          name: account.accountName,
          account_number: account.accountNumber,
          bank_code: account.bankCode,
          currency: 'NGN',
        });
        const parsed = recipientData.safeParse(data);
        if (!parsed.success) throw new PayoutProviderError('Paystack gave no recipient code', false);
        return parsed.data.recipient_code;
      } catch (err) {
        return wrap(err);
      }
    },
    async send(transfer) {
      try {
        const { data } = await call('POST', '/transfer', {
          source: 'balance',
          amount: transfer.amountKobo,
          recipient: transfer.recipientCode,
          reference: transfer.reference,
          reason: transfer.reason,
          currency: 'NGN',
        });
        const parsed = transferData.safeParse(data);
        if (!parsed.success)
          throw new PayoutProviderError('Paystack answered a transfer we could not read', false);
        return outcomeOf(parsed.data);
      } catch (err) {
        return wrap(err);
      }
    },
    async verify(reference) {
      try {
        const { data } = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
        const parsed = transferData.safeParse(data);
        if (!parsed.success)
          throw new PayoutProviderError('Paystack answered a verify we could not read', false);
        return outcomeOf(parsed.data);
      } catch (err) {
        // "Transfer not found": it was never created (paystack.md §4 "Verify and fetch").
        if (err instanceof PaystackCallError && err.httpStatus === 404) return null;
        return wrap(err);
      }
    },
  };
}

export const transferOutcomeOf = outcomeOf;
