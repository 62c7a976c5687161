import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerOnboarding } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://kasuwa.example.ng' });
});
afterAll(() => t.close());

const account = (auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/seller/account', headers: auth });

describe('the Account read', () => {
  it('answers who the seller is, their store link, referrals and onboarding time', async () => {
    const created = new Date('2026-03-02T09:00:00Z');
    const { seller, auth } = await sellerWithToken(t, {
      firstName: 'Ngozi',
      lastName: 'Eze',
      accountType: 'individual',
      isVerified: true,
      createdAt: created,
    });
    await t.db.insert(sellerOnboarding).values({
      sellerId: seller.id,
      submittedForReviewAt: new Date(created.getTime() + (2 * 60 + 35) * 60_000),
    });
    await sellerWithToken(t, { referredBy: seller.id });
    await sellerWithToken(t, { referredBy: seller.id });

    const res = await account(auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Ngozi',
      lastName: 'Eze',
      email: seller.email,
      emailVerified: true,
      phoneNumber: '+2348031234567',
      storeName: seller.storeName,
      businessName: null,
      storeAvatarUrl: null,
      accountType: 'individual',
      isVerified: true,
      kycStatus: 'not_started',
      storeUrl: `https://kasuwa.example.ng/api/connect/go/${seller.id}`,
      referralCode: seller.referralCode,
      referredSellers: 2,
      memberSince: '2026-03-02T09:00:00.000Z',
      onboardingMinutes: 155,
    });
  });

  it('shows the KYC status and no onboarding time before the application is sent', async () => {
    const { auth } = await sellerWithToken(t, {
      firstName: 'Adaeze',
      lastName: 'Okafor',
      accountType: 'individual',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/seller/kyc',
      headers: auth,
      payload: { kind: 'individual', bvn: '22212345678', nin: '70123456789' },
    });
    const body = (await account(auth)).json();
    expect(body.kycStatus).toBe('pending');
    expect(body.onboardingMinutes).toBeNull();
    expect(body.referredSellers).toBe(0);
  });

  it('needs a session and shows each seller only their own account (BOLA)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/account' })).statusCode).toBe(401);
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const seenByB = (await account(b.auth)).json();
    expect(seenByB.email).toBe(b.seller.email);
    expect(JSON.stringify(seenByB)).not.toContain(a.seller.email);
    expect(JSON.stringify(seenByB)).not.toContain(a.seller.id);
  });
});
