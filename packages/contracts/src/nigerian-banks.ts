/**
 * Nigerian banks with their CBN institution codes, for the bank picker and the NUBAN check.
 * Commercial banks keep their 3-digit codes; NUBAN (CBN, revised 2020) pads them to 6 digits with
 * "000", which leaves the check digit unchanged, so one rule serves both kinds.
 */
export interface NigerianBank {
  name: string;
  /** CBN code: 3 digits for deposit money banks, 6 for microfinance banks and mobile money operators. */
  code: string;
}

export const NIGERIAN_BANKS: readonly NigerianBank[] = [
  { name: 'Access Bank', code: '044' },
  { name: 'Citibank Nigeria', code: '023' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'First City Monument Bank (FCMB)', code: '214' },
  { name: 'Globus Bank', code: '103' },
  { name: 'Guaranty Trust Bank (GTBank)', code: '058' },
  { name: 'Heritage Bank', code: '030' },
  { name: 'Jaiz Bank', code: '301' },
  { name: 'Keystone Bank', code: '082' },
  { name: 'Kuda Microfinance Bank', code: '090267' },
  { name: 'Lotus Bank', code: '303' },
  { name: 'Moniepoint Microfinance Bank', code: '090405' },
  { name: 'OPay', code: '100004' },
  { name: 'Optimus Bank', code: '107' },
  { name: 'PalmPay', code: '100033' },
  { name: 'Parallex Bank', code: '104' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'PremiumTrust Bank', code: '105' },
  { name: 'Providus Bank', code: '101' },
  { name: 'Signature Bank', code: '106' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Standard Chartered Bank', code: '068' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'SunTrust Bank', code: '100' },
  { name: 'TAJBank', code: '302' },
  { name: 'Titan Trust Bank', code: '102' },
  { name: 'Union Bank of Nigeria', code: '032' },
  { name: 'United Bank for Africa (UBA)', code: '033' },
  { name: 'Unity Bank', code: '215' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
];

export function findNigerianBank(name: string): NigerianBank | undefined {
  const wanted = name.trim().toLowerCase();
  return NIGERIAN_BANKS.find((bank) => bank.name.toLowerCase() === wanted);
}

/** Shown under the account number field and sent back by the server when the check fails. */
export const NUBAN_RULE_TEXT =
  'Nigerian account numbers (NUBAN) have 10 digits; the last digit is a check digit computed from your bank and the first 9, so a mistyped digit is caught here.';

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** The NUBAN check digit of a 9-digit serial at a bank (CBN's weights 3-7-3 over code + serial). */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = `${bankCode.padStart(6, '0')}${serial}`;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * (WEIGHTS[i] ?? 0);
  return (10 - (sum % 10)) % 10;
}

/** Whether a 10-digit account number is a valid NUBAN at the bank with this CBN code. */
export function isValidNuban(accountNumber: string, bankCode: string): boolean {
  if (!/^\d{10}$/.test(accountNumber) || !/^\d{3}(\d{3})?$/.test(bankCode)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
