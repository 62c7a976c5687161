import {
  type BankAccount,
  type EarningsChartResponse,
  type EarningsSummaryResponse,
  earningsChartQuery,
  type LedgerEntryKind,
  type LedgerFilter,
  type LedgerTransaction,
  type LedgerTransactionsResponse,
  ledgerTransactionsQuery,
  type Payout,
  type PayoutBanksResponse,
  type PayoutResponse,
  type PayoutSchedule,
  type PayoutsResponse,
  payoutScheduleBody,
  payoutsQuery,
  type RequestPayoutBody,
  type ResolveBankAccountBody,
  type ResolveBankAccountResponse,
  requestPayoutBody,
  resolveBankAccountBody,
  type SaveBankAccountBody,
  type SaveBankAccountResponse,
  type StepUp,
  saveBankAccountBody,
} from '@kasuwa/contracts';
import type { z } from 'zod';
import { bodyCheck } from '@/test/contract-fake';
import { type Answer, type Call, fakeApiClient, type Override } from '@/test/in-memory-api';
import { testId } from '@/test/orders';

/*
 * The seller's money for web tests: one fake of the earnings, payouts and step-up endpoints of
 * packages/contracts/src/money.ts. Bodies are read with the contract's schemas (a body the server
 * would refuse fails the test) and so are the list queries, so a screen asking a query the server
 * refuses gets its 400 here too. The password is PASSWORD, the e-mailed code CODE.
 */

export const PASSWORD = 'KasuwaDemo#2026';
export const CODE = '123456';

const moneyBodies: Record<string, z.ZodType> = {
  'POST /payouts': requestPayoutBody,
  'POST /payouts/bank-account/resolve': resolveBankAccountBody,
  'PUT /payouts/bank-account': saveBankAccountBody,
  'PUT /payouts/schedule': payoutScheduleBody,
};

export const GTBANK: BankAccount = {
  bankName: 'Guaranty Trust Bank',
  bankCode: '058',
  accountNumber: '0123456789',
  accountName: 'NGOZI ADEYEMI',
  accountCurrency: 'NGN',
  verifiedAt: '2026-10-01T10:00:00.000Z',
};

export const BANKS: PayoutBanksResponse['banks'] = [
  { name: 'Access Bank', code: '044' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Opay', code: '999992' },
  { name: 'United Bank for Africa', code: '033' },
  { name: 'Zenith Bank', code: '057' },
];

export function testSummary(overrides: Partial<EarningsSummaryResponse> = {}): EarningsSummaryResponse {
  return {
    available: 48250.5,
    pending: 17500,
    nextRelease: { amount: 12000, at: '2026-12-02T09:00:00.000Z' },
    inFlight: 0,
    paidOutThisMonth: 30000,
    owed: 0,
    bankAccount: GTBANK,
    payoutHoldUntil: null,
    schedule: 'manual',
    minimumPayout: 1000,
    payoutBlockedReason: null,
    ...overrides,
  } satisfies EarningsSummaryResponse;
}

let serial = 0;
export function testLine(overrides: Partial<LedgerTransaction> = {}): LedgerTransaction {
  serial += 1;
  return {
    _id: testId(300000 + serial),
    at: '2026-11-20T10:00:00.000Z',
    kind: 'sale',
    description: `Sale KSW-${100000 + serial}`,
    balance: 'pending',
    amount: 17500,
    order: { _id: testId(500000 + serial), number: `KSW-${100000 + serial}` },
    payoutId: null,
    ...overrides,
  } satisfies LedgerTransaction;
}

export function testPayout(overrides: Partial<Payout> = {}): Payout {
  serial += 1;
  return {
    _id: testId(400000 + serial),
    reference: `PO-${String(serial).padStart(6, '0')}`,
    amount: 20000,
    status: 'paid',
    bankName: 'Guaranty Trust Bank',
    accountNumberLast4: '6789',
    accountName: 'NGOZI ADEYEMI',
    automatic: false,
    createdAt: '2026-11-10T09:00:00.000Z',
    paidAt: '2026-11-10T09:05:00.000Z',
    failureReason: null,
    ...overrides,
  } satisfies Payout;
}

const FILTER_KINDS: Record<LedgerFilter, readonly LedgerEntryKind[] | null> = {
  all: null,
  sales: ['sale', 'cash_collected'],
  fees: ['commission', 'payment_fee', 'commission_refund'],
  refunds: ['refund'],
  payouts: ['payout', 'payout_returned'],
};

const ok = <T>(body: T, status = 200): Answer => ({ status, body });
const refuse = (status: number, message: string): Answer => ({ status, body: { message } });

export interface FakeEarningsOptions {
  summary?: EarningsSummaryResponse;
  transactions?: LedgerTransaction[];
  payouts?: Payout[];
  chart?: (query: { from: string; to: string; granularity: string }) => EarningsChartResponse['points'];
  /** The names the bank answers, by account number; others are "not found". */
  accountNames?: Record<string, string>;
  override?: Override;
}

function stepUpOk(stepUp: StepUp): boolean {
  return stepUp.method === 'password' ? stepUp.password === PASSWORD : stepUp.code === CODE;
}

function queryOf(call: Call): Record<string, string> {
  return Object.fromEntries(call.query.entries());
}

export function fakeEarningsApi(options: FakeEarningsOptions = {}) {
  let summary = options.summary ?? testSummary();
  const transactions = options.transactions ?? [];
  let payouts = options.payouts ?? [];
  const byKey = new Map<string, Answer>();
  const codesSent: number[] = [];
  const { refusal } = bodyCheck(moneyBodies);

  const answer = (call: Call): Answer | undefined => {
    const { method, path } = call;
    if (method === 'GET' && path === '/earnings/summary')
      return ok(summary satisfies EarningsSummaryResponse);
    if (method === 'GET' && path === '/earnings/transactions') {
      const query = ledgerTransactionsQuery.safeParse(queryOf(call));
      if (!query.success) return refuse(400, query.error.issues[0]?.message ?? 'Invalid query');
      const { filter, from, to, page, limit } = query.data;
      const kinds = FILTER_KINDS[filter];
      const matching = transactions.filter(
        (t) =>
          (!kinds || kinds.includes(t.kind)) &&
          (!from || t.at.slice(0, 10) >= from) &&
          (!to || t.at.slice(0, 10) <= to),
      );
      return ok({
        transactions: matching.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) },
      } satisfies LedgerTransactionsResponse);
    }
    if (method === 'GET' && path === '/earnings/chart') {
      const query = earningsChartQuery.safeParse(queryOf(call));
      if (!query.success) return refuse(400, query.error.issues[0]?.message ?? 'Invalid query');
      return ok({ points: options.chart?.(query.data) ?? [] } satisfies EarningsChartResponse);
    }
    if (method === 'GET' && path === '/payouts') {
      const query = payoutsQuery.safeParse(queryOf(call));
      if (!query.success) return refuse(400, query.error.issues[0]?.message ?? 'Invalid query');
      const { page, limit } = query.data;
      return ok({
        payouts: payouts.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: payouts.length, totalPages: Math.ceil(payouts.length / limit) },
      } satisfies PayoutsResponse);
    }
    if (method === 'GET' && path === '/payouts/banks')
      return ok({ banks: BANKS } satisfies PayoutBanksResponse);
    if (method === 'POST' && path === '/auth/step-up/code') {
      codesSent.push(codesSent.length + 1);
      return ok({ message: 'We sent a 6-digit code to ngozi@example.ng.' });
    }
    if (method === 'POST' && path === '/payouts/bank-account/resolve') {
      const body = call.body as ResolveBankAccountBody;
      const name = options.accountNames?.[body.accountNumber];
      const bank = BANKS.find((b) => b.code === body.bankCode);
      if (!name || !bank)
        return refuse(422, 'We could not find that account. Check the number and the bank.');
      return ok({ accountName: name, bankName: bank.name } satisfies ResolveBankAccountResponse);
    }
    if (method === 'PUT' && path === '/payouts/bank-account') {
      const body = call.body as SaveBankAccountBody;
      if (!stepUpOk(body.stepUp)) return refuse(403, 'That password is not right.');
      const bank = BANKS.find((b) => b.code === body.bankCode);
      const name = options.accountNames?.[body.accountNumber];
      if (!bank || !name) return refuse(422, 'We could not find that account.');
      const bankAccount: BankAccount = {
        bankName: bank.name,
        bankCode: bank.code,
        accountNumber: body.accountNumber,
        accountName: name,
        accountCurrency: 'NGN',
        verifiedAt: '2026-11-25T18:00:00.000Z',
      };
      // A change (not a first account) holds payouts for a day from now.
      const payoutHoldUntil = summary.bankAccount ? new Date(Date.now() + 24 * 3600_000).toISOString() : null;
      summary = { ...summary, bankAccount, payoutHoldUntil };
      return ok({
        message: 'Bank account saved',
        bankAccount,
        payoutHoldUntil,
      } satisfies SaveBankAccountResponse);
    }
    if (method === 'PUT' && path === '/payouts/schedule') {
      const body = call.body as { schedule: PayoutSchedule; stepUp: StepUp };
      if (!stepUpOk(body.stepUp)) return refuse(403, 'That password is not right.');
      summary = { ...summary, schedule: body.schedule };
      return ok({ message: 'Payout schedule saved', schedule: body.schedule });
    }
    if (method === 'POST' && path === '/payouts') {
      const key = call.headers['idempotency-key'];
      if (!key) return refuse(400, 'Idempotency-Key header is required');
      const replay = byKey.get(key);
      if (replay) return replay;
      const body = call.body as RequestPayoutBody;
      if (!stepUpOk(body.stepUp)) return refuse(403, 'That password is not right.');
      if (summary.payoutBlockedReason) return refuse(409, summary.payoutBlockedReason);
      if (body.amount > summary.available) return refuse(422, 'That is more than your available balance.');
      const payout = testPayout({ amount: body.amount, status: 'pending', paidAt: null });
      payouts = [payout, ...payouts];
      summary = {
        ...summary,
        available: Math.round((summary.available - body.amount) * 100) / 100,
        inFlight: summary.inFlight + body.amount,
      };
      const made = ok({ message: 'Payout requested', payout } satisfies PayoutResponse, 201);
      byKey.set(key, made);
      return made;
    }
    return undefined;
  };

  const { api, calls } = fakeApiClient(
    (call) =>
      refusal(call) ??
      options.override?.(call) ??
      answer(call) ?? { status: 404, body: { message: 'Not found' } },
  );
  return {
    api,
    calls,
    summary: () => summary,
    payouts: () => payouts,
    codesSent: () => codesSent.length,
  };
}
