// The bank and payout providers on their own: the local ones' rules, and the Paystack adapters
// against the stand-in speaking Paystack's documented requests and answers.
import { isValidNuban, nubanCheckDigit } from '@kasuwa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '@/lib/clock.ts';
import {
  localAccountName,
  localBankProvider,
  paystackBankProvider,
} from '@/modules/payouts/bank-provider.ts';
import { localPayoutProvider, paystackPayoutProvider } from '@/modules/payouts/payout-provider.ts';
import { type FakePaystackTransfers, startFakePaystackTransfers } from '@/test/fake-paystack-transfers.ts';

const nuban = (bankCode: string, serial: string) => `${serial}${nubanCheckDigit(bankCode, serial)}`;

describe('the local bank provider', () => {
  const banks = localBankProvider();

  it('lists the Nigerian banks with their codes as strings', async () => {
    const list = await banks.listBanks();
    expect(list).toContainEqual({ name: 'Guaranty Trust Bank (GTBank)', code: '058' });
    expect(list).toContainEqual({ name: 'Kuda Microfinance Bank', code: '50211' });
  });

  it('answers a stable name for a valid NUBAN and refuses a mistyped digit', async () => {
    const account = nuban('058', '012345678');
    expect(isValidNuban(account, '058')).toBe(true);
    const first = await banks.resolve('058', account);
    expect(first).toEqual({
      accountName: localAccountName(account),
      bankName: 'Guaranty Trust Bank (GTBank)',
    });
    expect(await banks.resolve('058', account)).toEqual(first);
    const wrong = `${account.slice(0, 9)}${(Number(account[9]) + 1) % 10}`;
    await expect(banks.resolve('058', wrong)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('is not a Guaranty Trust Bank (GTBank) account number'),
    });
  });

  it('takes a phone number at a mobile money operator and refuses an unknown bank', async () => {
    expect((await banks.resolve('999992', '8031234567')).bankName).toBe('OPay');
    await expect(banks.resolve('999992', '1234567890')).rejects.toMatchObject({ statusCode: 400 });
    await expect(banks.resolve('999', '0123456789')).rejects.toMatchObject({
      statusCode: 400,
      message: 'Choose your bank from the list',
    });
  });
});

describe('the local payout provider', () => {
  it('is pending until its delay has passed, then paid — or failed for an account ending in 0000', async () => {
    const clock = fakeClock();
    const sentAt = clock.now();
    const rows = new Map([
      ['ok-reference-000001', { accountNumber: '0123456789', sentAt }],
      ['bad-reference-00001', { accountNumber: '0123450000', sentAt }],
      ['never-sent-0000001', { accountNumber: '0123456789', sentAt: null }],
    ]);
    const provider = localPayoutProvider({
      delayMs: 10_000,
      now: clock.now,
      lookup: async (ref) => rows.get(ref) ?? null,
    });
    expect(await provider.verify('ok-reference-000001')).toEqual({ status: 'pending' });
    clock.advance(10_000);
    expect(await provider.verify('ok-reference-000001')).toEqual({ status: 'success' });
    expect(await provider.verify('bad-reference-00001')).toMatchObject({ status: 'failed' });
    expect(await provider.verify('never-sent-0000001')).toBeNull();
    expect(await provider.verify('unknown')).toBeNull();
  });
});

describe('Paystack adapters against the stand-in', () => {
  let fake: FakePaystackTransfers;
  const clock = fakeClock();
  beforeAll(async () => {
    fake = await startFakePaystackTransfers();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it('reads every page of the bank list and resolves a known account', async () => {
    const banks = paystackBankProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl, clock });
    const list = await banks.listBanks();
    expect(list.length).toBeGreaterThan(30);
    expect(list).toContainEqual({ name: 'Zenith Bank', code: '057' });
    fake.addAccount('057', '0000000000', 'ZENITH TEST ACCOUNT');
    expect(await banks.resolve('057', '0000000000')).toEqual({
      accountName: 'ZENITH TEST ACCOUNT',
      bankName: 'Zenith Bank',
    });
    await expect(banks.resolve('057', '1111111111')).rejects.toMatchObject({ statusCode: 400 });
    // The list is kept: a second resolve asks for no bank list.
    const listCalls = fake.calls.filter((c) => c === 'GET /bank').length;
    await banks.resolve('057', '0000000000');
    expect(fake.calls.filter((c) => c === 'GET /bank').length).toBe(listCalls);
  });

  it('a wrong secret key is a 502 for the seller, not a wrong account', async () => {
    const banks = paystackBankProvider({ secretKey: 'sk_test_wrong', baseUrl: fake.baseUrl, clock });
    await expect(banks.listBanks()).rejects.toMatchObject({ statusCode: 502 });
  });

  it('creates a nuban recipient, sends with our reference, refuses the reference twice and verifies it', async () => {
    const provider = paystackPayoutProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl });
    const recipient = await provider.createRecipient({
      bankCode: '057',
      accountNumber: '0000000000',
      accountName: 'ZENITH TEST ACCOUNT',
    });
    expect(recipient).toMatch(/^RCP_/);
    const transfer = {
      reference: 'kasuwa-payout-test-0001',
      amountKobo: 250_000,
      recipientCode: recipient,
      reason: 'test',
    };
    expect(await provider.send(transfer)).toMatchObject({
      status: 'pending',
      transferCode: expect.stringMatching(/^TRF_/),
    });
    await expect(provider.send(transfer)).rejects.toMatchObject({ conclusive: true, duplicate: true });
    expect(fake.transfers.size).toBe(1);
    expect(await provider.verify('kasuwa-payout-test-0001')).toMatchObject({ status: 'pending' });
    fake.settle('kasuwa-payout-test-0001', 'failed', 'Account closed');
    expect(await provider.verify('kasuwa-payout-test-0001')).toMatchObject({
      status: 'failed',
      reason: 'Account closed',
    });
    expect(await provider.verify('kasuwa-payout-never-sent')).toBeNull();
  });

  it('an answer lost to a server error is not conclusive: the caller must verify before sending again', async () => {
    const provider = paystackPayoutProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl });
    const recipient = fake.recipients[0]?.code ?? '';
    fake.setTransferMode('error500');
    try {
      await expect(
        provider.send({
          reference: 'kasuwa-payout-test-0002',
          amountKobo: 100_000,
          recipientCode: recipient,
          reason: 'x',
        }),
      ).rejects.toMatchObject({ conclusive: false });
    } finally {
      fake.setTransferMode('answer');
    }
    expect(await provider.verify('kasuwa-payout-test-0002')).toMatchObject({ status: 'pending' });
  });
});
