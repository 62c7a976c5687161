// size: one file of payouts API tests (step-up, bank account, payouts, schedule, idempotency, concurrency) over one shared app
// Payouts on the local providers and the real ledger: the step-up, the bank account and its change
// hold, payout requests (idempotency, concurrency, validation), the local provider's outcomes, the
// history, and the automatic schedule.
import { randomUUID } from 'node:crypto';
import { MIN_PAYOUT_KOBO } from '@kasuwa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDateTime } from '@/lib/lagos-time.ts';
import { localAccountName } from '@/modules/payouts/bank-provider.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  balancesOf,
  byPassword,
  FAILING_GTB,
  fundAvailable,
  gtb,
  kycVerified,
  payoutRows,
  payoutSeller,
  sellerBankDetails,
} from '@/test/payouts.ts';

let t: TestApp;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await buildTestApp({
    payouts: { payout: { provider: 'local', delayMs: 10_000 }, bank: { provider: 'local' } },
  });
});
afterAll(async () => {
  await t?.close();
});

type Auth = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, payload?: object, headers = {}) =>
  t.app.inject({ method, url, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
const saveAccount = (auth: Auth, accountNumber: string, stepUp: object = byPassword, bankCode = '058') =>
  call('PUT', '/api/payouts/bank-account', auth, { bankCode, accountNumber, stepUp });
const requestPayout = (auth: Auth, amount: number, key: string = randomUUID(), stepUp: object = byPassword) =>
  call('POST', '/api/payouts', auth, { amount, stepUp }, { 'idempotency-key': key });
/** The payouts part of the Earnings summary: what this module answers the ledger (PayoutInfoPort). */
const summaryOf = (s: { seller: { id: string } }) =>
  t.app.payouts.service.payoutInfo.summaryFor(t.db, s.seller.id);

/** An approved seller with a GTBank account saved and `kobo` of sales made available. */
async function readySeller(kobo = 5_000_000, account = gtb('012345678')) {
  const s = await payoutSeller(t);
  expect((await saveAccount(s.auth, account)).statusCode).toBe(200);
  const available = await fundAvailable(t, s, kobo);
  return { ...s, available };
}

describe('step-up', () => {
  it('refuses a wrong password with 403 and moves no money; the right one is accepted', async () => {
    const s = await readySeller();
    const wrong = await requestPayout(s.auth, 1000, randomUUID(), { method: 'password', password: 'nope' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('That password is not right');
    expect(await payoutRows(t, s.seller.id)).toHaveLength(0);
    expect((await balancesOf(t, s.seller.id)).availableKobo).toBe(s.available);
    const right = await requestPayout(s.auth, 1000);
    expect(right.statusCode).toBe(201);
  });

  it('e-mails a 6-digit code that confirms a payout once; a wrong code is a 403 that counts its tries', async () => {
    const s = await readySeller();
    const sent = await call('POST', '/api/auth/step-up/code', s.auth);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toMatch(/^We sent a 6-digit code to b•••@example\.ng\.$/);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(s.seller.email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await requestPayout(s.auth, 1000, randomUUID(), { method: 'code', code: wrongCode });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Invalid code. 4 tries left.');
    const right = await requestPayout(s.auth, 1000, randomUUID(), { method: 'code', code });
    expect(right.statusCode).toBe(201);
    const again = await requestPayout(s.auth, 1000, randomUUID(), { method: 'code', code });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toContain('expired or was already used');
  });
});

describe('step-up limits', () => {
  it("limits a seller's money routes per minute with log-in's budget, counted per seller", async () => {
    const tight = await buildTestApp({ authRateLimits: { login: { max: 2, timeWindow: 60_000 } } });
    try {
      const [a, b] = [await payoutSeller(tight), await payoutSeller(tight)];
      const tryPassword = (auth: Auth) =>
        tight.app.inject({
          method: 'PUT',
          url: '/api/payouts/schedule',
          headers: auth,
          payload: { schedule: 'daily', stepUp: { method: 'password', password: 'guess' } },
        });
      expect((await tryPassword(a.auth)).statusCode).toBe(403);
      expect((await tryPassword(a.auth)).statusCode).toBe(403);
      const limited = await tryPassword(a.auth);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBeTruthy();
      expect((await tryPassword(b.auth)).statusCode).toBe(403);
    } finally {
      await tight.close();
    }
  });
});

describe('the payout bank account', () => {
  it('lists the banks and answers the holder name of a valid NUBAN, refusing a mistyped one', async () => {
    const s = await payoutSeller(t);
    const banks = await call('GET', '/api/payouts/banks', s.auth);
    expect(banks.json().banks).toContainEqual({ name: 'Guaranty Trust Bank (GTBank)', code: '058' });
    const account = gtb('098765432');
    const ok = await call('POST', '/api/payouts/bank-account/resolve', s.auth, {
      bankCode: '058',
      accountNumber: account,
    });
    expect(ok.json()).toEqual({
      accountName: localAccountName(account),
      bankName: 'Guaranty Trust Bank (GTBank)',
    });
    const typo = `${account.slice(0, 9)}${(Number(account[9]) + 1) % 10}`;
    const bad = await call('POST', '/api/payouts/bank-account/resolve', s.auth, {
      bankCode: '058',
      accountNumber: typo,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('is not a Guaranty Trust Bank (GTBank) account number');
  });

  it("adds an individual seller's first account with the step-up, mirrored into the seller's bankDetails, with no hold", async () => {
    const s = await payoutSeller(t, { accountType: 'individual' });
    const account = gtb('011122233');
    const refused = await saveAccount(s.auth, account, { method: 'password', password: 'wrong' });
    expect(refused.statusCode).toBe(403);
    expect(await sellerBankDetails(t, s.seller.id)).toBeNull();
    const saved = await saveAccount(s.auth, account);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      bankAccount: {
        bankCode: '058',
        accountNumber: account,
        accountName: localAccountName(account),
        accountCurrency: 'NGN',
      },
      payoutHoldUntil: null,
    });
    expect(await sellerBankDetails(t, s.seller.id)).toMatchObject({
      bankName: 'Guaranty Trust Bank (GTBank)',
      accountNumber: account,
      accountName: localAccountName(account),
      accountCurrency: 'NGN',
    });
    const profile = await call('GET', '/api/seller/profile', s.auth);
    expect(profile.json().bankDetails).toMatchObject({ accountNumber: account });
  });

  it('a change e-mails the seller and holds payouts for 24 hours', async () => {
    const s = await readySeller();
    const mailsBefore = t.mailer.sent.length;
    const changed = await saveAccount(s.auth, gtb('055566677'));
    expect(changed.statusCode).toBe(200);
    const holdUntil = changed.json().payoutHoldUntil as string;
    expect(Date.parse(holdUntil) - t.clock.now().getTime()).toBe(24 * HOUR);
    await t.jobs.runDue();
    const mail = t.mailer.sent
      .slice(mailsBefore)
      .find((m) => m.subject === 'Your payout bank account was changed');
    expect(mail?.to).toBe(s.seller.email);
    expect(mail?.text).toContain('••••');

    const held = await requestPayout(s.auth, 1000);
    expect(held.statusCode).toBe(409);
    // The moment as every notice writes one (day, month, year, time), in Lagos time.
    expect(held.json().message).toContain(`on hold until ${lagosDateTime(new Date(holdUntil))} (Lagos time)`);
    expect(mail?.text).toContain(
      `no payout is sent until ${lagosDateTime(new Date(holdUntil))} (Lagos time)`,
    );
    expect((await summaryOf(s)).payoutHoldUntil?.toISOString()).toBe(holdUntil);
    const summary = (await call('GET', '/api/earnings/summary', s.auth)).json();
    expect(summary).toMatchObject({
      payoutHoldUntil: holdUntil,
      bankAccount: { accountNumber: gtb('055566677'), bankCode: '058' },
      payoutBlockedReason: expect.stringContaining('on hold until'),
    });

    t.clock.advance(24 * HOUR + 1000);
    const after = await requestPayout(s.auth, 1000);
    expect(after.statusCode).toBe(201);
    expect(after.json().payout.accountNumberLast4).toBe(`••••${gtb('055566677').slice(-4)}`);
  });

  it('pays a business seller to the onboarding bank details, name-checked and kept at the first payout', async () => {
    const account = gtb('044455566');
    const s = await payoutSeller(t, {
      accountType: 'business',
      bankDetails: {
        bankName: 'Guaranty Trust Bank (GTBank)',
        bankCountry: 'Nigeria',
        bankAccountType: 'Current',
        accountCurrency: 'NGN',
        accountNumber: account,
        accountName: 'Typed By Seller Ltd',
        swiftCode: 'GTBINGLA',
        bankIdentifierCode: '058',
      },
    });
    await fundAvailable(t, s, 3_000_000);
    expect((await summaryOf(s)).bankAccount).toMatchObject({ accountNumber: account, bankCode: '058' });
    const res = await requestPayout(s.auth, 2000);
    expect(res.statusCode).toBe(201);
    expect(res.json().payout).toMatchObject({
      accountName: localAccountName(account),
      accountNumberLast4: `••••${account.slice(-4)}`,
    });
    expect(await sellerBankDetails(t, s.seller.id)).toMatchObject({
      accountName: localAccountName(account),
      swiftCode: 'GTBINGLA',
    });
  });
});

describe('requesting a payout', () => {
  it('makes one payout for one Idempotency-Key, however often the request is retried', async () => {
    const s = await readySeller();
    const key = randomUUID();
    const first = await requestPayout(s.auth, 1500.5, key);
    const second = await requestPayout(s.auth, 1500.5, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().payout._id).toBe(first.json().payout._id);
    expect(first.json().payout).toMatchObject({ amount: 1500.5, status: 'pending', automatic: false });
    expect(await payoutRows(t, s.seller.id)).toHaveLength(1);
    expect((await balancesOf(t, s.seller.id)).availableKobo).toBe(s.available - 150_050);
    const other = await requestPayout(s.auth, 2000, key);
    expect(other.statusCode).toBe(409);
  });

  it('gives the whole balance to exactly one of two requests made at once', async () => {
    const s = await readySeller();
    const whole = s.available / 100;
    const [a, b] = await Promise.all([requestPayout(s.auth, whole), requestPayout(s.auth, whole)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toMatch(/available|more than/);
    const balances = await balancesOf(t, s.seller.id);
    expect(balances.availableKobo).toBe(0);
    expect(balances.payoutInFlightKobo).toBe(s.available);
    expect(await payoutRows(t, s.seller.id)).toHaveLength(1);
  });

  it('refuses what is not a payout request with 400, before any step-up', async () => {
    const s = await readySeller();
    const bad = async (
      payload: object,
      headers: Record<string, string> = { 'idempotency-key': randomUUID() },
    ) => {
      const res = await call('POST', '/api/payouts', s.auth, payload, headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ amount: MIN_PAYOUT_KOBO / 100 - 1, stepUp: byPassword })).toContain(
      'The smallest payout is ₦1,000.00',
    );
    expect(await bad({ amount: 1000.123, stepUp: byPassword })).toContain('two decimals');
    expect(await bad({ amount: -5, stepUp: byPassword })).toContain('above zero');
    expect(await bad({ amount: 1000 })).toContain('stepUp');
    expect(await bad({ amount: 1000, stepUp: { method: 'code', code: '12ab56' } })).toContain('6-digit code');
    expect(await bad({ amount: 1000, stepUp: byPassword, to: 'elsewhere' })).toContain('Unknown field');
    expect(await bad({ amount: 1000, stepUp: byPassword }, {})).toContain('Idempotency-Key');
    const account = await call('PUT', '/api/payouts/bank-account', s.auth, {
      bankCode: 'GTB',
      accountNumber: '123',
      stepUp: byPassword,
    });
    expect(account.statusCode).toBe(400);
    const schedule = await call('PUT', '/api/payouts/schedule', s.auth, {
      schedule: 'hourly',
      stepUp: byPassword,
    });
    expect(schedule.statusCode).toBe(400);
    const page = await call('GET', '/api/payouts?page=0', s.auth);
    expect(page.statusCode).toBe(400);
    expect(await payoutRows(t, s.seller.id)).toHaveLength(0);
  });

  // issue 17: KYC
  it('refuses a seller whose identity is not verified, and pays them once the review team approves it', async () => {
    const s = await payoutSeller(t, {}, 'not_started');
    await saveAccount(s.auth, gtb('012345679'));
    await fundAvailable(t, s, 3_000_000);
    const refused = await requestPayout(s.auth, 1000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Verify your identity on the KYC Verification page to receive payouts.',
    );
    expect((await summaryOf(s)).payoutBlockedReason).toBe(
      'Verify your identity on the KYC Verification page to receive payouts.',
    );
    expect(await payoutRows(t, s.seller.id)).toHaveLength(0);
    await kycVerified(t, s.seller.id);
    expect((await summaryOf(s)).payoutBlockedReason).toBeNull();
  });

  it('refuses a seller not yet approved, one without a bank account, and more than is available', async () => {
    const unapproved = await payoutSeller(t, { isVerified: false });
    await saveAccount(unapproved.auth, gtb('012345678'));
    await fundAvailable(t, unapproved, 3_000_000);
    const a = await requestPayout(unapproved.auth, 1000);
    expect(a.statusCode).toBe(409);
    expect(a.json().message).toBe('Payouts start once your account has been approved.');

    const noAccount = await payoutSeller(t);
    await fundAvailable(t, noAccount, 3_000_000);
    const b = await requestPayout(noAccount.auth, 1000);
    expect(b.json().message).toBe('Add the Nigerian bank account your payouts go to.');
    expect((await summaryOf(noAccount)).payoutBlockedReason).toBe(
      'Add the Nigerian bank account your payouts go to.',
    );

    const s = await readySeller(2_000_000);
    const c = await requestPayout(s.auth, s.available / 100 + 1);
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toContain('available');
  });
});

describe('the local payout provider', () => {
  it('sends a payout and marks it paid after its delay, with an e-mail', async () => {
    const s = await readySeller();
    const res = await requestPayout(s.auth, 2500);
    const id = res.json().payout._id as string;
    await t.jobs.runDue();
    let list = (await call('GET', '/api/payouts', s.auth)).json();
    expect(list.payouts[0]).toMatchObject({ _id: id, status: 'processing' });
    t.clock.advance(10_000);
    await t.jobs.runDue();
    list = (await call('GET', '/api/payouts', s.auth)).json();
    expect(list.payouts[0]).toMatchObject({ _id: id, status: 'paid', failureReason: null });
    expect(list.payouts[0].paidAt).not.toBeNull();
    const balances = await balancesOf(t, s.seller.id);
    expect(balances).toMatchObject({
      paidOutKobo: 250_000,
      payoutInFlightKobo: 0,
      availableKobo: s.available - 250_000,
    });
    expect(
      t.mailer.sent.some(
        (m) => m.to === s.seller.email && m.subject === 'Your ₦2,500.00 payout is on its way',
      ),
    ).toBe(true);
  });

  it('fails a payout to an account ending in 0000 and puts the money back in available, with the reason', async () => {
    const s = await readySeller(5_000_000, FAILING_GTB);
    await requestPayout(s.auth, 3000);
    await t.jobs.runDue();
    t.clock.advance(10_000);
    await t.jobs.runDue();
    const [payout] = (await call('GET', '/api/payouts', s.auth)).json().payouts;
    expect(payout).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('could not credit this account'),
    });
    const balances = await balancesOf(t, s.seller.id);
    expect(balances).toMatchObject({ availableKobo: s.available, payoutInFlightKobo: 0, paidOutKobo: 0 });
    expect(
      t.mailer.sent.some((m) => m.to === s.seller.email && m.subject === 'Your ₦3,000.00 payout failed'),
    ).toBe(true);
  });

  it("lists a seller's payouts newest first in pages, and none of another seller's", async () => {
    const s = await readySeller();
    for (const amount of [1000, 1100, 1200]) {
      expect((await requestPayout(s.auth, amount)).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const page1 = (await call('GET', '/api/payouts?limit=2', s.auth)).json();
    expect(page1.payouts.map((p: { amount: number }) => p.amount)).toEqual([1200, 1100]);
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const page2 = (await call('GET', '/api/payouts?limit=2&page=2', s.auth)).json();
    expect(page2.payouts.map((p: { amount: number }) => p.amount)).toEqual([1000]);
    const other = await payoutSeller(t);
    expect((await call('GET', '/api/payouts', other.auth)).json().payouts).toEqual([]);
  });
});

describe('automatic payouts', () => {
  it('pays the whole available balance every Monday at 09:00 Lagos time, once per Monday, until set back to manual', async () => {
    // Wednesday 2026-01-21 10:00 Lagos.
    t.clock.set(new Date('2026-01-21T09:00:00.000Z'));
    const s = await readySeller();
    const set = await call('PUT', '/api/payouts/schedule', s.auth, {
      schedule: 'weekly',
      stepUp: byPassword,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      schedule: 'weekly',
      message: expect.stringContaining('every Monday at 09:00'),
    });
    expect((await summaryOf(s)).schedule).toBe('weekly');
    const job = (await t.jobs.list()).find((j) => j.key === `payouts:auto:${s.seller.id}`);
    // fundAvailable moved the clock a week on (to Wed 28th); the next Monday is 2 February, 09:00 Lagos.
    expect(job?.runAt.toISOString()).toBe('2026-02-02T08:00:00.000Z');

    t.clock.set(new Date('2026-02-02T08:00:01.000Z'));
    await t.jobs.runDue();
    const rows = await payoutRows(t, s.seller.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountKobo: s.available, automatic: true });
    expect((await balancesOf(t, s.seller.id)).availableKobo).toBe(0);
    const next = (await t.jobs.list()).find((j) => j.key === `payouts:auto:${s.seller.id}`);
    expect(next?.runAt.toISOString()).toBe('2026-02-09T08:00:00.000Z');

    // The same slot run again (a job run twice) pays nothing more.
    await t.app.payouts.service.runScheduled(s.seller.id, '2026-02-02T08:00:00.000Z');
    expect(await payoutRows(t, s.seller.id)).toHaveLength(1);

    const manual = await call('PUT', '/api/payouts/schedule', s.auth, {
      schedule: 'manual',
      stepUp: byPassword,
    });
    expect(manual.statusCode).toBe(200);
    expect((await t.jobs.list()).some((j) => j.key === `payouts:auto:${s.seller.id}`)).toBe(false);
  });

  it('needs the step-up to change the schedule', async () => {
    const s = await payoutSeller(t);
    const res = await call('PUT', '/api/payouts/schedule', s.auth, {
      schedule: 'daily',
      stepUp: { method: 'password', password: 'wrong' },
    });
    expect(res.statusCode).toBe(403);
    expect((await summaryOf(s)).schedule).toBe('manual');
  });
});
