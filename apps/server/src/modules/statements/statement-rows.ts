import { LEDGER_ENTRY_KIND_LABELS, type LedgerEntryKind } from '@kasuwa/contracts';
import { safeCell } from '@/lib/csv-export.ts';
import { toNaira } from '@/lib/naira.ts';

/** Which of the seller's balances a line moved. */
export type StatementBalance = 'pending' | 'available' | 'owed';
export const STATEMENT_BALANCE_LABELS: Record<StatementBalance, string> = {
  pending: 'Pending',
  available: 'Available',
  owed: 'Owed',
};

/** One line of a statement as the cursor reads it: a shown ledger entry of the seller's. */
export type StatementRow = {
  /** Lagos time, `YYYY-MM-DD HH24:MI`. */
  at_lagos: string;
  kind: LedgerEntryKind;
  description: string;
  /** `KSW-100234`, or null for a line of no order (a payout). */
  order_number: string | null;
  balance: StatementBalance;
  /** Signed kobo (bigint read as float8: exact up to 2^53 kobo). */
  amount_kobo: number;
  /** The available balance after this line, kobo. */
  available_after_kobo: number;
};

export const STATEMENT_CSV_COLUMNS = [
  'Date (Lagos)',
  'Type',
  'Description',
  'Order',
  'Balance',
  'Amount (NGN)',
  'Available balance after (NGN)',
] as const;

/** Naira with two decimals, signed, no thousands separators: a spreadsheet reads it as a number. */
export const csvNaira = (kobo: number) => toNaira(kobo).toFixed(2);

export function statementCsvRecord(r: StatementRow): string[] {
  return [
    r.at_lagos,
    LEDGER_ENTRY_KIND_LABELS[r.kind] ?? r.kind,
    // A description is ours, but carries a bank or buyer name: never a formula.
    safeCell(r.description),
    r.order_number ?? '',
    STATEMENT_BALANCE_LABELS[r.balance] ?? r.balance,
    csvNaira(Number(r.amount_kobo)),
    csvNaira(Number(r.available_after_kobo)),
  ];
}
