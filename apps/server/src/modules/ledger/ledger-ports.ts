import type { BankAccount, PayoutSchedule } from '@kasuwa/contracts';
import type { Queryable } from '@/lib/queryable.ts';

/**
 * What the ledger (issue 15) offers the other modules, agreed before they were built: orders post
 * sales and hand-overs, returns post refunds, payouts move money out. Every posting is one
 * double-entry transaction whose entries sum to zero, written in the caller's transaction `q`, and
 * keyed: the same key posted twice posts once (a retried request or a replayed webhook).
 *
 * Accounts (docs/money.md): per seller `pending`, `available`, `payout_in_flight`, `paid_out`,
 * `refunds`, `owed` (commission a cash order owes, netted from the next money that frees up); the
 * platform's `buyer_payments` (the mirror of money buyers paid in), `commission`, `payment_fees`.
 */

export type SellerAccount = 'pending' | 'available' | 'payout_in_flight' | 'paid_out' | 'refunds' | 'owed';
export type PlatformAccount = 'buyer_payments' | 'commission' | 'payment_fees';

/** A seller's balances in kobo, derived from entries (and the cached `wallet_balance_kobo` = available). */
export type SellerBalances = {
  availableKobo: number;
  pendingKobo: number;
  payoutInFlightKobo: number;
  paidOutKobo: number;
  refundsKobo: number;
  owedKobo: number;
};

export type LedgerPort = {
  /**
   * An order paid online (once per order): the sale into `pending`, less the platform commission
   * and the payment fee (both shown as their own lines). Key `sale:{orderId}`.
   */
  orderPaid(
    q: Queryable,
    sale: { orderId: string; sellerId: string; amountKobo: number; paymentReference: string; at: Date },
  ): Promise<void>;
  /**
   * A pay-on-delivery order whose cash the seller collected (once per order): the sale and the cash
   * collected are shown, and the commission is taken from `available` (what it cannot cover goes to
   * `owed`). Key `cash:{orderId}`.
   */
  cashCollected(
    q: Queryable,
    sale: { orderId: string; sellerId: string; amountKobo: number; at: Date },
  ): Promise<void>;
  /**
   * An order delivered or picked up: its money still in `pending` moves to `available` when the
   * return window has passed (a job keyed per order; an open return holds it until it closes).
   */
  orderHandedOver(
    q: Queryable,
    handover: { orderId: string; sellerId: string; at: Date; returnWindowDays: number },
  ): Promise<void>;
  /** What can still be refunded on an order (paid online, less refunds already posted), in kobo. */
  refundableKobo(q: Queryable, orderId: string): Promise<number>;
  /**
   * A refund to the buyer (a return, or a paid order cancelled): taken from the order's pending
   * money first, then `available` (then `owed`), with the commission on the refunded part given
   * back; the payment fee is not (Paystack keeps it). Locks the order's money, so concurrent
   * refunds never exceed what was paid: throws a ConflictError when `amountKobo` is more than
   * `refundableKobo`. Idempotent on `key` (e.g. `refund:{returnId}`).
   */
  refund(
    q: Queryable,
    refund: { key: string; orderId: string; sellerId: string; amountKobo: number; reason: string; at: Date },
  ): Promise<void>;
  /** Balances now. */
  balances(q: Queryable, sellerId: string): Promise<SellerBalances>;
  /**
   * Holds money for a payout: `available` → `payout_in_flight`, under the seller's ledger lock, so
   * two payouts at once cannot both take the same naira. Throws a ConflictError when the available
   * balance is less. Key `payout:{payoutId}`.
   */
  holdPayout(
    q: Queryable,
    payout: {
      payoutId: string;
      sellerId: string;
      amountKobo: number;
      at: Date;
      /** The line's words in the seller's transactions table, e.g. "Payout to GTBank ••••6789"; "Payout" when absent. */
      description?: string;
    },
  ): Promise<void>;
  /** The provider paid it: `payout_in_flight` → `paid_out`. Key `payout-paid:{payoutId}`. */
  payoutPaid(
    q: Queryable,
    payout: { payoutId: string; sellerId: string; amountKobo: number; at: Date },
  ): Promise<void>;
  /**
   * It failed, or a paid payout was reversed by the bank: the money goes back to `available`.
   * Key `payout-returned:{payoutId}`.
   */
  payoutReturned(
    q: Queryable,
    payout: {
      payoutId: string;
      sellerId: string;
      amountKobo: number;
      from: 'in_flight' | 'paid_out';
      reason: string;
      at: Date;
    },
  ): Promise<void>;
};

/** Returns: whether an order has a return still open (its money stays pending until it closes). */
export type OpenReturnsPort = { hasOpenReturn(q: Queryable, orderId: string): Promise<boolean> };

/**
 * Payouts: what the Earnings summary shows about the seller's payouts (the payouts module answers
 * it; until it is wired, no bank account, manual payouts and nothing blocking beyond that).
 */
export type PayoutInfoPort = {
  summaryFor(
    q: Queryable,
    sellerId: string,
  ): Promise<{
    bankAccount: BankAccount | null;
    /** Payouts wait until then after a bank account change. */
    payoutHoldUntil: Date | null;
    schedule: PayoutSchedule;
    /** Null when a payout can be requested now; otherwise why not, in words for the seller. */
    payoutBlockedReason: string | null;
  }>;
};
