import type { CouponsResponse } from '@kasuwa/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '@/seed/demo.ts';
import { seedDemoCoupons } from '@/seed/demo-coupons.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('gives the demo seller an active, a scheduled and a disabled coupon, once', async () => {
  await seedDemo(t.db);
  expect(await seedDemoCoupons({ db: t.db, now: t.clock.now() })).toEqual({ seeded: true });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/seller/login',
    payload: { email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' },
  });
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/coupons',
    headers: { authorization: `Bearer ${login.json().token}` },
  });
  expect(res.json<CouponsResponse>().counts).toEqual({
    all: 3,
    active: 1,
    scheduled: 1,
    expired: 0,
    disabled: 1,
  });
  expect(await seedDemoCoupons({ db: t.db, now: t.clock.now() })).toEqual({ seeded: false });
});
