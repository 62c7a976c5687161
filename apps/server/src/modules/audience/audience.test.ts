import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxItems, notifications, orderLines } from '@/db/schema/index.ts';
import { PAYMENT_REMINDER_TASK } from '@/modules/orders/orders.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { auctionWin } from '@/test/checkout.ts';
import { createShow, productsOf, sellerWithProducts } from '@/test/live.ts';
import { multipartForm } from '@/test/multipart.ts';
import { png } from '@/test/onboarding.ts';
import { insertOrder } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  // Batches of 2 so a handful of buyers spans several delivery jobs.
  t = await buildTestApp({ campaignBatchSize: 2 });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const HOUR = 3_600_000;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function follow(buyer: { auth: Auth }, sellerId: string) {
  const res = await call('PUT', `/api/buyer/stores/${sellerId}/follow`, buyer.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function campaign(auth: Auth, over: Record<string, unknown> = {}) {
  return call('POST', '/api/campaigns', auth, {
    title: 'Friday Ankara drop',
    message: 'New prints in store this Friday.',
    audience: { kind: 'followers' },
    ...over,
  });
}

const inbox = async (buyer: { auth: Auth }) => {
  const res = await call('GET', '/api/buyer/updates', buyer.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('followers', () => {
  it('follows a store, tells the seller once, and counts the follower on the seller side', async () => {
    const seller = await sellerWithToken(t);
    const buyer = await buyerWithToken(t, 'Chika Eze');
    const body = await follow(buyer, seller.seller.id);
    expect(body).toMatchObject({ following: true, followerCount: 1, blocked: false });
    await follow(buyer, seller.seller.id); // twice: still one follow, one notification
    const rows = await t.db.select().from(notifications).where(eq(notifications.sellerId, seller.seller.id));
    expect(rows.filter((n) => n.type === 'new_follower').map((n) => n.message)).toEqual([
      'Chika Eze started following your store.',
    ]);
    const summary = await call('GET', '/api/followers/summary', seller.auth);
    expect(summary.json()).toEqual({ total: 1, newThisWeek: 1 });

    const off = await call('DELETE', `/api/buyer/stores/${seller.seller.id}/follow`, buyer.auth);
    expect(off.json()).toMatchObject({ following: false, followerCount: 0 });
  });

  it('refuses an unknown store, a bad id and a missing token', async () => {
    const buyer = await buyerWithToken(t);
    const unknown = await call('PUT', `/api/buyer/stores/${crypto.randomUUID()}/follow`, buyer.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Store not found');
    expect((await call('PUT', '/api/buyer/stores/nope/follow', buyer.auth)).statusCode).toBe(400);
    const seller = await sellerWithToken(t);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/buyer/stores/${seller.seller.id}/follow` })).statusCode,
    ).toBe(401);
    // A seller's token is not a buyer's.
    expect((await call('PUT', `/api/buyer/stores/${seller.seller.id}/follow`, seller.auth)).statusCode).toBe(
      401,
    );
  });

  it('blocking a store ends the follow and refuses a new one until unblocked', async () => {
    const seller = await sellerWithToken(t);
    const buyer = await buyerWithToken(t);
    await follow(buyer, seller.seller.id);
    const blocked = await call('PUT', `/api/buyer/stores/${seller.seller.id}/preferences`, buyer.auth, {
      blocked: true,
    });
    expect(blocked.json()).toMatchObject({ following: false, blocked: true });
    const again = await call('PUT', `/api/buyer/stores/${seller.seller.id}/follow`, buyer.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^You blocked .* Unblock it to follow\.$/);
    expect(
      (await call('PUT', `/api/buyer/stores/${seller.seller.id}/preferences`, buyer.auth, {})).statusCode,
    ).toBe(400);
  });

  it('tells followers in their inbox when the seller schedules and then starts a show, once each', async () => {
    const seller = await sellerWithToken(t);
    const fan = await buyerWithToken(t);
    const blocker = await buyerWithToken(t);
    await follow(fan, seller.seller.id);
    await follow(blocker, seller.seller.id);
    await call('PUT', `/api/buyer/stores/${seller.seller.id}/preferences`, blocker.auth, { blocked: true });
    const show = await createShow(t.app, t, seller.auth);
    const keys = (await t.jobs.list()).map((j) => j.key);
    expect(keys).toContain(`show:${show._id}:scheduled-notice`);
    await t.jobs.runDue();
    t.clock.advance(60_000);
    const started = await call('POST', `/api/streams/${show._id}/start`, seller.auth);
    expect(started.statusCode, started.body).toBe(200);
    await t.jobs.runDue();
    await t.app.audience.inbox.showNotice(show._id, 'started'); // a job run twice delivers once
    const items = (await inbox(fan)).items;
    expect(items.map((i: { kind: string }) => i.kind)).toEqual(['show_started', 'show_scheduled']);
    expect(items[0]).toMatchObject({ link: `/watch/${show._id}`, linkLabel: 'Watch now' });
    expect((await inbox(blocker)).items).toEqual([]);
  });
});

describe('campaign audiences against a seeded database', () => {
  it('counts each audience, leaving out unsubscribed and blocking buyers', async () => {
    const seller = await sellerWithProducts(t, 2);
    const other = await sellerWithToken(t);
    const [gown, bag] = seller.productIds as [string, string];
    const buyers = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((n) => buyerWithToken(t, `Buyer ${n}`)));
    const [a, b, c, d, e] = buyers as [
      (typeof buyers)[0],
      (typeof buyers)[0],
      (typeof buyers)[0],
      (typeof buyers)[0],
      (typeof buyers)[0],
    ];
    await follow(a, seller.seller.id);
    await follow(b, seller.seller.id);
    await follow(c, other.seller.id); // another store's follower
    const gownOrder = await insertOrder(t.db, {
      sellerId: seller.seller.id,
      buyerId: c.buyer.id,
      buyerState: 'Lagos',
    });
    await t.db.update(orderLines).set({ productId: gown }).where(eq(orderLines.orderId, gownOrder.id));
    const bagOrder = await insertOrder(t.db, {
      sellerId: seller.seller.id,
      buyerId: d.buyer.id,
      buyerState: 'Kano',
    });
    await t.db.update(orderLines).set({ productId: bag }).where(eq(orderLines.orderId, bagOrder.id));
    // An unpaid win and a cancelled order do not make a past buyer.
    await insertOrder(t.db, { sellerId: seller.seller.id, buyerId: e.buyer.id, payment: 'awaiting_payment' });
    await insertOrder(t.db, { sellerId: seller.seller.id, buyerId: e.buyer.id, fulfilment: 'cancelled' });
    // Another seller's customer is never this seller's.
    await insertOrder(t.db, { sellerId: other.seller.id, buyerId: a.buyer.id, buyerState: 'Lagos' });

    const count = async (audience: unknown) => {
      const res = await call('POST', '/api/campaigns/audience-count', seller.auth, { audience });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count;
    };
    expect(await count({ kind: 'followers' })).toBe(2);
    expect(await count({ kind: 'past_buyers' })).toBe(2);
    expect(await count({ kind: 'product_buyers', productIds: [gown] })).toBe(1);
    expect(await count({ kind: 'states', states: ['lagos', 'Kano'] })).toBe(2);
    expect(await count({ kind: 'states', states: ['Oyo'] })).toBe(0);

    await call('PUT', `/api/buyer/stores/${seller.seller.id}/preferences`, a.auth, { unsubscribed: true });
    await call('PUT', `/api/buyer/stores/${seller.seller.id}/preferences`, d.auth, { blocked: true });
    expect(await count({ kind: 'followers' })).toBe(1);
    expect(await count({ kind: 'past_buyers' })).toBe(1);

    const wrong = await call('POST', '/api/campaigns/audience-count', seller.auth, {
      audience: { kind: 'states', states: ['Atlantis'] },
    });
    expect(wrong.statusCode).toBe(400);
    const foreign = await call('POST', '/api/campaigns/audience-count', other.auth, {
      audience: { kind: 'product_buyers', productIds: [gown] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('audience: a product was not found in your store');
  });

  it('counts the attendees of a show: bidders, commenters and its buyers', async () => {
    const seller = await sellerWithToken(t);
    const show = await createShow(t.app, t, seller.auth);
    const bidder = await buyerWithToken(t);
    const commenter = await buyerWithToken(t);
    await t.db.execute(sql`insert into stream_comments (stream_id, kind, author_kind, author_id, author_name, content)
      values (${show._id}, 'comment', 'buyer', ${commenter.buyer.id}, 'C', 'Nice'),
             (${show._id}, 'comment', 'seller', ${seller.seller.id}, 'S', 'Welcome')`);
    await insertOrder(t.db, { sellerId: seller.seller.id, buyerId: bidder.buyer.id, streamId: show._id });
    const res = await call('POST', '/api/campaigns/audience-count', seller.auth, {
      audience: { kind: 'show_attendees', streamId: show._id },
    });
    expect(res.json()).toEqual({ count: 2 });
    const intruder = await sellerWithToken(t);
    const refused = await call('POST', '/api/campaigns/audience-count', intruder.auth, {
      audience: { kind: 'show_attendees', streamId: show._id },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('sending campaigns', () => {
  it('schedules on the fake clock, sends in batches to inboxes and mail, and counts opens, clicks and attributed orders', async () => {
    const seller = await sellerWithToken(t);
    const [productId] = await productsOf(t, seller.seller.id, 1);
    const fans = await Promise.all([1, 2, 3, 4, 5].map((i) => buyerWithToken(t, `Fan ${i}`)));
    for (const f of fans) await follow(f, seller.seller.id);
    const quitter = fans[4] as (typeof fans)[0];
    const at = new Date(t.clock.now().getTime() + 2 * HOUR).toISOString();
    const res = await campaign(seller.auth, { scheduledAt: at, attachment: { kind: 'product', productId } });
    expect(res.statusCode, res.body).toBe(201);
    const { campaign: created } = res.json();
    expect(created).toMatchObject({
      status: 'scheduled',
      scheduledAt: at,
      attachment: { kind: 'product', label: 'Lot 1' },
    });
    const notes = await t.db.select().from(notifications).where(eq(notifications.sellerId, seller.seller.id));
    expect(notes.map((n) => n.type)).toContain('campaign_scheduled');
    expect((await t.jobs.list()).map((j) => j.key)).toContain(`campaign:${created._id}:send`);

    // Unsubscribing before it goes out is honoured.
    await call('PUT', `/api/buyer/stores/${seller.seller.id}/preferences`, quitter.auth, {
      unsubscribed: true,
    });

    t.clock.advance(HOUR);
    await t.jobs.runDue();
    expect((await inbox(fans[0] as (typeof fans)[0])).items).toEqual([]);

    t.clock.advance(HOUR);
    await t.jobs.runDue();
    const sent = (await call('GET', `/api/campaigns/${created._id}`, seller.auth)).json().campaign;
    expect(sent).toMatchObject({
      status: 'sent',
      results: { recipients: 4, delivered: 4, opened: 0, clicked: 0 },
    });
    const after = await t.db.select().from(notifications).where(eq(notifications.sellerId, seller.seller.id));
    expect(after.map((n) => n.type)).toContain('new_campaign');
    expect((await inbox(quitter)).items).toEqual([]);
    const mails = t.mailer.sent.filter((m) => m.subject.endsWith('Friday Ankara drop'));
    expect(mails.map((m) => m.to).sort()).toEqual(
      fans
        .slice(0, 4)
        .map((f) => f.buyer.email)
        .sort(),
    );

    const fan = fans[0] as (typeof fans)[0];
    const box = await inbox(fan);
    expect(box.unreadCount).toBe(1);
    const [item] = box.items;
    expect(item).toMatchObject({ kind: 'campaign', title: 'Friday Ankara drop', linkLabel: 'Buy now' });
    expect(item.link).toContain(`productId=${productId}`);
    expect((await call('POST', `/api/buyer/updates/${item._id}/open`, fan.auth)).statusCode).toBe(200);
    // Another buyer cannot count a click on this buyer's item.
    expect(
      (await call('POST', `/api/buyer/updates/${item._id}/click`, (fans[1] as typeof fan).auth)).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/buyer/updates/${item._id}/click`, fan.auth)).statusCode).toBe(200);
    t.clock.advance(HOUR);
    await insertOrder(t.db, {
      sellerId: seller.seller.id,
      buyerId: fan.buyer.id,
      createdAt: t.clock.now(),
      lines: [{ name: 'Gown', priceKobo: 2_500_000 }],
    });
    // Eight days on is outside the 7-day window.
    await insertOrder(t.db, {
      sellerId: seller.seller.id,
      buyerId: fan.buyer.id,
      createdAt: new Date(t.clock.now().getTime() + 8 * 24 * HOUR),
    });
    const results = (await call('GET', `/api/campaigns/${created._id}`, seller.auth)).json().campaign.results;
    expect(results).toEqual({
      recipients: 4,
      delivered: 4,
      opened: 1,
      clicked: 1,
      orders: 1,
      revenue: 25_000,
    });
    expect((await inbox(fan)).unreadCount).toBe(0);

    // Jobs run again deliver nothing twice.
    await t.app.audience.campaigns.tasks.batch(created._id, null);
    const count = await t.db.select().from(inboxItems).where(eq(inboxItems.campaignId, created._id));
    expect(count).toHaveLength(4);
  });

  it('allows 3 campaigns a day, counting scheduled ones on their day, and refuses the 4th', async () => {
    const seller = await sellerWithToken(t);
    for (let i = 0; i < 3; i++) expect((await campaign(seller.auth)).statusCode).toBe(201);
    const fourth = await campaign(seller.auth);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(
      'You can send at most 3 campaigns a day. Schedule this one for another day.',
    );
    const tomorrow = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    expect((await campaign(seller.auth, { scheduledAt: tomorrow })).statusCode).toBe(201);
    const summary = (await call('GET', '/api/campaigns/summary', seller.auth)).json();
    expect(summary).toMatchObject({ scheduled: 4, remainingToday: 0 });
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const seller = await sellerWithToken(t);
    const bad = [
      { title: '' },
      { attachment: { kind: 'coupon', code: 'no spaces!' } },
      { scheduledAt: new Date(t.clock.now().getTime() - 2 * HOUR).toISOString() },
      { attachment: { kind: 'product', productId: crypto.randomUUID() } },
      { audience: { kind: 'everyone' } },
    ];
    for (const over of bad) {
      const res = await campaign(seller.auth, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const list = (await call('GET', '/api/campaigns', seller.auth)).json();
    expect(list.campaigns).toEqual([]);
  });

  it("never lets a seller read or cancel another seller's campaign (BOLA)", async () => {
    const owner = await sellerWithToken(t);
    const intruder = await sellerWithToken(t);
    const at = new Date(t.clock.now().getTime() + 3 * HOUR).toISOString();
    const { campaign: mine } = (await campaign(owner.auth, { scheduledAt: at })).json();
    expect((await call('GET', `/api/campaigns/${mine._id}`, intruder.auth)).statusCode).toBe(404);
    expect((await call('POST', `/api/campaigns/${mine._id}/cancel`, intruder.auth)).statusCode).toBe(404);
    expect((await call('GET', '/api/campaigns', intruder.auth)).json().campaigns).toEqual([]);
    const cancelled = await call('POST', `/api/campaigns/${mine._id}/cancel`, owner.auth);
    expect(cancelled.json().campaign.status).toBe('cancelled');
    expect((await t.jobs.list()).map((j) => j.key)).not.toContain(`campaign:${mine._id}:send`);
    expect((await call('POST', `/api/campaigns/${mine._id}/cancel`, owner.auth)).statusCode).toBe(409);
  });
});

describe('campaign images', () => {
  it('stores an image checked by its content, serves it, and refuses anything else', async () => {
    const seller = await sellerWithToken(t);
    const upload = async (content: Buffer, filename: string) => {
      const form = multipartForm([{ field: 'image', filename, content }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/campaigns/images',
        payload: form.payload,
        headers: { ...form.headers, ...seller.auth },
      });
    };
    const ok = await upload(await png(), 'drop.png');
    expect(ok.statusCode, ok.body).toBe(201);
    const { image, url } = ok.json();
    expect(image.startsWith(`${seller.seller.id}/`)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const fake = await upload(Buffer.from('not an image at all'), 'drop.png');
    expect(fake.statusCode).toBe(400);

    const created = await campaign(seller.auth, { image });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().campaign.imageUrl).toBe(url);
    const other = await sellerWithToken(t);
    const stolen = await campaign(other.auth, { image });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('image: upload the image first');
  });
});

describe('payment reminders in the Updates inbox', () => {
  it("puts an unpaid win's reminder in the buyer's inbox beside its e-mail, once however often the job runs", async () => {
    const seller = await sellerWithToken(t);
    const buyer = await buyerWithToken(t);
    const orderId = await auctionWin(t, seller.seller.id, buyer.buyer.id);
    const remind = t.app.orders.tasks[PAYMENT_REMINDER_TASK];
    if (!remind) throw new Error('no reminder task');
    const run = { id: '1', task: PAYMENT_REMINDER_TASK, attempts: 1, maxAttempts: 1, key: null };
    await remind({ orderId, kind: 'half' }, run);
    await remind({ orderId, kind: 'half' }, run);
    const { items } = await inbox(buyer);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'payment_reminder',
      link: `/checkout/${orderId}`,
      linkLabel: 'Pay now',
    });
    expect(items[0].message).toMatch(/^You won items worth ₦20,000\.00\. Pay before /);
    await t.jobs.runDue(); // the e-mail is queued in the same transaction
    expect(t.mailer.sent.filter((m) => m.to === buyer.buyer.email)).toHaveLength(1);
  });
});
