import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/buyers/register', payload });
const login = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/buyers/login', payload });
const me = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/buyers/me', headers: authorization ? { authorization } : {} });

describe('buyer accounts', () => {
  it('registers a buyer (201) whose token works on buyer routes', async () => {
    const res = await register({ name: ' Ada Obi ', email: 'Ada@Example.ng', password: 'market123' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Account created', buyer: { name: 'Ada Obi' } });
    const who = await me(`Bearer ${body.token}`);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ buyer: { _id: body.buyer._id, name: 'Ada Obi' } });
  });

  it('refuses a second account with the same e-mail whatever its case (409)', async () => {
    await register({ name: 'Chidi', email: 'chidi@example.ng', password: 'market123' });
    const res = await register({ name: 'Chidi 2', email: 'CHIDI@example.ng', password: 'market123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists. Log in instead.');
  });

  it('checks the password policy and the e-mail', async () => {
    const res = await register({ name: 'Bisi', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const fields = new Set(res.json().issues.map((i: { path: string }) => i.path));
    expect([...fields].sort()).toEqual(['email', 'password']);
  });

  it('logs in with the right password and refuses a wrong one or an unknown e-mail alike (400)', async () => {
    const created = (
      await register({ name: 'Emeka', email: 'emeka@example.ng', password: 'market123' })
    ).json();
    const ok = await login({ email: 'EMEKA@example.ng', password: 'market123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Login successful', buyer: created.buyer });
    for (const attempt of [
      { email: 'emeka@example.ng', password: 'wrong1234' },
      { email: 'nobody@example.ng', password: 'market123' },
    ]) {
      const res = await login(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Incorrect email or password');
    }
  });

  it('refuses a buyer token on seller endpoints and a seller token on buyer endpoints (401)', async () => {
    const buyer = await buyerWithToken(t);
    const seller = await sellerWithToken(t);
    const asSeller = await t.app.inject({ method: 'GET', url: '/api/seller/profile', headers: buyer.auth });
    expect(asSeller.statusCode).toBe(401);
    expect((await me(seller.auth.authorization)).statusCode).toBe(401);
    expect((await me()).statusCode).toBe(401);
    expect((await me('Bearer forged')).statusCode).toBe(401);
  });
});

describe('buyer rate limits', () => {
  it('limits log-ins per address (429)', async () => {
    const limited = await buildTestApp({ buyerRateLimits: { login: { max: 2, timeWindow: 60_000 } } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/buyers/login',
          payload: { email: 'x@example.ng', password: 'whatever1' },
        });
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/^Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
