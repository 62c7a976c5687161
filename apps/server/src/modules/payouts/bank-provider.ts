import { accountNumberRuleText, isValidNigerianAccountNumber, NIGERIAN_BANKS } from '@kasuwa/contracts';
import { z } from 'zod';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, HttpError } from '@/lib/errors.ts';
import { PaystackCallError, paystackClient } from '@/modules/payouts/paystack-client.ts';

export type Bank = { name: string; code: string };

/**
 * Who knows Nigeria's banks and the name on an account (the NUBAN name enquiry): `local` (our
 * list, the check digit, a made-up name) or Paystack's bank list and resolve endpoints.
 */
export interface BankProvider {
  readonly name: 'local' | 'paystack';
  listBanks(): Promise<Bank[]>;
  /** The account's holder; a 400 for the seller when the bank has no such account. */
  resolve(bankCode: string, accountNumber: string): Promise<{ accountName: string; bankName: string }>;
}

export type BankProviderConfig =
  | { provider: 'local' }
  | { provider: 'paystack'; secretKey: string; baseUrl: string; timeoutMs?: number };

/** The bank could not be asked (down, slow): a 502, the seller may try again. */
export class BankProviderUnavailableError extends HttpError {
  constructor(message = 'We could not reach the bank to check this account. Please try again in a moment.') {
    super(502, message);
  }
}

const unknownBank = () => new BadRequestError('Choose your bank from the list');

// Names the local provider answers: a holder chosen by the account number's digits, so the same
// number always resolves to the same name and different numbers mostly to different ones.
const FIRST_NAMES = [
  'ADAEZE',
  'CHINEDU',
  'FATIMA',
  'IBRAHIM',
  'NGOZI',
  'OLUWASEUN',
  'TUNDE',
  'AMINA',
  'EMEKA',
  'ZAINAB',
];
const SURNAMES = [
  'OKAFOR',
  'BELLO',
  'ADEYEMI',
  'NWOSU',
  'MUSA',
  'OKONKWO',
  'ABUBAKAR',
  'EZE',
  'OGUNLEYE',
  'DANJUMA',
];

/** The name the local provider gives an account number: first name by its 8th digit, surname by its 9th. */
export const localAccountName = (accountNumber: string) =>
  `${FIRST_NAMES[Number(accountNumber[7] ?? 0)]} ${SURNAMES[Number(accountNumber[8] ?? 0)]}`;

/**
 * The default: the banks of NIGERIAN_BANKS; an account number is checked as the CBN's NUBAN rule
 * says (commercial and microfinance banks) or as a phone number (OPay, PalmPay), and a valid one
 * resolves to a made-up but stable holder name (localAccountName). No outside service.
 */
export function localBankProvider(): BankProvider {
  return {
    name: 'local',
    async listBanks() {
      return NIGERIAN_BANKS.map((b) => ({ name: b.name, code: b.code }));
    },
    async resolve(bankCode, accountNumber) {
      const bank = NIGERIAN_BANKS.find((b) => b.code === bankCode);
      if (!bank) throw unknownBank();
      if (!isValidNigerianAccountNumber(accountNumber, bank)) {
        throw new BadRequestError(
          `${accountNumber} is not a ${bank.name} account number. ${accountNumberRuleText(bank)}`,
        );
      }
      return { accountName: localAccountName(accountNumber), bankName: bank.name };
    },
  };
}

const bankItem = z.object({
  name: z.string(),
  code: z.string(),
  active: z.boolean().optional(),
  is_deleted: z.boolean().nullish(),
});
const bankMeta = z.object({ next: z.string().nullish() }).partial().nullish();
const resolveData = z.object({ account_name: z.string().min(1), account_number: z.string().optional() });

const BANK_LIST_TTL_MS = 60 * 60 * 1000;

/**
 * Paystack (docs: /work/shared/providers/paystack.md §4): `GET /bank?currency=NGN` (cursor pages)
 * and `GET /bank/resolve`. The bank list changes rarely, so one node keeps it for an hour. Codes
 * stay strings: "044" and "50211" must keep their digits.
 */
export function paystackBankProvider(options: {
  secretKey: string;
  baseUrl: string;
  clock: Clock;
  timeoutMs?: number;
}): BankProvider {
  const call = paystackClient(options);
  let cached: { banks: Bank[]; at: number } | null = null;

  const fetchBanks = async (): Promise<Bank[]> => {
    const banks: Bank[] = [];
    let next: string | null = null;
    for (let page = 0; page < 20; page++) {
      const query = new URLSearchParams({ currency: 'NGN', perPage: '100', use_cursor: 'true' });
      if (next) query.set('next', next);
      const { data, meta } = await call('GET', `/bank?${query}`);
      const items = z.array(bankItem).safeParse(data);
      if (!items.success)
        throw new BankProviderUnavailableError('Paystack answered a bank list we could not read');
      for (const b of items.data)
        if (b.active !== false && !b.is_deleted) banks.push({ name: b.name, code: b.code });
      next = bankMeta.parse(meta ?? null)?.next ?? null;
      if (!next) break;
    }
    return banks.sort((a, b) => a.name.localeCompare(b.name));
  };

  const listBanks = async () => {
    const now = options.clock.now().getTime();
    if (cached && now - cached.at < BANK_LIST_TTL_MS) return cached.banks;
    try {
      cached = { banks: await fetchBanks(), at: now };
    } catch (err) {
      if (err instanceof PaystackCallError) throw new BankProviderUnavailableError();
      throw err;
    }
    return cached.banks;
  };

  return {
    name: 'paystack',
    listBanks,
    async resolve(bankCode, accountNumber) {
      const bank = (await listBanks()).find((b) => b.code === bankCode);
      if (!bank) throw unknownBank();
      try {
        const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
        const { data } = await call('GET', `/bank/resolve?${query}`);
        const parsed = resolveData.safeParse(data);
        if (!parsed.success)
          throw new BankProviderUnavailableError('The bank answered without an account name');
        return { accountName: parsed.data.account_name, bankName: bank.name };
      } catch (err) {
        if (!(err instanceof PaystackCallError)) throw err;
        if (err.conclusive)
          throw new BadRequestError(
            `We could not find account ${accountNumber} at ${bank.name}. Check the number and the bank.`,
          );
        throw new BankProviderUnavailableError();
      }
    },
  };
}

export function createBankProvider(config: BankProviderConfig, clock: Clock): BankProvider {
  return config.provider === 'paystack' ? paystackBankProvider({ ...config, clock }) : localBankProvider();
}
