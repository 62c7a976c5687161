import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@/cli/admin.ts';
import { notifications, payoutAccounts, sellerKyc, sellerKycEvents } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const BVN = '22212345678';
const NIN = '70123456789';

const getKyc = (auth: Auth) => t.app.inject({ method: 'GET', url: '/api/seller/kyc', headers: auth });
const submit = (auth: Auth, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/seller/kyc', headers: auth, payload });
const review = (decision: string, payload: Record<string, unknown>, token = t.adminToken) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/kyc/${decision}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const individual = (over: Record<string, unknown> = {}) => ({
  kind: 'individual',
  bvn: BVN,
  nin: NIN,
  ...over,
});
const person = () =>
  sellerWithToken(t, { firstName: 'Adaeze', lastName: 'Okafor', accountType: 'individual' });
const kycNotifications = (sellerId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(sql`${notifications.sellerId} = ${sellerId} and ${notifications.type} = 'kyc_status'`);
const mailsTo = async (email: string) => {
  await t.jobs.runDue();
  return t.mailer.sent.filter((m) => m.to === email);
};

describe('KYC: reading and submitting', () => {
  it('starts as not started, with nothing on file', async () => {
    const { auth } = await person();
    const res = await getKyc(auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'not_started',
      reason: null,
      accountType: 'individual',
      canSubmit: true,
      identities: [],
      history: [],
    });
  });

  it('takes an individual’s BVN and NIN: pending, masked, notified and e-mailed', async () => {
    const { seller, auth } = await person();
    const res = await submit(auth, individual({ bvn: '222 1234 5678', nin: '701-2345-6789' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('pending');
    expect(body.canSubmit).toBe(false);
    expect(body.identities).toEqual([
      { type: 'bvn', last4: '5678', nameOnRecord: 'OKAFOR ADAEZE' },
      { type: 'nin', last4: '6789', nameOnRecord: 'OKAFOR ADAEZE' },
    ]);
    expect(res.body).not.toContain(BVN);
    expect(res.body).not.toContain(NIN);
    expect(body.history).toEqual([expect.objectContaining({ status: 'pending', actor: 'seller' })]);
    expect((await kycNotifications(seller.id)).map((n) => n.title)).toEqual(['Identity details received']);
    const mails = await mailsTo(seller.email);
    expect(mails.map((m) => m.subject)).toEqual(['We received your identity details']);
    expect(mails[0]?.text).not.toContain(BVN);
  });

  it('keeps the numbers encrypted at rest: the row never holds them', async () => {
    const { seller, auth } = await person();
    expect((await submit(auth, individual())).statusCode).toBe(200);
    const raw = await t.db.execute(
      sql`select row_to_json(k)::text as json from seller_kyc k where seller_id = ${seller.id}`,
    );
    const json = String((raw.rows[0] as { json: string }).json);
    expect(json).not.toContain(BVN);
    expect(json).not.toContain(NIN);
    expect(json).toMatch(/"encrypted":\s*"v1\./);
    // And the stored ciphertext opens to the number with the app's key only.
    const [row] = await t.db.select().from(sellerKyc).where(eq(sellerKyc.sellerId, seller.id));
    const sealed = row?.identities.find((i) => i.type === 'bvn')?.encrypted ?? '';
    expect(sealed.split('.')).toHaveLength(4);
  });

  it('refuses numbers of the wrong shape with 400 and records nothing', async () => {
    const { seller, auth } = await person();
    for (const bad of [
      individual({ bvn: '1234567890' }),
      individual({ nin: '7012345678a' }),
      { kind: 'individual', bvn: BVN },
      { kind: 'business', cacNumber: 'RC12', directorBvn: BVN },
      { kind: 'robot' },
    ]) {
      const res = await submit(auth, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await t.db.select().from(sellerKyc).where(eq(sellerKyc.sellerId, seller.id))).toEqual([]);
  });

  it('refuses a business’s details from an individual, and any before an account type is chosen', async () => {
    const { auth } = await person();
    const res = await submit(auth, { kind: 'business', cacNumber: 'RC 1234567', directorBvn: BVN });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your store is an individual’s: give your BVN and NIN.');
    const undecided = await sellerWithToken(t, { accountType: null });
    const res2 = await submit(undecided.auth, individual());
    expect(res2.statusCode).toBe(409);
  });

  it('asks for a resubmission when a number is not found (local rule: ends in 0000)', async () => {
    const { seller, auth } = await person();
    const res = await submit(auth, individual({ bvn: '22212340000' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'resubmission_requested',
      canSubmit: true,
      reason: 'We could not find the BVN ending in 0000. Check the number and submit again.',
    });
    expect((await kycNotifications(seller.id)).map((n) => n.title)).toEqual([
      'Please check your identity details',
    ]);
    // Corrected, it goes to review.
    const again = await submit(auth, individual());
    expect(again.json().status).toBe('pending');
    expect(again.json().history.map((h: { status: string }) => h.status)).toEqual([
      'resubmission_requested',
      'pending',
    ]);
  });

  it('asks for a resubmission when the name on record is someone else’s (local rule: ends in 1111)', async () => {
    const { auth } = await person();
    const res = await submit(auth, individual({ nin: '70123451111' }));
    expect(res.json().status).toBe('resubmission_requested');
    expect(res.json().reason).toBe(
      'The name on the NIN ending in 1111 is not Adaeze Okafor, the name on your Kasuwa account.',
    );
  });

  it('checks the bank account’s name against the seller’s, whatever the order and case', async () => {
    const good = await person();
    await t.db.insert(payoutAccounts).values({
      sellerId: good.seller.id,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456785',
      accountName: 'OKAFOR ADAEZE CHIOMA',
      verifiedAt: t.clock.now(),
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    expect((await submit(good.auth, individual())).json().status).toBe('pending');

    const other = await sellerWithToken(t, {
      firstName: 'Adaeze',
      lastName: 'Okafor',
      accountType: 'individual',
      bankDetails: {
        bankName: 'Guaranty Trust Bank',
        bankCountry: 'Nigeria',
        bankAccountType: 'Savings',
        accountCurrency: 'NGN',
        accountNumber: '0123456785',
        accountName: 'Tunde Bello',
        swiftCode: 'GTBINGLA',
        bankIdentifierCode: '058',
      },
    });
    const res = await submit(other.auth, individual());
    expect(res.json().status).toBe('resubmission_requested');
    expect(res.json().reason).toContain(
      'Your bank account is in the name of Tunde Bello, not Adaeze Okafor.',
    );
  });

  it('answers 502 and records nothing when the register is unavailable (local rule: ends in 9999)', async () => {
    const { seller, auth } = await person();
    const res = await submit(auth, individual({ bvn: '22212349999' }));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/could not reach the identity service/);
    expect(await t.db.select().from(sellerKyc).where(eq(sellerKyc.sellerId, seller.id))).toEqual([]);
  });

  it('takes a business’s CAC number and director’s BVN, and checks the company name', async () => {
    const biz = await sellerWithToken(t, {
      firstName: 'Chidi',
      lastName: 'Eze',
      accountType: 'business',
      businessName: 'Eze Fabrics Ltd',
    });
    const res = await submit(biz.auth, { kind: 'business', cacNumber: 'rc 1234567', directorBvn: BVN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('pending');
    expect(res.json().identities).toEqual([
      { type: 'cac', last4: '4567', nameOnRecord: 'EZE FABRICS LTD' },
      { type: 'director_bvn', last4: '5678', nameOnRecord: 'EZE CHIDI' },
    ]);
    const wrong = await sellerWithToken(t, { accountType: 'business', businessName: 'Eze Fabrics Ltd' });
    const res2 = await submit(wrong.auth, { kind: 'business', cacNumber: 'BN2341111', directorBvn: BVN });
    expect(res2.json().status).toBe('resubmission_requested');
    expect(res2.json().reason).toContain(
      'BN 2341111 is registered to HARMATTAN TRADING VENTURES LIMITED, not Eze Fabrics Ltd.',
    );
  });

  it('refuses a second submission while one waits for review', async () => {
    const { auth } = await person();
    await submit(auth, individual());
    const res = await submit(auth, individual());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already waiting for review/);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/kyc' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/seller/kyc', payload: individual() })).statusCode,
    ).toBe(401);
  });

  it('shows each seller only their own verification (BOLA)', async () => {
    const a = await person();
    const b = await person();
    await submit(a.auth, individual());
    const seenByB = await getKyc(b.auth);
    expect(seenByB.json().status).toBe('not_started');
    expect(seenByB.json().identities).toEqual([]);
    // B submitting changes nothing of A's.
    await submit(b.auth, individual({ bvn: '22212340000' }));
    expect((await getKyc(a.auth)).json().status).toBe('pending');
  });
});

describe('KYC: the review team', () => {
  it('approves a pending verification: verified, notified, e-mailed, on the timeline', async () => {
    const { seller, auth } = await person();
    await submit(auth, individual());
    const res = await review('approve', { email: seller.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'verified',
      message: `${seller.email}'s identity is verified; they were notified and e-mailed.`,
    });
    const kyc = (await getKyc(auth)).json();
    expect(kyc).toMatchObject({ status: 'verified', canSubmit: false });
    expect(kyc.history.map((h: { actor: string }) => h.actor)).toEqual(['seller', 'operator']);
    expect((await mailsTo(seller.email)).map((m) => m.subject)).toContain('Your identity is verified');
    expect((await kycNotifications(seller.id)).map((n) => n.title)).toContain('Identity verified');
  });

  it('rejects with a reason the seller reads, and lets them submit again', async () => {
    const { seller, auth } = await person();
    await submit(auth, individual());
    const res = await review('reject', { email: seller.email, reason: 'The NIN slip is not readable' });
    expect(res.json().status).toBe('rejected');
    const kyc = (await getKyc(auth)).json();
    expect(kyc).toMatchObject({
      status: 'rejected',
      reason: 'The NIN slip is not readable',
      canSubmit: true,
    });
    const mail = (await mailsTo(seller.email)).find(
      (m) => m.subject === 'Your identity verification was rejected',
    );
    expect(mail?.text).toContain('Reason: The NIN slip is not readable');
    expect((await submit(auth, individual())).json().status).toBe('pending');
  });

  it('refuses to approve what is not waiting for review, and unknown sellers', async () => {
    const { seller } = await person();
    const res = await review('approve', { email: seller.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This verification cannot be approved now: it is not started.');
    expect(await t.db.select().from(sellerKycEvents).where(eq(sellerKycEvents.sellerId, seller.id))).toEqual(
      [],
    );
    expect((await review('approve', { email: 'nobody@example.ng' })).statusCode).toBe(404);
    expect((await review('promote', { email: seller.email })).statusCode).toBe(400);
  });

  it('is closed without the admin token', async () => {
    const { seller, auth } = await person();
    await submit(auth, individual());
    const res = await review('approve', { email: seller.email }, 'a-seller-token-is-not-the-admin-token');
    expect(res.statusCode).toBe(401);
    const asSeller = await t.app.inject({
      method: 'POST',
      url: '/api/admin/kyc/approve',
      headers: auth,
      payload: { email: seller.email },
    });
    expect(asSeller.statusCode).toBe(401);
    expect((await getKyc(auth)).json().status).toBe('pending');
  });
});

describe('npm run admin -- kyc', () => {
  let dataDir: string;
  let port: number;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-kyc-admin-'));
    await fs.writeFile(path.join(dataDir, 'admin-token'), `${t.adminToken}\n`, { mode: 0o600 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(
      argv,
      { PORT: String(port), DATA_DIR: dataDir },
      {
        out: (s) => out.push(s),
        err: (s) => err.push(s),
      },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('approves a pending verification from the command line', async () => {
    const { seller, auth } = await person();
    await submit(auth, individual());
    const r = await run('kyc', 'approve', seller.email);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toContain('identity is verified');
    expect((await getKyc(auth)).json().status).toBe('verified');
  });

  it('rejects with the words after the e-mail as the reason', async () => {
    const { seller, auth } = await person();
    await submit(auth, individual());
    const r = await run('kyc', 'reject', seller.email, 'The', 'photo', 'is', 'blurred');
    expect(r.code).toBe(0);
    expect((await getKyc(auth)).json().reason).toBe('The photo is blurred');
  });

  it('explains a wrong call and prints the server’s refusal', async () => {
    expect((await run('kyc', 'promote', 'a@b.ng')).code).toBe(1);
    expect((await run('kyc', 'approve')).err).toMatch(/Give approve or reject/);
    const { seller } = await person();
    const r = await run('kyc', 'approve', seller.email);
    expect(r).toMatchObject({ code: 1, err: 'This verification cannot be approved now: it is not started.' });
  });
});
