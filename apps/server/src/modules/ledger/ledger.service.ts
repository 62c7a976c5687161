// size: the double-entry ledger of a seller's money in one place — every posting (sale, fees, refunds, release, payouts) keeps the books balanced, and the invariants are checked together
import { z } from 'zod';
import type { JobQueue, TaskList } from '@/jobs/job-queue.ts';
import { taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import { ConflictError } from '@/lib/errors.ts';
import { nairaText } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import {
  type EntryDraft,
  type LedgerRepository,
  orderSumKey,
  type PostingDraft,
} from '@/modules/ledger/ledger.repository.ts';
import { commissionKobo, paymentFeeKobo } from '@/modules/ledger/ledger-fees.ts';
import type { LedgerPort, OpenReturnsPort, SellerBalances } from '@/modules/ledger/ledger-ports.ts';

export const RELEASE_TASK = 'ledger.release';
export const releaseJobKey = (orderId: string) => `ledger:release:${orderId}`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A release held by an open return looks again this much later. */
export const RELEASE_RETRY_MS = DAY_MS;

/** No returns module: no order ever has an open return. */
export const noOpenReturns: OpenReturnsPort = { hasOpenReturn: async () => false };

export type LedgerDeps = {
  repo: LedgerRepository;
  clock: Clock;
  jobs: JobQueue;
  /** The platform's commission in basis points (PLATFORM_COMMISSION_BPS; 500 = 5 %). */
  commissionBps: number;
  /** Whether an order has a return still open; the returns module's, or none. */
  openReturns?: OpenReturnsPort;
};

const sum = (entries: EntryDraft[]) => entries.reduce((t, e) => t + e.amountKobo, 0);
const positiveKobo = (n: number, what: string) => {
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${what} must be a positive whole number of kobo`);
};

/**
 * The ledger's postings (LedgerPort, ledger-ports.ts; docs/money.md "The ledger" has every posting
 * with a worked example). Each one takes the seller's ledger lock, is keyed, and writes one
 * balanced transaction in the caller's transaction.
 */
export function ledgerService(deps: LedgerDeps) {
  const { repo, clock, jobs } = deps;
  let openReturns = deps.openReturns ?? noOpenReturns;

  async function post(q: Queryable, p: PostingDraft): Promise<boolean> {
    const off = sum(p.entries);
    if (off !== 0) throw new Error(`Ledger posting ${p.key} does not balance (off by ${off} kobo)`);
    return repo.post(q, p);
  }

  /** Takes the seller's lock; answers false when `key` was posted already (nothing to do). */
  async function begin(q: Queryable, sellerId: string, key: string): Promise<boolean> {
    if (!(await repo.lockSeller(q, sellerId)))
      throw new Error(`No seller ${sellerId} for ledger posting ${key}`);
    return !(await repo.hasTransaction(q, key));
  }

  const orderLabel = async (q: Queryable, orderId: string) =>
    (await repo.orderNumber(q, orderId)) ?? 'an order';
  /** A sale's words name the coupon whose discount the seller gave: the buyer paid the total after it. */
  const couponWords = async (q: Queryable, orderId: string) => {
    const coupon = await repo.orderCoupon(q, orderId);
    return coupon ? ` (coupon ${coupon.code}, ${nairaText(coupon.discountKobo)} off)` : '';
  };

  /** An order's figures from its entries: what was sold online, its commission, what is refunded. */
  async function orderFigures(q: Queryable, orderId: string) {
    const s = await repo.orderSums(q, orderId);
    const get = (k: string) => s.get(k) ?? 0;
    const paidOnline = get(orderSumKey('pending', 'sale'));
    const commission = -get(orderSumKey('pending', 'commission'));
    const refunded = get(orderSumKey('refunds', 'refund'));
    const commissionBack =
      get(orderSumKey('pending', 'commission_refund')) + get(orderSumKey('available', 'commission_refund'));
    let pending = 0;
    for (const [k, v] of s) if (k.startsWith('pending:')) pending += v;
    return { paidOnline, commission, refunded, commissionBack, pending };
  }

  const orderPaid: LedgerPort['orderPaid'] = async (q, sale) => {
    positiveKobo(sale.amountKobo, 'A sale');
    const key = `sale:${sale.orderId}`;
    if (!(await begin(q, sale.sellerId, key))) return;
    const label = await orderLabel(q, sale.orderId);
    const total = sale.amountKobo;
    const commission = commissionKobo(total, deps.commissionBps);
    const fee = paymentFeeKobo(total);
    await post(q, {
      key,
      kind: 'order_paid',
      sellerId: sale.sellerId,
      orderId: sale.orderId,
      memo: `Payment ${sale.paymentReference}`,
      at: sale.at,
      entries: [
        { account: 'buyer_payments', kind: 'sale', amountKobo: -total },
        {
          account: 'pending',
          kind: 'sale',
          amountKobo: total,
          description: `Sale ${label}${await couponWords(q, sale.orderId)}`,
        },
        {
          account: 'pending',
          kind: 'commission',
          amountKobo: -commission,
          description: `Commission on ${label}`,
        },
        { account: 'commission', kind: 'commission', amountKobo: commission },
        { account: 'pending', kind: 'payment_fee', amountKobo: -fee, description: `Payment fee on ${label}` },
        { account: 'payment_fees', kind: 'payment_fee', amountKobo: fee },
      ],
    });
  };

  const cashCollected: LedgerPort['cashCollected'] = async (q, sale) => {
    positiveKobo(sale.amountKobo, 'A sale');
    const key = `cash:${sale.orderId}`;
    if (!(await begin(q, sale.sellerId, key))) return;
    const label = await orderLabel(q, sale.orderId);
    const total = sale.amountKobo;
    const commission = commissionKobo(total, deps.commissionBps);
    const { available } = await repo.balances(q, sale.sellerId);
    // The seller holds the cash: the commission comes out of money the platform holds for them,
    // and what that cannot cover is owed, netted from the next money that frees up.
    const fromAvailable = Math.min(commission, Math.max(available, 0));
    await post(q, {
      key,
      kind: 'cash_collected',
      sellerId: sale.sellerId,
      orderId: sale.orderId,
      at: sale.at,
      entries: [
        {
          account: 'available',
          kind: 'sale',
          amountKobo: total,
          description: `Sale ${label} (pay on delivery)${await couponWords(q, sale.orderId)}`,
        },
        {
          account: 'available',
          kind: 'cash_collected',
          amountKobo: -total,
          description: `Cash collected for ${label}`,
        },
        {
          account: 'available',
          kind: 'commission',
          amountKobo: -fromAvailable,
          description: `Commission on ${label}`,
        },
        {
          account: 'owed',
          kind: 'commission',
          amountKobo: -(commission - fromAvailable),
          description: `Commission on ${label} (owed)`,
        },
        { account: 'commission', kind: 'commission', amountKobo: commission },
      ],
    });
  };

  const orderHandedOver: LedgerPort['orderHandedOver'] = async (q, handover) => {
    if (await repo.hasTransaction(q, `release:${handover.orderId}`)) return;
    const { pending } = await orderFigures(q, handover.orderId);
    if (pending <= 0) return; // a pay-on-delivery order, or one refunded in full: nothing waits
    const releaseAt = new Date(handover.at.getTime() + handover.returnWindowDays * DAY_MS);
    await repo.scheduleRelease(q, { orderId: handover.orderId, sellerId: handover.sellerId, releaseAt });
    await jobs.add(
      q,
      RELEASE_TASK,
      { orderId: handover.orderId },
      { runAt: releaseAt, jobKey: releaseJobKey(handover.orderId) },
    );
  };

  /**
   * The release job's work: the order's money left in `pending` moves to `available`, first paying
   * off what the seller owes. Does nothing before its time or when done; an open return moves it a
   * day later.
   */
  async function releaseOrder(q: Queryable, orderId: string): Promise<'released' | 'held' | 'nothing'> {
    const scheduled = await repo.scheduledRelease(q, orderId);
    if (!scheduled) return 'nothing';
    const key = `release:${orderId}`;
    if (!(await begin(q, scheduled.sellerId, key))) {
      await repo.removeScheduledRelease(q, orderId);
      return 'nothing';
    }
    const now = clock.now();
    if (scheduled.releaseAt.getTime() > now.getTime()) return 'nothing';
    if (await openReturns.hasOpenReturn(q, orderId)) {
      const later = new Date(now.getTime() + RELEASE_RETRY_MS);
      await repo.scheduleRelease(q, { orderId, sellerId: scheduled.sellerId, releaseAt: later });
      await jobs.add(q, RELEASE_TASK, { orderId }, { runAt: later, jobKey: releaseJobKey(orderId) });
      return 'held';
    }
    const { pending } = await orderFigures(q, orderId);
    await repo.removeScheduledRelease(q, orderId);
    if (pending <= 0) return 'nothing';
    const { owed } = await repo.balances(q, scheduled.sellerId);
    const settle = Math.min(pending, Math.max(-owed, 0));
    const label = await orderLabel(q, orderId);
    await post(q, {
      key,
      kind: 'release',
      sellerId: scheduled.sellerId,
      orderId,
      at: now,
      entries: [
        { account: 'pending', kind: 'release', amountKobo: -pending },
        {
          account: 'available',
          kind: 'release',
          amountKobo: pending - settle,
          description: `${label} released to available`,
        },
        {
          account: 'owed',
          kind: 'release',
          amountKobo: settle,
          description: `Owed commission paid from ${label}`,
        },
      ],
    });
    return 'released';
  }

  const refundableKobo: LedgerPort['refundableKobo'] = async (q, orderId) => {
    const f = await orderFigures(q, orderId);
    return Math.max(f.paidOnline - f.refunded, 0);
  };

  const refund: LedgerPort['refund'] = async (q, r) => {
    positiveKobo(r.amountKobo, 'A refund');
    if (!(await begin(q, r.sellerId, r.key))) return;
    const f = await orderFigures(q, r.orderId);
    const refundable = Math.max(f.paidOnline - f.refunded, 0);
    if (r.amountKobo > refundable) {
      throw new ConflictError(
        refundable === 0
          ? 'Nothing is left to refund on this order'
          : `At most ${nairaText(refundable)} can still be refunded on this order`,
      );
    }
    const { available } = await repo.balances(q, r.sellerId);
    const fromPending = Math.min(r.amountKobo, Math.max(f.pending, 0));
    const fromAvailable = Math.min(r.amountKobo - fromPending, Math.max(available, 0));
    const fromOwed = r.amountKobo - fromPending - fromAvailable;
    // The commission on the refunded part comes back, proportionally and cumulatively (so a series
    // of partial refunds gives back exactly the whole commission when the whole order is refunded).
    const backTotal = Math.floor((f.commission * (f.refunded + r.amountKobo)) / f.paidOnline);
    const back = Math.max(backTotal - f.commissionBack, 0);
    const label = await orderLabel(q, r.orderId);
    const words = `Refund on ${label}`;
    await post(q, {
      key: r.key,
      kind: 'refund',
      sellerId: r.sellerId,
      orderId: r.orderId,
      memo: r.reason,
      at: r.at,
      entries: [
        { account: 'pending', kind: 'refund', amountKobo: -fromPending, description: words },
        { account: 'available', kind: 'refund', amountKobo: -fromAvailable, description: words },
        { account: 'owed', kind: 'refund', amountKobo: -fromOwed, description: `${words} (owed)` },
        { account: 'refunds', kind: 'refund', amountKobo: r.amountKobo },
        {
          account: fromPending > 0 ? 'pending' : 'available',
          kind: 'commission_refund',
          amountKobo: back,
          description: `Commission returned on ${label}`,
        },
        { account: 'commission', kind: 'commission_refund', amountKobo: -back },
      ],
    });
  };

  const balances: LedgerPort['balances'] = async (q, sellerId): Promise<SellerBalances> => {
    const b = await repo.balances(q, sellerId);
    return {
      availableKobo: b.available,
      pendingKobo: b.pending,
      payoutInFlightKobo: b.payout_in_flight,
      paidOutKobo: b.paid_out,
      refundsKobo: b.refunds,
      owedKobo: -b.owed,
    };
  };

  const holdPayout: LedgerPort['holdPayout'] = async (q, p) => {
    positiveKobo(p.amountKobo, 'A payout');
    const key = `payout:${p.payoutId}`;
    if (!(await begin(q, p.sellerId, key))) return;
    const { available } = await repo.balances(q, p.sellerId);
    if (available < p.amountKobo) {
      throw new ConflictError(`Your available balance is ${nairaText(Math.max(available, 0))}`);
    }
    await post(q, {
      key,
      kind: 'payout_hold',
      sellerId: p.sellerId,
      payoutId: p.payoutId,
      at: p.at,
      entries: [
        {
          account: 'available',
          kind: 'payout',
          amountKobo: -p.amountKobo,
          description: p.description ?? 'Payout',
        },
        { account: 'payout_in_flight', kind: 'payout', amountKobo: p.amountKobo },
      ],
    });
  };

  const payoutPaid: LedgerPort['payoutPaid'] = async (q, p) => {
    positiveKobo(p.amountKobo, 'A payout');
    const key = `payout-paid:${p.payoutId}`;
    if (!(await begin(q, p.sellerId, key))) return;
    if (!(await repo.hasTransaction(q, `payout:${p.payoutId}`))) {
      throw new ConflictError('This payout was never held from the available balance');
    }
    // Only money still in flight for this payout can be paid: not one already returned to available.
    const inFlight = await repo.payoutBalance(q, { ...p, account: 'payout_in_flight' });
    if (inFlight < p.amountKobo) {
      throw new ConflictError(
        'This payout is no longer on its way: its money went back to the available balance',
      );
    }
    await post(q, {
      key,
      kind: 'payout_paid',
      sellerId: p.sellerId,
      payoutId: p.payoutId,
      at: p.at,
      entries: [
        { account: 'payout_in_flight', kind: 'payout', amountKobo: -p.amountKobo },
        { account: 'paid_out', kind: 'payout', amountKobo: p.amountKobo },
      ],
    });
  };

  const payoutReturned: LedgerPort['payoutReturned'] = async (q, p) => {
    positiveKobo(p.amountKobo, 'A payout');
    const key = `payout-returned:${p.payoutId}`;
    if (!(await begin(q, p.sellerId, key))) return;
    const needs = p.from === 'in_flight' ? `payout:${p.payoutId}` : `payout-paid:${p.payoutId}`;
    if (!(await repo.hasTransaction(q, needs))) {
      throw new ConflictError(
        p.from === 'in_flight' ? 'This payout was never held' : 'This payout was never paid',
      );
    }
    // The money must still be where the caller says it is (a paid payout is no longer in flight).
    const held = await repo.payoutBalance(q, {
      ...p,
      account: p.from === 'in_flight' ? 'payout_in_flight' : 'paid_out',
    });
    if (held < p.amountKobo) {
      throw new ConflictError(
        p.from === 'in_flight' ? 'This payout is no longer on its way' : 'This payout was not paid out',
      );
    }
    await post(q, {
      key,
      kind: 'payout_returned',
      sellerId: p.sellerId,
      payoutId: p.payoutId,
      memo: p.reason,
      at: p.at,
      entries: [
        {
          account: p.from === 'in_flight' ? 'payout_in_flight' : 'paid_out',
          kind: 'payout_returned',
          amountKobo: -p.amountKobo,
        },
        {
          account: 'available',
          kind: 'payout_returned',
          amountKobo: p.amountKobo,
          description: `Payout returned: ${p.reason}`,
        },
      ],
    });
  };

  const port: LedgerPort = {
    orderPaid,
    cashCollected,
    orderHandedOver,
    refundableKobo,
    refund,
    balances,
    holdPayout,
    payoutPaid,
    payoutReturned,
  };

  const tasks: TaskList = {
    [RELEASE_TASK]: taskOf(z.object({ orderId: z.uuid() }), async ({ orderId }) => {
      await repo.transaction((tx) => releaseOrder(tx, orderId));
    }),
  };

  return {
    port,
    tasks,
    releaseOrder,
    /** The returns module's answer to "is a return open on this order?" (wired in app.ts). */
    useOpenReturns(p: OpenReturnsPort) {
      openReturns = p;
    },
  };
}
export type LedgerService = ReturnType<typeof ledgerService>;
