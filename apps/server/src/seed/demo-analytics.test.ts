import type { AnalyticsResponse } from '@kasuwa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@/seed/demo.ts';
import { seedDemoAnalytics } from '@/seed/demo-analytics.ts';
import { seedDemoCatalogue } from '@/seed/demo-catalogue.ts';
import { seedDemoOrders } from '@/seed/demo-orders.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db);
  await seedDemoCatalogue({ db: t.db, storage: t.storage });
  await seedDemoOrders({ db: t.db, now: t.clock.now() });
  expect(await seedDemoAnalytics({ db: t.db, now: t.clock.now() })).toEqual({ seeded: true });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/seller/login',
    payload: { email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' },
  });
  auth = { authorization: `Bearer ${login.json().token}` };
});
afterAll(() => t.close());

describe('the demo analytics', () => {
  it('give the demo seller 30 days of sales in several states, a conversion and a show funnel, once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics?range=30d', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<AnalyticsResponse>();
    expect(r.figures.sales.current).toBeGreaterThan(0);
    expect(r.figures.conversionRate.current).toBeGreaterThan(0);
    expect(r.figures.conversionRate.current).toBeLessThan(1);
    expect(r.salesOverTime.filter((d) => d.sales > 0).length).toBeGreaterThanOrEqual(5);
    expect(r.salesByState.length).toBeGreaterThanOrEqual(5);
    expect(r.topProducts.length).toBeGreaterThanOrEqual(3);
    const [show] = r.shows;
    expect(show?.viewers).toBeGreaterThan(show?.commenters ?? 0);
    expect(show?.commenters).toBeGreaterThan(0);
    expect(show?.revenue).toBeGreaterThan(0);
    expect(await seedDemoAnalytics({ db: t.db, now: t.clock.now() })).toEqual({ seeded: false });
  });
});
