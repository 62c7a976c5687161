import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '@/db/schema/index.ts';
import { hashPassword } from '@/lib/password.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Kasuwa#Close2026';
const DAY = 24 * 60 * 60 * 1000;
type Auth = { authorization: string } | undefined;
const call = (url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: auth ?? {}, ...(payload ? { payload } : {}) });
const rowOf = async (id: string) => (await t.db.select().from(sellers).where(eq(sellers.id, id)))[0];
const closureJobs = async (id: string) =>
  (await t.jobs.list()).filter((j) => j.key === `seller:${id}:closure`);

describe('Close account', () => {
  it('refuses a wrong store name or password, changing nothing', async () => {
    const a = await sellerWithToken(t, { passwordHash: await hashPassword(PASSWORD) });
    const wrongName = await call('/api/seller/settings/close-account', a.auth, {
      storeName: 'Not mine',
      password: PASSWORD,
    });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().message).toBe('The store name you typed does not match your store name');
    const wrongPassword = await call('/api/seller/settings/close-account', a.auth, {
      storeName: a.seller.storeName,
      password: 'nope',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect((await rowOf(a.seller.id))?.closureRequestedAt).toBeNull();
    expect(await closureJobs(a.seller.id)).toHaveLength(0);
    expect(
      (await call('/api/seller/settings/close-account', undefined, { storeName: 'x', password: 'y' }))
        .statusCode,
    ).toBe(401);
  });

  it('can be cancelled in the grace period, and says so at log-in meanwhile', async () => {
    const a = await sellerWithToken(t, { passwordHash: await hashPassword(PASSWORD) });
    const b = await sellerWithToken(t);
    const res = await call('/api/seller/settings/close-account', a.auth, {
      storeName: a.seller.storeName.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const closesAt = new Date(res.json().closure.closesAt).getTime();
    expect(closesAt - t.clock.now().getTime()).toBe(30 * DAY);
    const [job] = await closureJobs(a.seller.id);
    expect(job?.runAt.getTime()).toBe(closesAt);
    expect((await rowOf(b.seller.id))?.closureRequestedAt).toBeNull();

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/seller/login',
      payload: { email: a.seller.email, password: PASSWORD },
    });
    expect(login.json().message).toMatch(/Your account is set to close on .*cancel in Settings/);
    const settings = await t.app.inject({ method: 'GET', url: '/api/seller/settings', headers: a.auth });
    expect(settings.json().closure.closesAt).toBe(res.json().closure.closesAt);

    const cancelled = await call('/api/seller/settings/close-account/cancel', a.auth);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().closure).toBeNull();
    expect(await closureJobs(a.seller.id)).toHaveLength(0);
    expect((await rowOf(a.seller.id))?.closureRequestedAt).toBeNull();
  });

  it('after 30 days disables the account and anonymises its personal data; another seller is untouched', async () => {
    const a = await sellerWithToken(t, {
      passwordHash: await hashPassword(PASSWORD),
      accountType: 'individual',
      sellerAddress: { country: 'Nigeria', state: 'Lagos', city: 'Ikeja', addressLine1: '12 Allen Avenue' },
    });
    const b = await sellerWithToken(t);
    await call('/api/seller/settings/close-account', a.auth, {
      storeName: a.seller.storeName,
      password: PASSWORD,
    });

    // Not due yet: the job waits.
    t.clock.advance(29 * DAY);
    await t.jobs.runDue();
    expect((await rowOf(a.seller.id))?.isDisabled).toBe(false);

    t.clock.advance(1 * DAY + 1000);
    await t.jobs.runDue();
    const closed = await rowOf(a.seller.id);
    expect(closed).toMatchObject({
      isDisabled: true,
      firstName: 'Closed',
      email: `closed-${a.seller.id}@closed.invalid`,
      sellerAddress: null,
      bankDetails: null,
    });
    expect(closed?.closedAt).not.toBeNull();
    expect(closed?.storeName).not.toContain(a.seller.storeName);
    const untouched = await rowOf(b.seller.id);
    expect(untouched?.email).toBe(b.seller.email);
    expect(untouched?.isDisabled).toBe(false);
  });
});
