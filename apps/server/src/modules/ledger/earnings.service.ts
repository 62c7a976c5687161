import {
  type EarningsChartResponse,
  type EarningsSummaryResponse,
  type earningsChartQuery,
  LEDGER_FILTER_KINDS,
  type LedgerTransactionsResponse,
  type ledgerTransactionsQuery,
  MIN_PAYOUT_KOBO,
  ORDER_NUMBER_PREFIX,
} from '@kasuwa/contracts';
import type { z } from 'zod';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError } from '@/lib/errors.ts';
import { addDays, lagosDay, lagosDayStart, lagosWeekStart } from '@/lib/lagos-time.ts';
import { toNaira } from '@/lib/naira.ts';
import type { LedgerRepository } from '@/modules/ledger/ledger.repository.ts';
import type { PayoutInfoPort } from '@/modules/ledger/ledger-ports.ts';

/** Until the payouts module answers: no bank account, payouts when asked. */
export const noPayoutInfo: PayoutInfoPort = {
  summaryFor: async () => ({
    bankAccount: null,
    payoutHoldUntil: null,
    schedule: 'manual',
    payoutBlockedReason: 'Add the bank account your payouts go to',
  }),
};

/** The longest chart a request may ask for, per granularity (a bar per period). */
const MAX_CHART_DAYS = { day: 366, week: 7 * 260, month: 366 * 10 } as const;

/** The first day of the Lagos month a day (YYYY-MM-DD) belongs to. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

function checkRange(from: string | undefined, to: string | undefined) {
  for (const d of [from, to]) {
    const t = d ? Date.parse(`${d}T00:00:00Z`) : 0;
    if (d && (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== d)) {
      throw new BadRequestError(`${d} is not a date`);
    }
  }
  if (from && to && from > to) throw new BadRequestError('The start date must be on or before the end date');
}

/** The seller's reads of the ledger: the Earnings & Payouts screen's cards, transactions and chart. */
export function earningsService(deps: {
  repo: LedgerRepository;
  clock: Clock;
  payoutInfo: () => PayoutInfoPort;
}) {
  const { repo, clock } = deps;

  return {
    /** GET /api/earnings/summary. */
    async summary(sellerId: string): Promise<EarningsSummaryResponse> {
      const db = repo.db;
      const now = clock.now();
      const month = monthStart(lagosDay(now));
      const [b, next, paidOut, payouts] = await Promise.all([
        repo.balances(db, sellerId),
        repo.nextRelease(db, sellerId),
        repo.paidOutBetween(db, sellerId, lagosDayStart(month), lagosDayStart(nextMonth(month))),
        deps.payoutInfo().summaryFor(db, sellerId),
      ]);
      return {
        available: toNaira(b.available),
        pending: toNaira(b.pending),
        nextRelease: next ? { amount: toNaira(next.amountKobo), at: next.at.toISOString() } : null,
        inFlight: toNaira(b.payout_in_flight),
        paidOutThisMonth: toNaira(paidOut),
        owed: toNaira(Math.max(-b.owed, 0)),
        bankAccount: payouts.bankAccount,
        payoutHoldUntil: payouts.payoutHoldUntil?.toISOString() ?? null,
        schedule: payouts.schedule,
        minimumPayout: toNaira(MIN_PAYOUT_KOBO),
        payoutBlockedReason: payouts.payoutBlockedReason,
      };
    },

    /** GET /api/earnings/transactions: the seller's lines, newest first, a filter chip and Lagos days. */
    async transactions(
      sellerId: string,
      query: z.output<typeof ledgerTransactionsQuery>,
    ): Promise<LedgerTransactionsResponse> {
      checkRange(query.from, query.to);
      const found = await repo.lines(
        repo.db,
        {
          sellerId,
          kinds: LEDGER_FILTER_KINDS[query.filter],
          from: query.from ? lagosDayStart(query.from) : null,
          to: query.to ? lagosDayStart(addDays(query.to, 1)) : null,
        },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return {
        transactions: found.rows.map((r) => ({
          _id: r.id,
          at: r.at.toISOString(),
          kind: r.kind,
          description: r.description,
          balance: r.account === 'pending' ? 'pending' : 'available',
          amount: toNaira(r.amountKobo),
          order:
            r.orderId && r.orderNumber !== null
              ? { _id: r.orderId, number: `${ORDER_NUMBER_PREFIX}${r.orderNumber}` }
              : null,
          payoutId: r.payoutId,
        })),
        pagination: {
          page: query.page,
          limit: query.limit,
          total: found.total,
          totalPages: Math.ceil(found.total / query.limit),
        },
      };
    },

    /**
     * GET /api/earnings/chart: per Lagos day, week (from Monday) or month between two days, the
     * sales, the commission and fees (net of commission given back), refunds, and what is left.
     * Every period of the range is present, empty ones as zeros.
     */
    async chart(
      sellerId: string,
      query: z.output<typeof earningsChartQuery>,
    ): Promise<EarningsChartResponse> {
      checkRange(query.from, query.to);
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
      if (days > MAX_CHART_DAYS[query.granularity]) {
        throw new BadRequestError(
          `Choose a shorter range: at most ${MAX_CHART_DAYS[query.granularity]} days by ${query.granularity}`,
        );
      }
      const periodOf = (day: string) =>
        query.granularity === 'day'
          ? day
          : query.granularity === 'week'
            ? lagosWeekStart(day)
            : monthStart(day);
      const step = (day: string) =>
        query.granularity === 'day'
          ? addDays(day, 1)
          : query.granularity === 'week'
            ? addDays(day, 7)
            : nextMonth(day);
      const points = new Map<string, { sales: number; fees: number; refunds: number }>();
      for (let p = periodOf(query.from); p <= query.to; p = step(p))
        points.set(p, { sales: 0, fees: 0, refunds: 0 });
      const sums = await repo.chartSums(repo.db, {
        sellerId,
        from: lagosDayStart(query.from),
        to: lagosDayStart(addDays(query.to, 1)),
        granularity: query.granularity,
      });
      for (const s of sums) {
        const point = points.get(s.period);
        if (!point) continue;
        if (s.kind === 'sale') point.sales += s.totalKobo;
        else if (s.kind === 'commission' || s.kind === 'payment_fee' || s.kind === 'commission_refund')
          point.fees -= s.totalKobo;
        else if (s.kind === 'refund') point.refunds -= s.totalKobo;
      }
      return {
        points: [...points].map(([date, p]) => ({
          date,
          sales: toNaira(p.sales),
          fees: toNaira(p.fees),
          refunds: toNaira(p.refunds),
          net: toNaira(p.sales - p.fees - p.refunds),
        })),
      };
    },
  };
}
export type EarningsService = ReturnType<typeof earningsService>;
