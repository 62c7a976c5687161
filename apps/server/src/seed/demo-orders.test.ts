import type { CustomersResponse, DeliverySettingsResponse, SellerOrdersResponse } from '@kasuwa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@/seed/demo.ts';
import { seedDemoCatalogue } from '@/seed/demo-catalogue.ts';
import { seedDemoOrders } from '@/seed/demo-orders.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { expectCachesMatchEntries, unbalancedTransactions } from '@/test/ledger.ts';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db);
  await seedDemoCatalogue({ db: t.db, storage: t.storage });
  expect(await seedDemoOrders({ db: t.db, now: t.clock.now() })).toEqual({ seeded: true });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/seller/login',
    payload: { email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' },
  });
  auth = { authorization: `Bearer ${login.json().token}` };
});
afterAll(() => t.close());

describe('the demo orders', () => {
  it('give the demo seller orders under every tab, from buyers in several states', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders?limit=100', headers: auth });
    const answer = res.json<SellerOrdersResponse>();
    expect(answer.counts).toEqual({ to_pay: 2, to_ship: 3, shipped: 4, delivered: 8, cancelled: 3, all: 20 });
    expect(new Set(answer.orders.map((o) => o.source))).toEqual(new Set(['auction', 'buy_now']));
    expect(new Set(answer.orders.map((o) => o.paymentMethod))).toEqual(
      new Set(['online', 'pay_on_delivery', null]),
    );
    expect(new Set(answer.orders.map((o) => o.buyer.state)).size).toBeGreaterThanOrEqual(10);
    expect(answer.orders.every((o) => o.firstItem.name !== '' && o.total > 0)).toBe(true);
    const customers = await t.app.inject({ method: 'GET', url: '/api/customers', headers: auth });
    expect(customers.json<CustomersResponse>().pagination.total).toBe(15);
  });

  it('come with delivery a buyer can check out with: fees per state, store pickup and pay on delivery', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/delivery', headers: auth });
    const { settings } = res.json<DeliverySettingsResponse>();
    expect(settings.shipping.fees).toContainEqual({ state: 'Lagos', fee: 2500 });
    expect(settings.pickup.enabled).toBe(true);
    expect(settings.payOnDelivery).toEqual({ enabled: true, cap: 100_000 });
  });

  it('bring their money: sales pending, one released, cash with its commission, a refund; the wallet is the available balance', async () => {
    const summary = (
      await t.app.inject({ method: 'GET', url: '/api/earnings/summary', headers: auth })
    ).json();
    expect(summary.available).toBeGreaterThan(0);
    expect(summary.pending).toBeGreaterThan(0);
    expect(summary.nextRelease).not.toBeNull();
    const profile = (await t.app.inject({ method: 'GET', url: '/api/seller/profile', headers: auth })).json();
    expect(profile.walletBalance).toBe(summary.available);
    const lines = await t.app.inject({
      method: 'GET',
      url: '/api/earnings/transactions?limit=100',
      headers: auth,
    });
    const kinds = new Set(lines.json().transactions.map((l: { kind: string }) => l.kind));
    for (const kind of [
      'sale',
      'commission',
      'payment_fee',
      'cash_collected',
      'release',
      'refund',
      'commission_refund',
    ])
      expect(kinds).toContain(kind);
    expect(await unbalancedTransactions(t.db)).toEqual([]);
    await expectCachesMatchEntries(t.db, profile._id);
  });

  it('are made once, however often the server starts', async () => {
    expect(await seedDemoOrders({ db: t.db, now: t.clock.now() })).toEqual({ seeded: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/orders', headers: auth });
    expect(res.json<SellerOrdersResponse>().counts.all).toBe(20);
  });
});
