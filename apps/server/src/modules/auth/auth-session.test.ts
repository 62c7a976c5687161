import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '@/db/schema/index.ts';
import { accountCalls, LOOSE_AUTH_LIMITS, wrong } from '@/test/accounts.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authRateLimits: LOOSE_AUTH_LIMITS });
});
afterAll(() => t.close());

const { newSeller, post, get, lastCode, verifiedSeller, setFlags } = accountCalls(() => t);

describe('POST /api/seller/login', () => {
  it('logs a verified seller in with user and token', async () => {
    const s = await verifiedSeller();
    const res = await post('/api/seller/login', { email: s.email.toUpperCase(), password: s.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Login successful',
      user: { email: s.email, emailVerified: true },
    });
    expect((await get('/api/seller/profile', res.json().token)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const s = await verifiedSeller();
    const a = await post('/api/seller/login', { email: s.email, password: 'Wrong2026pass' });
    const b = await post('/api/seller/login', { email: 'nobody@example.ng', password: 'Wrong2026pass' });
    expect([a.statusCode, b.statusCode]).toEqual([400, 400]);
    expect(a.json()).toEqual({ message: 'Incorrect email or password' });
    expect(b.json()).toEqual(a.json());
  });

  it('sends an unverified seller to verify, with a fresh code', async () => {
    const body = newSeller();
    await post('/api/seller/register', body);
    t.clock.advance(61_000);
    const sentBefore = t.mailer.sent.length;
    const res = await post('/api/seller/login', { email: body.email, password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.emailVerified).toBe(false);
    expect(res.json().message).toContain('Please verify your email');
    expect(t.mailer.sent.length).toBe(sentBefore + 1);
  });

  it('gives a disabled seller their data and the flag but no session', async () => {
    const s = await verifiedSeller();
    await setFlags(s.id, { isDisabled: true });
    const res = await post('/api/seller/login', { email: s.email, password: s.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'Your account has been disabled. Please contact support.',
      isDisabled: true,
      user: { email: s.email, isDisabled: true },
    });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('refuses a blocked seller', async () => {
    const s = await verifiedSeller();
    await setFlags(s.id, { isBlocked: true });
    const res = await post('/api/seller/login', { email: s.email, password: s.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Unauthorized Seller/);
  });

  it('locks an account after 100 failures in an hour, even with the right password', async () => {
    const s = await verifiedSeller();
    await post('/api/seller/login', { email: s.email, password: 'Wrong2026pass' });
    const recorded = await t.db.select().from(loginFailures).where(eq(loginFailures.sellerId, s.id));
    expect(recorded).toHaveLength(1);
    const at = t.clock.now();
    await t.db.insert(loginFailures).values(Array.from({ length: 99 }, () => ({ sellerId: s.id, at })));
    const res = await post('/api/seller/login', { email: s.email, password: s.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toContain('Too many failed log-in attempts for this account');
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await post('/api/seller/login', { email: s.email, password: s.password })).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const s = await verifiedSeller();
    t.clock.advance(61_000);
    const before = t.mailer.sent.length;
    const known = await post('/api/seller/forgot-password', { email: s.email });
    const unknown = await post('/api/seller/forgot-password', { email: 'ghost@example.ng' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json().message).toBe(
      `If an account exists for ${s.email}, we have sent a password reset code to it.`,
    );
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(t.mailer.sent.at(-1)?.subject).toMatch(/password reset code$/);
  });

  it('sets the new password with the code and ends older sessions', async () => {
    const s = await verifiedSeller();
    t.clock.advance(61_000);
    await post('/api/seller/forgot-password', { email: s.email });
    const code = lastCode(s.email);
    const res = await post('/api/seller/reset-password', {
      email: s.email,
      code,
      newPassword: 'NewPass2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password reset successful. You can now log in with your new password.');
    expect((await post('/api/seller/login', { email: s.email, password: s.password })).statusCode).toBe(400);
    expect((await post('/api/seller/login', { email: s.email, password: 'NewPass2026' })).statusCode).toBe(
      200,
    );
    const old = await get('/api/seller/check-token', s.token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: 'Invalid token' });
    expect(
      (await post('/api/seller/reset-password', { email: s.email, code, newPassword: 'Other2026pw' }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a wrong code and a weak new password', async () => {
    const s = await verifiedSeller();
    t.clock.advance(61_000);
    await post('/api/seller/forgot-password', { email: s.email });
    const code = lastCode(s.email);
    const weak = await post('/api/seller/reset-password', { email: s.email, code, newPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    const bad = await post('/api/seller/reset-password', {
      email: s.email,
      code: wrong(code),
      newPassword: 'Strong2026pw',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid code. 4 tries left.');
  });
});

describe('the session token', () => {
  it('check-token answers 200 with a refreshed token that works', async () => {
    const s = await verifiedSeller();
    t.clock.advance(1000);
    const res = await get('/api/seller/check-token', s.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().valid).toBe(true);
    expect(res.json().token).not.toBe(s.token);
    expect((await get('/api/seller/profile', res.json().token)).statusCode).toBe(200);
  });

  it('refuses a missing, unsigned ("alg": "none"), re-signed or expired token with 401 Invalid token', async () => {
    const s = await verifiedSeller();
    const [header, payload] = s.token.split('.');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forgedPayload = b64({ ...claims, sub: '00000000-0000-0000-0000-000000000000' });
    const cases = {
      missing: undefined,
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      wrongSignature: `${header}.${forgedPayload}.${s.token.split('.')[2]}`,
      garbage: 'not-a-token',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await get('/api/seller/check-token', token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({ message: 'Invalid token' });
    }
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const expired = await get('/api/seller/check-token', s.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Invalid token' });
  });
});

describe('GET /api/seller/profile', () => {
  it('answers the seller record with every field of the spec', async () => {
    const s = await verifiedSeller();
    const res = await get('/api/seller/profile', s.token);
    expect(res.statusCode).toBe(200);
    for (const key of [
      '_id',
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'storeName',
      'businessName',
      'storeAvatar',
      'createdAt',
      'accountType',
      'emailVerified',
      'isVerified',
      'isDisabled',
      'hasFilledAddress',
      'hasFilledBusinessAddress',
      'onboardingProcess',
      'walletBalance',
      'bankDetails',
      'sellerAddress',
      'businessAddress',
    ]) {
      expect(res.json(), key).toHaveProperty(key);
    }
    expect(res.json()._id).toBe(s.id);
  });

  it('shows each seller only their own record', async () => {
    const a = await verifiedSeller();
    const b = await verifiedSeller();
    expect((await get('/api/seller/profile', a.token)).json().email).toBe(a.email);
    expect((await get('/api/seller/profile', b.token)).json().email).toBe(b.email);
  });

  it('stays readable for a disabled seller, who is refused everywhere else', async () => {
    const s = await verifiedSeller();
    await setFlags(s.id, { isDisabled: true });
    const profile = await get('/api/seller/profile', s.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().isDisabled).toBe(true);
    const other = await get('/api/seller/onboarding-process', s.token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Your account has been disabled. Please contact support.' });
  });

  it('answers 404 for a blocked seller', async () => {
    const s = await verifiedSeller();
    await setFlags(s.id, { isBlocked: true });
    const res = await get('/api/seller/profile', s.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Seller not found' });
  });
});

describe('/api/seller/onboarding-process', () => {
  it('saves the marker and answers a fresh token', async () => {
    const s = await verifiedSeller();
    expect((await get('/api/seller/onboarding-process', s.token)).json()).toEqual({
      onboardingProcess: null,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/seller/onboarding-process',
      headers: { authorization: `Bearer ${s.token}` },
      payload: { onboardingProcess: 'individual-onboarding' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().onboardingProcess).toBe('individual-onboarding');
    expect((await get('/api/seller/onboarding-process', res.json().token)).json()).toEqual({
      onboardingProcess: 'individual-onboarding',
    });
  });

  it('refuses an unknown marker and an anonymous caller', async () => {
    const s = await verifiedSeller();
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/seller/onboarding-process',
      headers: { authorization: `Bearer ${s.token}` },
      payload: { onboardingProcess: 'skip-everything' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/seller/onboarding-process')).statusCode).toBe(401);
  });
});

describe('per-address rate limits (default settings)', () => {
  it('answers 429 with a clear message when log-ins flood in', async () => {
    const strict = await buildTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/seller/login',
          payload: { email: 'flood@example.ng', password: 'Whatever2026' },
        });
        statuses.push(res.statusCode);
        if (i === 20)
          expect(res.json().message).toMatch(
            /^Too many requests\. Please try again in \d+ (seconds?|minutes?)\.$/,
          );
      }
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
