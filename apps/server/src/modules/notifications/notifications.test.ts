import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '@/db/schema/index.ts';
import { lagosDayStart } from '@/modules/notifications/notifications.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof sellerWithToken>>;
let b: Awaited<ReturnType<typeof sellerWithToken>>;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  t.clock.set(new Date('2026-03-10T12:00:00.000Z'));
  a = await sellerWithToken(t);
  b = await sellerWithToken(t);
});

const notify = (email: string, type: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/sellers/notify',
    headers: { authorization: `Bearer ${t.adminToken}` },
    payload: { email, type, ...extra },
  });

const list = (auth: { authorization: string }, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: auth });

describe('GET /api/notifications', () => {
  it('lists the seller’s own notifications newest first, never a buyer message', async () => {
    await notify(a.seller.email, 'new_order', { data: { orderId: 'o-17' } });
    t.clock.advance(1000);
    await notify(a.seller.email, 'buyer_message');
    t.clock.advance(1000);
    await notify(a.seller.email, 'low_stock');
    await notify(b.seller.email, 'new_follower');

    const res = await list(a.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notifications.map((n: { type: string }) => n.type)).toEqual(['low_stock', 'new_order']);
    expect(body.notifications[1]).toMatchObject({
      title: 'New order',
      isRead: false,
      data: { orderId: 'o-17' },
      createdAt: '2026-03-10T12:00:00.000Z',
    });
    expect(body.unreadToday).toBe(2);
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, total: 2, hasMore: false });
  });

  it('pages with page and limit', async () => {
    for (let i = 0; i < 3; i++) {
      await notify(a.seller.email, 'new_follower', { title: `Follower ${i}` });
      t.clock.advance(1000);
    }
    const res = await list(a.auth, '?page=2&limit=2');
    expect(res.json().notifications.map((n: { title: string }) => n.title)).toEqual(['Follower 0']);
    expect(res.json().pagination).toEqual({ currentPage: 2, totalPages: 2, total: 3, hasMore: false });
  });

  it('counts for the badge only unread notifications created since the start of today', async () => {
    t.clock.set(new Date('2026-03-09T22:00:00.000Z'));
    await notify(a.seller.email, 'order_paid'); // yesterday on the device
    t.clock.set(new Date('2026-03-10T08:00:00.000Z'));
    await notify(a.seller.email, 'order_paid');
    await notify(a.seller.email, 'order_shipped');
    const read = await notify(a.seller.email, 'order_delivered');
    await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${read.json().notification._id}/mark-read`,
      headers: a.auth,
    });
    const res = await list(a.auth, `?todayStart=${encodeURIComponent('2026-03-10T00:00:00.000+00:00')}`);
    expect(res.json().unreadToday).toBe(2);
  });

  it('takes midnight in Lagos as the start of today when the device does not say', () => {
    expect(lagosDayStart(new Date('2026-03-10T23:30:00.000Z')).toISOString()).toBe(
      '2026-03-10T23:00:00.000Z',
    );
    expect(lagosDayStart(new Date('2026-03-10T22:30:00.000Z')).toISOString()).toBe(
      '2026-03-09T23:00:00.000Z',
    );
  });

  it('refuses a call without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(401);
  });
});

describe('marking notifications read', () => {
  it('marks one of the seller’s notifications read', async () => {
    const created = (await notify(a.seller.email, 'return_request')).json().notification;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${created._id}/mark-read`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notification).toMatchObject({ _id: created._id, isRead: true });
  });

  it('answers 404 when seller B marks seller A’s notification, and leaves it unread', async () => {
    const created = (await notify(a.seller.email, 'return_request')).json().notification;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${created._id}/mark-read`,
      headers: b.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Notification not found' });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, created._id));
    expect(row?.isRead).toBe(false);
    expect((await list(b.auth)).json().notifications).toEqual([]);
  });

  it('answers 404 for an id that is not a notification at all', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/nope/mark-read',
      headers: a.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('marks all of the seller’s notifications read and none of anyone else’s', async () => {
    await notify(a.seller.email, 'blip_like');
    await notify(a.seller.email, 'blip_comment');
    await notify(b.seller.email, 'blip_like');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/mark-all-read',
      headers: a.auth,
    });
    expect(res.json()).toEqual({ message: 'All notifications marked as read', updated: 2 });
    expect((await list(a.auth)).json().unreadToday).toBe(0);
    expect((await list(b.auth)).json().unreadToday).toBe(1);
  });
});

describe('notifications the platform creates', () => {
  it('welcomes a seller who signs up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seller/register',
      payload: {
        firstName: 'Ify',
        lastName: 'Obi',
        email: 'ify@example.ng',
        password: 'Lagos2026market',
        phoneNumber: '+2348031234567',
        storeName: 'Ify Crafts',
      },
    });
    expect(res.statusCode).toBe(201);
    const mine = await list({ authorization: `Bearer ${res.json().token}` });
    expect(mine.json().notifications).toMatchObject([{ type: 'welcome', title: 'Welcome to Kasuwa' }]);
  });

  it('tells a seller of their approval in the dashboard and by e-mail, once', async () => {
    const pending = await sellerWithToken(t, { isVerified: false });
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/sellers/approve',
        headers: { authorization: `Bearer ${t.adminToken}` },
        payload: { email: pending.seller.email },
      });
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(200);
    const types = (await list(pending.auth)).json().notifications.map((n: { type: string }) => n.type);
    expect(types).toEqual(['account_approved']);
    await t.jobs.runDue(); // the e-mail is queued, delivered by the job worker
    const mails = t.mailer.sent.filter((m) => m.to === pending.seller.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Kasuwa seller account is approved']);
  });

  it('lets an operator create a notification of any type, and refuses an unknown type', async () => {
    const ok = await notify(a.seller.email, 'order_reminder', { data: { orderId: 'o-9' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().notification).toMatchObject({ type: 'order_reminder', data: { orderId: 'o-9' } });
    expect((await notify(a.seller.email, 'party_time')).statusCode).toBe(400);
    expect((await notify('ghost@example.ng', 'new_order')).statusCode).toBe(404);
  });
});
