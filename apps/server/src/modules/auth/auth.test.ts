// Signing up: registration and the e-mailed code (verify, resend).
// Logging in and the session: auth-session.test.ts.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '@/db/schema/index.ts';
import { accountCalls, LOOSE_AUTH_LIMITS, wrong } from '@/test/accounts.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authRateLimits: LOOSE_AUTH_LIMITS });
});
afterAll(() => t.close());

const { newSeller, post, get, lastCode, verifiedSeller } = accountCalls(() => t);

describe('POST /api/seller/register', () => {
  it('creates the seller, answers the spec shape and e-mails a 6-digit code', async () => {
    const body = newSeller();
    const res = await post('/api/seller/register', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['message', 'referralUsed', 'referrerId', 'token', 'user']);
    expect(json).toMatchObject({ referralUsed: false, referrerId: null });
    expect(json.user).toMatchObject({
      firstName: 'Chiamaka',
      email: body.email,
      storeName: body.storeName,
      emailVerified: false,
      isVerified: false,
      isDisabled: false,
      walletBalance: 0,
      storeAvatar: { url: null },
    });
    expect(json.user).not.toHaveProperty('passwordHash');
    expect(json.message).toContain(body.email);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(body.email);
    expect(mail?.subject).toMatch(/^\d{6} is your Kasuwa verification code$/);
  });

  it('stores only a keyed hash of the code, never the code', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const code = lastCode(body.email);
    const rows = await t.db.query.oneTimeCodes.findMany();
    expect(rows.some((r) => r.codeHash === code)).toBe(false);
    const sha = createHmac('sha256', 'wrong-key').update(code).digest('hex');
    expect(rows.some((r) => r.codeHash === sha)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
  });

  it('records a real referral', async () => {
    const referrer = await verifiedSeller();
    const code = (await get('/api/seller/profile', referrer.token)).json().referralCode;
    const res = await post('/api/seller/register', newSeller({ referralCode: code.toLowerCase() }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ referralUsed: true, referrerId: referrer.id });
  });

  it('refuses a referral code that does not exist', async () => {
    const res = await post('/api/seller/register', newSeller({ referralCode: 'NOSUCH99' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That referral code does not exist');
  });

  it('refuses a duplicate e-mail, whatever its case, with 409', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const res = await post('/api/seller/register', newSeller({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists. Log in instead.');
  });

  it('refuses a duplicate store name, whatever its case, with 409', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const res = await post('/api/seller/register', newSeller({ storeName: body.storeName.toLowerCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This store name is already taken. Choose another one.');
  });

  it('enforces the password policy', async () => {
    for (const [password, why] of [
      ['short1', 'at least 8 characters'],
      ['onlyletters', 'must contain a number'],
      ['12345678', 'must contain a letter'],
    ]) {
      const res = await post('/api/seller/register', newSeller({ password }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(why);
    }
  });

  it('refuses a malformed e-mail and phone number', async () => {
    expect((await post('/api/seller/register', newSeller({ email: 'amaka@' }))).json().message).toContain(
      'Enter a valid email address',
    );
    expect((await post('/api/seller/register', newSeller({ phoneNumber: '08031234567' }))).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/seller/verify-otp', () => {
  it('verifies the e-mail and answers token, user and message', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const res = await post('/api/seller/verify-otp', { email: body.email, otp: lastCode(body.email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Email verified successfully',
      user: { emailVerified: true },
    });
    expect(typeof res.json().token).toBe('string');
  });

  it('refuses a wrong code and says how many tries are left', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const res = await post('/api/seller/verify-otp', { email: body.email, otp: wrong(lastCode(body.email)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid code. 4 tries left.');
  });

  it('refuses the right code after five wrong tries', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const code = lastCode(body.email);
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await post('/api/seller/verify-otp', { email: body.email, otp: wrong(code) })).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const sixth = await post('/api/seller/verify-otp', { email: body.email, otp: code });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many wrong tries for this code. Ask for a new code.');
  });

  it('refuses an expired code (10 minutes)', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const code = lastCode(body.email);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await post('/api/seller/verify-otp', { email: body.email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired or was already used. Ask for a new code.');
  });

  it('refuses a code used once already', async () => {
    const s = await verifiedSeller();
    await t.db.update(sellers).set({ emailVerified: false }).where(eq(sellers.id, s.id));
    const res = await post('/api/seller/verify-otp', { email: s.email, otp: lastCode(s.email) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired or was already used. Ask for a new code.');
  });

  it('does not accept a password reset code as a verification code', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    t.clock.advance(61_000);
    await post('/api/seller/forgot-password', { email: body.email });
    const resetCode = lastCode(body.email);
    const res = await post('/api/seller/verify-otp', { email: body.email, otp: resetCode });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/seller/resend-otp', () => {
  it('allows one code a minute, retiring the previous one', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const first = lastCode(body.email);
    const tooSoon = await post('/api/seller/resend-otp', { email: body.email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);

    t.clock.advance(61_000);
    const again = await post('/api/seller/resend-otp', { email: body.email });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(`A new code has been sent to ${body.email}`);
    const second = lastCode(body.email);
    if (second !== first) {
      expect((await post('/api/seller/verify-otp', { email: body.email, otp: first })).statusCode).toBe(400);
    }
    expect((await post('/api/seller/verify-otp', { email: body.email, otp: second })).statusCode).toBe(200);
  });

  it('allows at most five codes an hour', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(61_000);
      statuses.push((await post('/api/seller/resend-otp', { email: body.email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    t.clock.advance(60 * 60 * 1000);
    expect((await post('/api/seller/resend-otp', { email: body.email })).statusCode).toBe(200);
  });

  it('says when the e-mail is already verified', async () => {
    const s = await verifiedSeller();
    const res = await post('/api/seller/resend-otp', { email: s.email });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This email is already verified. Please log in.');
  });
});
