import { LEDGER_FILTER_KINDS, type LedgerEntryKind, type statementCsvQuery } from '@kasuwa/contracts';
import type { z } from 'zod';
import type { Clock } from '@/lib/clock.ts';
import { csvStream } from '@/lib/csv-export.ts';
import { BadRequestError, NotFoundError } from '@/lib/errors.ts';
import { addDays, lagosDay, lagosDayStart } from '@/lib/lagos-time.ts';
import {
  type StatementSummary,
  type StatementTotals,
  statementPdf,
} from '@/modules/statements/statement-pdf.ts';
import { STATEMENT_CSV_COLUMNS, statementCsvRecord } from '@/modules/statements/statement-rows.ts';
import type {
  OpeningFrom,
  Period,
  StatementsRepository,
} from '@/modules/statements/statements.repository.ts';

export type StatementCsvQuery = z.output<typeof statementCsvQuery>;

/** A real calendar day (the contract checks the shape only): 2026-02-30 is refused. */
const isCalendarDay = (day: string) => {
  const d = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

/** The first day of the month after `month` (YYYY-MM). */
const nextMonthStart = (month: string) => {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Totals of a month's lines as the statement's summary shows them. */
export function monthTotals(sums: Array<{ kind: LedgerEntryKind; kobo: number }>): StatementTotals {
  const of = (...kinds: LedgerEntryKind[]) =>
    sums.filter((s) => kinds.includes(s.kind)).reduce((n, s) => n + s.kobo, 0);
  return {
    salesKobo: of('sale'),
    cashCollectedKobo: of('cash_collected'),
    commissionKobo: of('commission', 'commission_refund'),
    feesKobo: of('payment_fee'),
    refundsKobo: of('refund'),
    payoutsKobo: of('payout', 'payout_returned'),
  };
}

/** Statements of the seller's ledger: a CSV of any Lagos date range, a PDF of a month. */
export function statementsService({ repo, clock }: { repo: StatementsRepository; clock: Clock }) {
  /** The shorter way to the available balance at `start` (see OpeningFrom). */
  async function openingFrom(sellerId: string, start: Date): Promise<OpeningFrom> {
    const extent = await repo.extent(repo.db, sellerId);
    if (!extent) return 'before';
    return start.getTime() - extent.first.getTime() <= extent.last.getTime() - start.getTime()
      ? 'before'
      : 'balance';
  }

  return {
    /** GET /api/earnings/statement.csv: the lines of [from, to] (Lagos days) oldest first, streamed. */
    async csv(sellerId: string, query: StatementCsvQuery) {
      if (!isCalendarDay(query.from) || !isCalendarDay(query.to))
        throw new BadRequestError('Choose real dates (YYYY-MM-DD)');
      if (query.from > query.to)
        throw new BadRequestError('The start date must be on or before the end date');
      const period: Period = {
        sellerId,
        start: lagosDayStart(query.from),
        end: lagosDayStart(addDays(query.to, 1)),
      };
      const from = await openingFrom(sellerId, period.start);
      // The filter chips of the transactions table (contracts): a CSV has the lines the table shows.
      const kinds = LEDGER_FILTER_KINDS[query.filter];
      const filterPart = query.filter === 'all' ? '' : `${query.filter}-`;
      return {
        fileName: `kasuwa-statement-${filterPart}${query.from}-to-${query.to}.csv`,
        stream: csvStream(STATEMENT_CSV_COLUMNS, repo.lineBatches(period, from, kinds), statementCsvRecord),
      };
    },

    /** GET /api/earnings/statements/:month.pdf: a month's statement (this month: up to now). */
    async monthPdf(sellerId: string, month: string) {
      const thisMonth = lagosDay(clock.now()).slice(0, 7);
      if (month > thisMonth) throw new BadRequestError('That month has not started yet');
      const seller = await repo.seller(repo.db, sellerId);
      if (!seller) throw new NotFoundError('Seller');
      const firstDay = `${month}-01`;
      const afterLast = nextMonthStart(month);
      const today = lagosDay(clock.now());
      const lastDay = month === thisMonth ? today : addDays(afterLast, -1);
      const period: Period = { sellerId, start: lagosDayStart(firstDay), end: lagosDayStart(afterLast) };
      const from = await openingFrom(sellerId, period.start);
      const figures = await repo.monthFigures(repo.db, period, from);
      const availableMoved = figures.sums
        .filter((s) => s.balance === 'available')
        .reduce((n, s) => n + s.kobo, 0);
      const summary: StatementSummary = {
        storeName: seller.storeName,
        email: seller.email,
        month,
        firstDay,
        lastDay,
        openingAvailableKobo: figures.openingAvailableKobo,
        closingAvailableKobo: figures.openingAvailableKobo + availableMoved,
        totals: monthTotals(figures.sums),
        lineCount: figures.sums.reduce((n, s) => n + s.lines, 0),
        generatedAt: clock.now(),
      };
      return {
        fileName: `kasuwa-statement-${month}.pdf`,
        stream: statementPdf(summary, repo.lineBatches(period, from, null)),
      };
    },
  };
}
export type StatementsService = ReturnType<typeof statementsService>;
