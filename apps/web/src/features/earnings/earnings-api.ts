import type {
  EarningsChartResponse,
  EarningsSummaryResponse,
  LedgerFilter,
  LedgerTransactionsResponse,
  PayoutBanksResponse,
  PayoutResponse,
  PayoutSchedule,
  PayoutsResponse,
  RequestPayoutBody,
  ResolveBankAccountBody,
  ResolveBankAccountResponse,
  SaveBankAccountBody,
  SaveBankAccountResponse,
  StepUp,
} from '@kasuwa/contracts';
import { LEDGER_FILTERS } from '@/features/earnings/earnings-labels';
import type { ApiClient } from '@/lib/api-client';
import { lagosDate } from '@/lib/download-file';

/* The money calls of packages/contracts/src/money.ts; only types from the contracts, so zod stays out. */

export const TRANSACTIONS_PAGE_SIZE = 20;
export const PAYOUTS_PAGE_SIZE = 10;

// ---- Dates (YYYY-MM-DD, Lagos) ----

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A calendar date `days` after `date` (negative: before); plain calendar arithmetic, no time zone. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day of the month `months` after the month of `date`. */
export function addMonths(date: string, months: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The last `count` months, newest first, as YYYY-MM (the monthly statements a seller can ask for). */
export function recentMonths(today: string, count = 12): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(today, -i).slice(0, 7));
}

// ---- The chart ----

export type Granularity = 'day' | 'week' | 'month';
export interface ChartParams {
  granularity: Granularity;
  from: string;
  to: string;
}

/** What each granularity shows unless the seller picks dates: 30 days, 12 weeks, 12 months. */
export function defaultChartParams(granularity: Granularity, today: string = lagosDate()): ChartParams {
  switch (granularity) {
    case 'day':
      return { granularity, from: addDays(today, -29), to: today };
    case 'week':
      return { granularity, from: addDays(today, -7 * 12 + 1), to: today };
    case 'month':
      return { granularity, from: addMonths(today, -11), to: today };
  }
}

export function fetchChart(api: ApiClient, params: ChartParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ from: params.from, to: params.to, granularity: params.granularity });
  return api.get<EarningsChartResponse>(`/earnings/chart?${query}`, { signal });
}

// ---- The summary ----

export function fetchSummary(api: ApiClient, signal?: AbortSignal) {
  return api.get<EarningsSummaryResponse>('/earnings/summary', { signal });
}

// ---- Transactions, their list state in the URL ----

export interface TransactionParams {
  filter: LedgerFilter;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

export const DEFAULT_TRANSACTION_PARAMS: TransactionParams = { filter: 'all', page: 1 };

/** Reads the transactions' list state from the URL; anything unreadable falls back to the default. */
export function readTransactionParams(search: URLSearchParams): TransactionParams {
  const filter = search.get('filter');
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const page = Number(search.get('page'));
  return {
    filter: LEDGER_FILTERS.includes(filter as LedgerFilter) ? (filter as LedgerFilter) : 'all',
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query for a list state; defaults are left out so the plain screen has a plain URL. */
export function writeTransactionParams(params: TransactionParams, into = new URLSearchParams()) {
  const query = new URLSearchParams(into);
  for (const key of ['filter', 'from', 'to', 'page']) query.delete(key);
  if (params.filter !== 'all') query.set('filter', params.filter);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (params.page !== 1) query.set('page', String(params.page));
  return query;
}

/** The API's query (ledgerTransactionsQuery) for a list state. */
export function transactionsApiQuery(params: TransactionParams): string {
  const query = new URLSearchParams({ filter: params.filter });
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  query.set('page', String(params.page));
  query.set('limit', String(TRANSACTIONS_PAGE_SIZE));
  return query.toString();
}

export function fetchTransactions(api: ApiClient, params: TransactionParams, signal?: AbortSignal) {
  return api.get<LedgerTransactionsResponse>(`/earnings/transactions?${transactionsApiQuery(params)}`, {
    signal,
  });
}

// ---- Statements ----

export function statementCsvPath(params: { from: string; to: string; filter: LedgerFilter }): string {
  const query = new URLSearchParams({ from: params.from, to: params.to, filter: params.filter });
  return `/earnings/statement.csv?${query}`;
}

export function statementPdfPath(month: string): string {
  if (!MONTH.test(month)) throw new Error(`Not a month: ${month}`);
  return `/earnings/statements/${month}.pdf`;
}

// ---- Payouts and the bank account ----

export function fetchPayouts(api: ApiClient, page: number, signal?: AbortSignal) {
  return api.get<PayoutsResponse>(`/payouts?page=${page}&limit=${PAYOUTS_PAGE_SIZE}`, { signal });
}

export function fetchBanks(api: ApiClient, signal?: AbortSignal) {
  return api.get<PayoutBanksResponse>('/payouts/banks', { signal });
}

export function resolveBankAccount(api: ApiClient, body: ResolveBankAccountBody) {
  return api.post<ResolveBankAccountResponse>('/payouts/bank-account/resolve', body);
}

export function saveBankAccount(api: ApiClient, body: SaveBankAccountBody) {
  return api.put<SaveBankAccountResponse>('/payouts/bank-account', body);
}

/** One payout; the key is made once per payout dialog, so a retry of the same request makes one payout. */
export function requestPayout(api: ApiClient, body: RequestPayoutBody, idempotencyKey: string) {
  return api.post<PayoutResponse>('/payouts', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function savePayoutSchedule(api: ApiClient, body: { schedule: PayoutSchedule; stepUp: StepUp }) {
  return api.put<{ message: string; schedule: PayoutSchedule }>('/payouts/schedule', body);
}

/** E-mails the seller a 6-digit code that proves it is them instead of the password. */
export function sendStepUpCode(api: ApiClient) {
  return api.post<{ message: string }>('/auth/step-up/code');
}

// ---- Idempotency ----

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only on secure pages; a phone opening the
 * app over plain http on a local network still gets a random v4 UUID from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed request certainly made nothing: the server answered and refused it (a wrong
 * password, too large an amount). Only then may the next attempt carry a new key; after a time-out,
 * a dropped connection or a 5xx the payout may exist, so a retry must send the same key. 409 (the
 * same key still being handled) and 429 are not refusals of the payout itself.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { kind, status } = error as { kind?: unknown; status?: unknown };
  return (
    kind === 'http' &&
    typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    status !== 409 &&
    status !== 429
  );
}
