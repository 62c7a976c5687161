/**
 * Nigerian banks for the bank picker and the account number check.
 *
 * Where the codes come from:
 * - Commercial (deposit money) banks: the CBN's 3-digit bank codes, as listed in the NUBAN standard
 *   (CBN, August 2010) and given to banks licensed since (100 SunTrust ... 107 Optimus; 301-303 for
 *   the non-interest banks). They are also the codes Nigerian payment processors (Paystack,
 *   Flutterwave) take for transfers.
 * - Microfinance banks: the CBN's 5-digit codes for other financial institutions (Kuda 50211,
 *   Moniepoint 50515), the same codes the processors' bank lists use. They are not the 6-digit
 *   NIBSS Instant Payment codes (Kuda 090267, Moniepoint 090405), a different numbering that an
 *   earlier version of this file used by mistake; with those the check digit came out wrong.
 * - Mobile money operators (OPay 999992, PalmPay 999991): not banks and without CBN bank codes; these
 *   are the codes the processors use for transfers to them (their NIBSS codes are 100004 and
 *   100033). Their account numbers are the holder's phone number without the leading 0, so the
 *   NUBAN check digit does not apply to them.
 * Checked against the CBN documents named above and the processors' published bank lists, not
 * against a live NIBSS directory (none is reachable from here). Not verified: whether Moniepoint
 * also gives personal accounts phone-number account numbers (if so, those would fail the NUBAN
 * check below, as the CBN standard expects every microfinance account to be a NUBAN).
 * Heritage Bank is left out: the CBN revoked its licence in June 2024.
 *
 * NUBAN (CBN Revised Standards on NUBAN, 2020): the check digit is computed over a 6-digit
 * institution code and the 9-digit serial. A commercial bank's 3-digit code gets three leading
 * zeros ("058" becomes "000058"), which leaves the original 12-digit rule of 2010 unchanged; a
 * microfinance bank's 5-digit code gets a leading 9 ("50211" becomes "950211").
 */
export type NigerianBankKind = 'commercial' | 'microfinance' | 'mobile-money';

export interface NigerianBank {
  name: string;
  /** 3 digits for commercial banks, 5 for microfinance banks, 6 for mobile money operators (see above). */
  code: string;
  kind: NigerianBankKind;
}

const commercial = (name: string, code: string): NigerianBank => ({ name, code, kind: 'commercial' });

export const NIGERIAN_BANKS: readonly NigerianBank[] = [
  commercial('Access Bank', '044'),
  commercial('Citibank Nigeria', '023'),
  commercial('Ecobank Nigeria', '050'),
  commercial('Fidelity Bank', '070'),
  commercial('First Bank of Nigeria', '011'),
  commercial('First City Monument Bank (FCMB)', '214'),
  commercial('Globus Bank', '103'),
  commercial('Guaranty Trust Bank (GTBank)', '058'),
  commercial('Jaiz Bank', '301'),
  commercial('Keystone Bank', '082'),
  { name: 'Kuda Microfinance Bank', code: '50211', kind: 'microfinance' },
  commercial('Lotus Bank', '303'),
  { name: 'Moniepoint Microfinance Bank', code: '50515', kind: 'microfinance' },
  { name: 'OPay', code: '999992', kind: 'mobile-money' },
  commercial('Optimus Bank', '107'),
  { name: 'PalmPay', code: '999991', kind: 'mobile-money' },
  commercial('Parallex Bank', '104'),
  commercial('Polaris Bank', '076'),
  commercial('PremiumTrust Bank', '105'),
  commercial('Providus Bank', '101'),
  commercial('Signature Bank', '106'),
  commercial('Stanbic IBTC Bank', '221'),
  commercial('Standard Chartered Bank', '068'),
  commercial('Sterling Bank', '232'),
  commercial('SunTrust Bank', '100'),
  commercial('TAJBank', '302'),
  commercial('Titan Trust Bank', '102'),
  commercial('Union Bank of Nigeria', '032'),
  commercial('United Bank for Africa (UBA)', '033'),
  commercial('Unity Bank', '215'),
  commercial('Wema Bank', '035'),
  commercial('Zenith Bank', '057'),
];

export function findNigerianBank(name: string): NigerianBank | undefined {
  const wanted = name.trim().toLowerCase();
  return NIGERIAN_BANKS.find((bank) => bank.name.toLowerCase() === wanted);
}

/** Shown under the account number field and sent back by the server when the check fails. */
export const NUBAN_RULE_TEXT =
  'Check the 10 digits against your bank app or statement, and that you chose the right bank: one wrong digit makes the number invalid.';

/** The same for a mobile money operator, whose account number is the phone number. */
export const phoneAccountRuleText = (bankName: string) =>
  `Your ${bankName} account number is the phone number of the account without its first 0: 10 digits, e.g. 8031234567.`;

/** The rule the account number field explains for this bank. */
export const accountNumberRuleText = (bank: NigerianBank): string =>
  bank.kind === 'mobile-money' ? phoneAccountRuleText(bank.name) : NUBAN_RULE_TEXT;

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** The 6-digit institution code the NUBAN check digit is computed with (CBN, 2020). */
export function nubanInstitutionCode(bankCode: string): string | null {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`;
  if (/^\d{5}$/.test(bankCode)) return `9${bankCode}`;
  if (/^\d{6}$/.test(bankCode)) return bankCode;
  return null;
}

/** The NUBAN check digit of a 9-digit serial at a bank (CBN's weights 3-7-3 over code + serial). */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = `${nubanInstitutionCode(bankCode) ?? bankCode.padStart(6, '0')}${serial}`;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * (WEIGHTS[i] ?? 0);
  return (10 - (sum % 10)) % 10;
}

/** Whether a 10-digit account number is a valid NUBAN at the bank with this CBN code. */
export function isValidNuban(accountNumber: string, bankCode: string): boolean {
  if (!/^\d{10}$/.test(accountNumber) || nubanInstitutionCode(bankCode) === null) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}

/** A Nigerian mobile number without its leading 0: 70x, 80x, 81x, 90x, 91x and 8 more digits. */
const PHONE_ACCOUNT = /^[789][01]\d{8}$/;

/** Whether the account number can be one at this bank: a NUBAN, or a phone number for OPay and PalmPay. */
export function isValidNigerianAccountNumber(accountNumber: string, bank: NigerianBank): boolean {
  return bank.kind === 'mobile-money'
    ? PHONE_ACCOUNT.test(accountNumber)
    : isValidNuban(accountNumber, bank.code);
}
