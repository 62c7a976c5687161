import { DEFAULT_NOTIFICATION_PREFERENCES } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sellers } from '@/db/schema/index.ts';
import { notificationsRepository } from '@/modules/notifications/notifications.repository.ts';
import { notificationsService } from '@/modules/notifications/notifications.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('notification preferences in the create path', () => {
  const call = (url: string, auth: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: auth, payload });
  const prefs = (over: object) => ({ preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...over } });

  it('are honoured: a muted group is neither stored nor pushed; account notices always go out', async () => {
    const a = await sellerWithToken(t);
    await call(
      '/api/seller/settings/notifications',
      a.auth,
      prefs({ orders: { inApp: false, email: true } }),
    );
    const pushed: string[] = [];
    const service = notificationsService({
      repo: notificationsRepository(t.db),
      clock: t.clock,
      push: (sellerId) => pushed.push(sellerId),
    });
    expect(await service.create(a.seller.id, { type: 'new_order' })).toBeNull();
    expect(await service.create(a.seller.id, { type: 'low_stock' })).toBeNull();
    expect(await service.create(a.seller.id, { type: 'return_request' })).not.toBeNull();
    expect(await service.create(a.seller.id, { type: 'account_approved' })).not.toBeNull();
    const staged = await service.createInTransaction(t.db, a.seller.id, { type: 'order_paid' });
    staged.push();
    expect(staged.notification).toBeNull();
    const stored = await t.db.select().from(notifications).where(eq(notifications.sellerId, a.seller.id));
    expect(stored.map((n) => n.type).sort()).toEqual(['account_approved', 'return_request']);
    expect(pushed).toHaveLength(2);
  });

  it('leave another seller untouched', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    await t.db
      .update(sellers)
      .set({
        notificationPreferences: {
          ...DEFAULT_NOTIFICATION_PREFERENCES,
          orders: { inApp: false, email: false },
        },
      })
      .where(eq(sellers.id, a.seller.id));
    const service = notificationsService({
      repo: notificationsRepository(t.db),
      clock: t.clock,
      push: () => {},
    });
    expect(await service.create(b.seller.id, { type: 'new_order' })).not.toBeNull();
  });
});
