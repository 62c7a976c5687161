import { z } from 'zod';
import { pageInfoSchema } from './orders.ts';

/**
 * Money (issue 15): the seller's ledger as the Earnings & Payouts screen shows it, the bank account
 * payouts go to, and payouts. Amounts travel as naira with at most two decimals (the server keeps
 * integer kobo); a ledger line's amount is signed: what it added to or took from the seller.
 */

const naira = z.number();
const isoDate = z.string();
const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');
/** A naira amount a seller types: positive, at most two decimals. */
const nairaInput = z
  .number({ error: 'Enter an amount' })
  .positive('Enter an amount above zero')
  .max(100_000_000, 'That amount is too large')
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    message: 'Use at most two decimals',
  });

/** The smallest payout a seller may request: ₦1,000. */
export const MIN_PAYOUT_KOBO = 100_000;
/** A changed bank account receives no payout for this long (an account takeover's usual first move). */
export const BANK_CHANGE_PAYOUT_HOLD_HOURS = 24;

// ---- Step-up: a fresh proof of who is asking, before money moves or its destination changes ----

/** The seller's password, or the 6-digit code e-mailed by POST /api/auth/step-up/code. */
export const stepUpSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('password'),
    password: z.string().min(1, 'Enter your password').max(200),
  }),
  z.strictObject({ method: z.literal('code'), code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') }),
]);
export type StepUp = z.infer<typeof stepUpSchema>;
export const stepUpCodeResponse = z.object({ message: z.string() });

// ---- The ledger as the seller sees it ----

/** What a line of the transactions table is. */
export const ledgerEntryKindSchema = z.enum([
  'sale',
  'commission',
  'payment_fee',
  'cash_collected',
  'release',
  'refund',
  'commission_refund',
  'payout',
  'payout_returned',
]);
export type LedgerEntryKind = z.infer<typeof ledgerEntryKindSchema>;
export const LEDGER_ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = {
  sale: 'Sale',
  commission: 'Commission',
  payment_fee: 'Payment fee',
  cash_collected: 'Cash collected',
  release: 'Released to available',
  refund: 'Refund',
  commission_refund: 'Commission returned',
  payout: 'Payout',
  payout_returned: 'Payout returned',
};
/** The transactions table's filter chips; each covers one or more kinds. */
export const ledgerFilterSchema = z.enum(['all', 'sales', 'fees', 'refunds', 'payouts']);
export type LedgerFilter = z.infer<typeof ledgerFilterSchema>;
export const LEDGER_FILTER_LABELS: Record<LedgerFilter, string> = {
  all: 'All',
  sales: 'Sales',
  fees: 'Commission & fees',
  refunds: 'Refunds',
  payouts: 'Payouts',
};

/** Which balance a line moved: money still in its return window, or money the seller can pay out. */
export const ledgerBalanceSchema = z.enum(['pending', 'available']);

export const ledgerTransactionSchema = z.object({
  _id: z.string(),
  at: isoDate,
  kind: ledgerEntryKindSchema,
  /** e.g. "Sale KSW-100234", "Payout to GTBank ••••6789". */
  description: z.string(),
  balance: ledgerBalanceSchema,
  /** Signed: a sale is positive, a commission, a refund or a payout negative. */
  amount: naira,
  order: z.object({ _id: z.string(), number: z.string() }).nullable(),
  payoutId: z.string().nullable(),
});
export type LedgerTransaction = z.infer<typeof ledgerTransactionSchema>;

/** GET /api/earnings/transactions; GET /api/earnings/statement.csv takes the same filters (from/to required there). */
export const ledgerTransactionsQuery = z.strictObject({
  filter: ledgerFilterSchema.default('all'),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type LedgerTransactionsQuery = z.input<typeof ledgerTransactionsQuery>;
export const ledgerTransactionsResponse = z.object({
  transactions: z.array(ledgerTransactionSchema),
  pagination: pageInfoSchema,
});
export type LedgerTransactionsResponse = z.infer<typeof ledgerTransactionsResponse>;
export const statementCsvQuery = z.strictObject({
  filter: ledgerFilterSchema.default('all'),
  from: dateOnly,
  to: dateOnly,
});
/** GET /api/earnings/statements/:month.pdf — a month's statement (YYYY-MM). */
export const statementMonthParams = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Months are YYYY-MM'),
});

// ---- Bank account and payouts ----

export const bankAccountSchema = z.object({
  bankName: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  accountCurrency: z.literal('NGN'),
  /** When the name check answered this name. */
  verifiedAt: isoDate,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const payoutScheduleSchema = z.enum(['manual', 'weekly', 'daily']);
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;
export const PAYOUT_SCHEDULE_LABELS: Record<PayoutSchedule, string> = {
  manual: 'When I ask',
  weekly: 'Every Monday',
  daily: 'Every day',
};

/** GET /api/earnings/summary — the cards of the Earnings & Payouts screen. */
export const earningsSummaryResponse = z.object({
  available: naira,
  pending: naira,
  /** The next money to move from pending to available, when a return window closes. */
  nextRelease: z.object({ amount: naira, at: isoDate }).nullable(),
  /** Payouts on their way to the bank. */
  inFlight: naira,
  paidOutThisMonth: naira,
  /** Commission cash orders owe, taken from the next money that frees up. */
  owed: naira,
  bankAccount: bankAccountSchema.nullable(),
  /** Payouts wait until then after a bank account change. */
  payoutHoldUntil: isoDate.nullable(),
  schedule: payoutScheduleSchema,
  minimumPayout: naira,
  /** Null when a payout can be requested now; otherwise why not, in words for the seller. */
  payoutBlockedReason: z.string().nullable(),
});
export type EarningsSummaryResponse = z.infer<typeof earningsSummaryResponse>;

/** GET /api/earnings/chart — net earnings per day (or week, or month) between two dates. */
export const earningsChartQuery = z.strictObject({
  from: dateOnly,
  to: dateOnly,
  granularity: z.enum(['day', 'week', 'month']).default('day'),
});
export type EarningsChartQuery = z.input<typeof earningsChartQuery>;
export const earningsChartResponse = z.object({
  points: z.array(
    z.object({
      /** The period's first day, YYYY-MM-DD (Lagos time). */
      date: z.string(),
      sales: naira,
      /** Commission and payment fees, as a positive figure. */
      fees: naira,
      refunds: naira,
      net: naira,
    }),
  ),
});
export type EarningsChartResponse = z.infer<typeof earningsChartResponse>;

/** GET /api/payouts/banks — the banks a payout can go to (the BankProvider's list). */
export const payoutBanksResponse = z.object({
  banks: z.array(z.object({ name: z.string(), code: z.string() })),
});
export type PayoutBanksResponse = z.infer<typeof payoutBanksResponse>;

const accountNumberField = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Account number must be 10 digits');
const bankCodeField = z
  .string()
  .trim()
  .regex(/^\d{3,6}$/, 'Choose your bank');

/** POST /api/payouts/bank-account/resolve — the account name the bank answers for a number. */
export const resolveBankAccountBody = z.strictObject({
  bankCode: bankCodeField,
  accountNumber: accountNumberField,
});
export type ResolveBankAccountBody = z.infer<typeof resolveBankAccountBody>;
export const resolveBankAccountResponse = z.object({ accountName: z.string(), bankName: z.string() });
export type ResolveBankAccountResponse = z.infer<typeof resolveBankAccountResponse>;

/** PUT /api/payouts/bank-account — add or change the payout account (a change needs the step-up). */
export const saveBankAccountBody = z.strictObject({
  bankCode: bankCodeField,
  accountNumber: accountNumberField,
  stepUp: stepUpSchema,
});
export type SaveBankAccountBody = z.infer<typeof saveBankAccountBody>;
export const saveBankAccountResponse = z.object({
  message: z.string(),
  bankAccount: bankAccountSchema,
  payoutHoldUntil: isoDate.nullable(),
});
export type SaveBankAccountResponse = z.infer<typeof saveBankAccountResponse>;

export const payoutStatusSchema = z.enum(['pending', 'processing', 'paid', 'failed', 'reversed']);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

export const payoutSchema = z.object({
  _id: z.string(),
  /** Ours, sent to the provider; unique. */
  reference: z.string(),
  amount: naira,
  status: payoutStatusSchema,
  bankName: z.string(),
  /** The last four digits only: `••••6789`. */
  accountNumberLast4: z.string(),
  accountName: z.string(),
  automatic: z.boolean(),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
  /** Why it failed or was reversed (the money went back to available). */
  failureReason: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** POST /api/payouts — with an `Idempotency-Key` header, a retried request makes one payout. */
export const requestPayoutBody = z.strictObject({ amount: nairaInput, stepUp: stepUpSchema });
export type RequestPayoutBody = z.infer<typeof requestPayoutBody>;
export const payoutResponse = z.object({ message: z.string(), payout: payoutSchema });
export type PayoutResponse = z.infer<typeof payoutResponse>;

export const payoutsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const payoutsResponse = z.object({ payouts: z.array(payoutSchema), pagination: pageInfoSchema });
export type PayoutsResponse = z.infer<typeof payoutsResponse>;

/** PUT /api/payouts/schedule — automatic payouts of the whole available balance (needs the step-up). */
export const payoutScheduleBody = z.strictObject({ schedule: payoutScheduleSchema, stepUp: stepUpSchema });
export type PayoutScheduleBody = z.infer<typeof payoutScheduleBody>;
export const payoutScheduleResponse = z.object({ message: z.string(), schedule: payoutScheduleSchema });

/** The entry kinds each filter chip covers (null: every kind); the transactions list and the statement agree on it. */
export const LEDGER_FILTER_KINDS: Record<LedgerFilter, readonly LedgerEntryKind[] | null> = {
  all: null,
  sales: ['sale', 'cash_collected', 'release'],
  fees: ['commission', 'payment_fee', 'commission_refund'],
  refunds: ['refund'],
  payouts: ['payout', 'payout_returned'],
};
/**
 * POST /api/payouts's `Idempotency-Key` header: a new random id (a UUID) for each payout the seller
 * means, sent again unchanged when the same request is retried.
 */
export const payoutIdempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'Send an Idempotency-Key header: a new UUID for each payout' })
    .trim()
    .regex(
      /^[A-Za-z0-9_.:-]{8,200}$/,
      'The Idempotency-Key header must be 8 to 200 letters, digits, -, _, . or :',
    ),
});
