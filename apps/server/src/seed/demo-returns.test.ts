import type { SellerReturnsResponse } from '@kasuwa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@/seed/demo.ts';
import { seedDemoCatalogue } from '@/seed/demo-catalogue.ts';
import { seedDemoOrders } from '@/seed/demo-orders.ts';
import { seedDemoReturns } from '@/seed/demo-returns.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db);
  await seedDemoCatalogue({ db: t.db, storage: t.storage });
  await seedDemoOrders({ db: t.db, now: t.clock.now() });
  expect(await seedDemoReturns({ db: t.db, now: t.clock.now() })).toEqual({ seeded: true });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/seller/login',
    payload: { email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' },
  });
  auth = { authorization: `Bearer ${login.json().token}` };
});
afterAll(() => t.close());

describe('the demo returns', () => {
  it('give the demo seller returns under the Requested, In progress and Rejected tabs, once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/returns?tab=all', headers: auth });
    const answer = res.json<SellerReturnsResponse>();
    expect(answer.counts).toEqual({ requested: 2, in_progress: 1, refunded: 0, rejected: 1, all: 4 });
    const requested = answer.returns.find((r) => r.status === 'requested');
    expect(requested?.deadline?.label).toMatch(/^Answer by /);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/returns/${requested?._id}`,
      headers: auth,
    });
    expect(detail.json().return.allowedActions).toEqual(['request_info', 'approve', 'reject']);
    expect(await seedDemoReturns({ db: t.db, now: t.clock.now() })).toEqual({ seeded: false });
  });
});
