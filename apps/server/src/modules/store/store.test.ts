import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const vacation = (auth: { authorization: string } | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/seller/vacation-mode', headers: auth ?? {}, payload });

describe('PUT /api/seller/vacation-mode', () => {
  it('turns vacation mode on and off, answering and storing the new state', async () => {
    const a = await sellerWithToken(t);
    const on = await vacation(a.auth, { isOn: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      message: 'Vacation mode enabled successfully',
      vacationMode: { isOn: true },
    });
    const [row] = await t.db.select().from(sellers).where(eq(sellers.id, a.seller.id));
    expect(row?.vacationMode).toBe(true);
    const profile = await t.app.inject({ method: 'GET', url: '/api/seller/profile', headers: a.auth });
    expect(profile.json().vacationMode).toBe(true);
    const off = await vacation(a.auth, { isOn: false });
    expect(off.json()).toEqual({
      message: 'Vacation mode disabled successfully',
      vacationMode: { isOn: false },
    });
  });

  it('changes only the calling seller', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    await vacation(a.auth, { isOn: true });
    const [row] = await t.db.select().from(sellers).where(eq(sellers.id, b.seller.id));
    expect(row?.vacationMode).toBe(false);
  });

  it('refuses a body without a boolean isOn, and a call without a token', async () => {
    const a = await sellerWithToken(t);
    expect((await vacation(a.auth, { isOn: 'yes' })).statusCode).toBe(400);
    expect((await vacation(undefined, { isOn: true })).statusCode).toBe(401);
  });
});

describe('GET /api/seller/top-sold-products', () => {
  it('answers an empty list while no products or orders exist', async () => {
    const a = await sellerWithToken(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/seller/top-sold-products', headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
  });
});
