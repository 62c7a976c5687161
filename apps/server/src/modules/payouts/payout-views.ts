import { type BankAccount, findNigerianBank, NIGERIAN_BANKS, type Payout } from '@kasuwa/contracts';
import type { BankDetailsRecord, PayoutAccountRow, PayoutRow } from '@/db/schema/index.ts';
import { toNaira } from '@/lib/naira.ts';

/** `••••6789`: what a list or an e-mail shows of an account number. */
export const last4 = (accountNumber: string) => `••••${accountNumber.slice(-4)}`;

export function toPayoutView(row: PayoutRow): Payout {
  return {
    _id: row.id,
    reference: row.reference,
    amount: toNaira(row.amountKobo),
    status: row.status,
    bankName: row.bankName,
    accountNumberLast4: last4(row.accountNumber),
    accountName: row.accountName,
    automatic: row.automatic,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

export const toBankAccountView = (row: PayoutAccountRow): BankAccount => ({
  bankName: row.bankName,
  bankCode: row.bankCode,
  accountNumber: row.accountNumber,
  accountName: row.accountName,
  accountCurrency: 'NGN',
  verifiedAt: row.verifiedAt.toISOString(),
});

/**
 * The onboarding bank details (business sellers) as a payout account, when they are a Nigerian
 * naira account at a bank of our list; null otherwise (a foreign account cannot receive payouts).
 */
export function onboardingAccount(
  details: BankDetailsRecord | null,
): { bankCode: string; bankName: string; accountNumber: string; accountName: string } | null {
  if (!details) return null;
  if (details.bankCountry.trim().toLowerCase() !== 'nigeria' || details.accountCurrency !== 'NGN')
    return null;
  const bank =
    findNigerianBank(details.bankName) ??
    NIGERIAN_BANKS.find((b) => b.code === details.bankIdentifierCode.trim());
  if (!bank || !/^\d{10}$/.test(details.accountNumber)) return null;
  return {
    bankCode: bank.code,
    bankName: bank.name,
    accountNumber: details.accountNumber,
    accountName: details.accountName,
  };
}

/** The seller record's `bankDetails` (SPEC section 3) for a payout account, keeping what onboarding asked that we do not. */
export function mirroredBankDetails(
  account: { bankName: string; bankCode: string; accountNumber: string; accountName: string },
  previous: BankDetailsRecord | null,
): BankDetailsRecord {
  return {
    bankName: account.bankName,
    bankCountry: 'Nigeria',
    bankAccountType: previous?.bankAccountType ?? 'Savings',
    accountCurrency: 'NGN',
    accountNumber: account.accountNumber,
    accountName: account.accountName,
    swiftCode: previous?.swiftCode ?? '',
    bankIdentifierCode: account.bankCode,
  };
}
