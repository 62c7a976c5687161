import type { Notification } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, sellerDeliverySettings, streamProducts } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { firstRun } from '@/test/jobs.ts';
import { bid, createAuction, liveAuction, post, productsOf } from '@/test/live.ts';
import {
  linesOf,
  orderRow,
  recordingJobs,
  soldAuction,
  stockOf,
  tableStock,
  timelineOf,
} from '@/test/orders.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
const jobs = recordingJobs();
beforeAll(async () => {
  t = await buildTestApp({ jobs, stock: tableStock() });
});
afterAll(() => t.close());

const notificationsOf = async (auth: { authorization: string }) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: auth })).json()
    .notifications as Notification[];

const ordersOfShow = (streamId: string) => t.db.select().from(orders).where(eq(orders.streamId, streamId));

describe('auction wins', () => {
  it("bundles one buyer's wins in a show into one order, and another buyer's into another", async () => {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');
    const { stream, productIds } = await soldAuction(t, seller, [
      [[ada.auth, 1000]],
      [[ada.auth, 2500]],
      [[ben.auth, 4000]],
    ]);

    const rows = await ordersOfShow(stream._id);
    expect(rows).toHaveLength(2);
    const adas = rows.find((o) => o.buyerId === ada.buyer.id);
    const bens = rows.find((o) => o.buyerId === ben.buyer.id);
    expect(adas).toMatchObject({
      subtotalKobo: 350_000,
      totalKobo: 350_000,
      paymentStatus: 'awaiting_payment',
    });
    expect(bens).toMatchObject({ totalKobo: 400_000 });
    const lines = await linesOf(t, adas?.id ?? '');
    expect(lines.map((l) => [l.productId, l.unitPriceKobo]).sort()).toEqual(
      [
        [productIds[0], 100_000],
        [productIds[1], 250_000],
      ].sort(),
    );
    expect(await timelineOf(t, adas?.id ?? '')).toEqual(['created', 'item_added']);

    // One new_order per order; the second win is an update of the same order.
    const notes = await notificationsOf(seller.auth);
    const newOrders = notes.filter((n) => n.type === 'new_order');
    expect(newOrders.map((n) => n.data.orderId).sort()).toEqual([adas?.id, bens?.id].sort());
    expect(
      notes.find((n) => n.type === 'order_status_update' && n.data.orderId === adas?.id)?.message,
    ).toMatch(/^Ada also won Lot 2 for ₦2,500\.00; it joins their order KSW-\d+ \(now ₦3,500\.00\)\.$/);
    // Each won unit left stock.
    for (const id of productIds) expect(await stockOf(t, id)).toBe(0);
  });

  it('makes one order when two wins of the same buyer close at the same moment', async () => {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const productIds = await productsOf(t, seller.seller.id, 2);
    const stream = await createAuction(t.app, t, seller.auth, productIds);
    const items = await t.db.select().from(streamProducts).where(eq(streamProducts.streamId, stream._id));
    const win = (item: (typeof items)[number]) =>
      t.db.transaction((tx) =>
        t.app.orders.recordAuctionWin(tx, {
          sellerId: seller.seller.id,
          buyerId: ada.buyer.id,
          streamId: stream._id,
          streamProductId: item.id,
          productId: item.productId,
          productName: item.productName,
          productImage: null,
          variant: [],
          amountKobo: 150_000,
          now: t.clock.now(),
        }),
      );
    const answers = await Promise.all(items.map(win));
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    const [order] = await ordersOfShow(stream._id);
    expect(order).toMatchObject({ totalKobo: 300_000 });
    expect(await linesOf(t, order?.id ?? '')).toHaveLength(2);
  });

  it('runs the payment window from the first win, with the seller’s hours, and schedules two reminders', async () => {
    const seller = await sellerWithToken(t);
    await t.db.insert(sellerDeliverySettings).values({ sellerId: seller.seller.id, paymentWindowHours: 48 });
    const ada = await buyerWithToken(t, 'Ada');
    const firstWinAt = t.clock.now().getTime();
    const { stream } = await soldAuction(t, seller, [[[ada.auth, 1000]], [[ada.auth, 1000]]]);
    const [order] = await ordersOfShow(stream._id);
    if (!order) throw new Error('no order');
    // The first close happened 31 s after the auction's start.
    const dueAt = firstWinAt + 31_000 + 48 * 3_600_000;
    expect(order.paymentDueAt?.getTime()).toBe(dueAt);
    expect(jobs.pending.get(`order:${order.id}:payment-window`)).toMatchObject({
      task: 'order.payment-window',
      payload: { orderId: order.id },
      runAt: new Date(dueAt),
    });
    expect(jobs.pending.get(`order:${order.id}:payment-reminder:last`)?.runAt).toEqual(
      new Date(dueAt - 2 * 3_600_000),
    );
    expect(jobs.pending.get(`order:${order.id}:payment-reminder:half`)?.runAt).toEqual(
      new Date(dueAt - 24 * 3_600_000),
    );
  });

  it('records a win whose unit sold out meanwhile, with a stock_short entry for the seller', async () => {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const productIds = await productsOf(t, seller.seller.id, 1);
    const productId = productIds[0] as string;
    const stream = await liveAuction(t.app, t, seller.auth, productIds, {
      startingBid: 1000,
      durationSeconds: 30,
    });
    expect((await bid(t.app, ada.auth, stream._id, productId, 1000)).statusCode).toBe(200);
    // Sold elsewhere (a Buy now) while the auction ran.
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, productId));
    t.clock.advance(31_000);
    await t.app.auctions.tick();
    const [order] = await ordersOfShow(stream._id);
    expect(order).toMatchObject({ buyerId: ada.buyer.id, totalKobo: 100_000 });
    expect(await timelineOf(t, order?.id ?? '')).toEqual(['created', 'stock_short']);
    expect(await stockOf(t, productId)).toBe(0);
  });
});

describe('the payment window', () => {
  it('does nothing before it closes, then cancels the unpaid order, puts stock back and tells both sides', async () => {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const { stream, productIds } = await soldAuction(t, seller, [[[ada.auth, 1000]]]);
    const [order] = await ordersOfShow(stream._id);
    if (!order?.paymentDueAt) throw new Error('no order');
    const expire = t.app.orders.tasks['order.payment-window'];
    if (!expire) throw new Error('no task');

    t.clock.set(new Date(order.paymentDueAt.getTime() - 1));
    await expire({ orderId: order.id }, firstRun);
    expect((await orderRow(t, order.id)).fulfilmentStatus).toBe('unfulfilled');
    expect(await stockOf(t, productIds[0] as string)).toBe(0);

    t.clock.set(order.paymentDueAt);
    const mailsBefore = t.mailer.sent.length;
    await expire({ orderId: order.id }, firstRun);
    expect(await orderRow(t, order.id)).toMatchObject({
      fulfilmentStatus: 'cancelled',
      paymentStatus: 'awaiting_payment',
      cancelReason: 'Not paid within the payment window',
    });
    expect(await stockOf(t, productIds[0] as string)).toBe(1);
    const cancelled = (await notificationsOf(seller.auth)).find((n) => n.type === 'order_cancelled');
    expect(cancelled).toMatchObject({ title: 'Order cancelled', data: { orderId: order.id } });
    expect(cancelled?.message).toMatch(/was cancelled: Ada did not pay ₦1,000\.00 in time/);
    await t.jobs.runDue();
    const mail = t.mailer.sent.slice(mailsBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: ada.buyer.email, subject: expect.stringMatching(/was cancelled$/) });

    // Run again (a retried job): nothing more happens.
    await expire({ orderId: order.id }, firstRun);
    expect(await stockOf(t, productIds[0] as string)).toBe(1);
    expect(await timelineOf(t, order.id)).toEqual(['created', 'expired']);
  });

  it('e-mails the buyer a payment link once per reminder, and not after the order is paid', async () => {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const { stream } = await soldAuction(t, seller, [[[ada.auth, 1000]]]);
    const [order] = await ordersOfShow(stream._id);
    if (!order) throw new Error('no order');
    const remind = t.app.orders.tasks['order.payment-reminder'];
    if (!remind) throw new Error('no task');
    const before = t.mailer.sent.length;
    await remind({ orderId: order.id, kind: 'half' }, firstRun);
    await remind({ orderId: order.id, kind: 'half' }, firstRun);
    await t.jobs.runDue();
    const sent = t.mailer.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`/checkout/${order.id}`);
    expect(await timelineOf(t, order.id)).toEqual(['created', 'payment_reminder']);

    await t.db.transaction((tx) =>
      t.app.orders.paymentSucceeded(tx, {
        orderId: order.id,
        reference: 'r',
        provider: 'local',
        paidKobo: order.totalKobo,
      }),
    );
    await remind({ orderId: order.id, kind: 'last' }, firstRun);
    await t.jobs.runDue();
    expect(t.mailer.sent.length).toBe(before + 1);
  });
});

describe('payments', () => {
  async function unpaidWin() {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const { stream, productIds } = await soldAuction(t, seller, [[[ada.auth, 1000]]]);
    const [order] = await ordersOfShow(stream._id);
    if (!order) throw new Error('no order');
    return { seller, ada, order, productId: productIds[0] as string };
  }
  const pay = (orderId: string, paidKobo: number, reference = `ref-${paidKobo}-${orderId}`) =>
    t.db.transaction((tx) =>
      t.app.orders.paymentSucceeded(tx, { orderId, reference, provider: 'local', paidKobo }),
    );

  it('marks the order paid, stops its window and starts the ship reminder 2 business days on', async () => {
    // Friday 16:00 in Lagos.
    t.clock.set(new Date('2026-01-16T15:00:00Z'));
    const { seller, order } = await unpaidWin();
    await pay(order.id, order.totalKobo);
    const paid = await orderRow(t, order.id);
    expect(paid).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'online',
      fulfilmentStatus: 'unfulfilled',
    });
    expect(jobs.pending.has(`order:${order.id}:payment-window`)).toBe(false);
    expect(jobs.pending.has(`order:${order.id}:payment-reminder:half`)).toBe(false);
    const reminder = jobs.pending.get(`order:${order.id}:ship-reminder`);
    expect(reminder?.task).toBe('order.ship-reminder');
    // Paid on Friday: Monday and Tuesday are the two business days.
    expect(reminder?.runAt?.toISOString()).toBe(
      new Date((paid.paidAt?.getTime() ?? 0) + 4 * 86_400_000).toISOString(),
    );
    const note = (await notificationsOf(seller.auth)).find((n) => n.type === 'order_paid');
    expect(note?.message).toMatch(/^Ada paid ₦1,000\.00 for KSW-\d+\. Ship it within 2 business days\.$/);

    const remindShip = t.app.orders.tasks['order.ship-reminder'];
    if (!remindShip) throw new Error('no task');
    // Monday: not yet.
    t.clock.set(new Date('2026-01-19T16:00:00Z'));
    await remindShip({ orderId: order.id }, firstRun);
    expect((await notificationsOf(seller.auth)).some((n) => n.type === 'order_reminder')).toBe(false);
    // Tuesday afternoon, still not shipped: one reminder, however often the job runs.
    t.clock.set(new Date('2026-01-20T16:00:00Z'));
    await remindShip({ orderId: order.id }, firstRun);
    await remindShip({ orderId: order.id }, firstRun);
    const reminders = (await notificationsOf(seller.auth)).filter((n) => n.type === 'order_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ title: 'Order waiting to ship', data: { orderId: order.id } });
  });

  it('keeps an order unpaid when the amount paid is not its total, and says so on the timeline', async () => {
    const { seller, order } = await unpaidWin();
    await pay(order.id, order.totalKobo - 100);
    expect((await orderRow(t, order.id)).paymentStatus).toBe('awaiting_payment');
    expect(await timelineOf(t, order.id)).toEqual(['created', 'payment_mismatch']);
    expect(jobs.pending.has(`order:${order.id}:payment-window`)).toBe(true);
    const note = (await notificationsOf(seller.auth)).find((n) => n.title === 'Payment needs attention');
    expect(note?.message).toMatch(/₦999\.00 .* does not match its total of ₦1,000\.00/);
  });

  it('reopens an expired order paid late when its stock can be taken again', async () => {
    const { order, productId } = await unpaidWin();
    t.clock.set(order.paymentDueAt ?? new Date());
    await t.app.orders.tasks['order.payment-window']?.({ orderId: order.id }, firstRun);
    expect(await stockOf(t, productId)).toBe(1);
    await pay(order.id, order.totalKobo);
    expect(await orderRow(t, order.id)).toMatchObject({
      paymentStatus: 'paid',
      fulfilmentStatus: 'unfulfilled',
      cancelReason: null,
    });
    expect(await stockOf(t, productId)).toBe(0);
    expect(await timelineOf(t, order.id)).toEqual(['created', 'expired', 'reopened']);
  });

  it('records a refund due for a late payment when the stock has gone meanwhile', async () => {
    const { order, productId } = await unpaidWin();
    t.clock.set(order.paymentDueAt ?? new Date());
    await t.app.orders.tasks['order.payment-window']?.({ orderId: order.id }, firstRun);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, productId));
    await pay(order.id, order.totalKobo);
    expect(await orderRow(t, order.id)).toMatchObject({
      paymentStatus: 'paid',
      fulfilmentStatus: 'cancelled',
    });
    expect(await timelineOf(t, order.id)).toEqual(['created', 'expired', 'refund_due']);
  });
});

describe('second chance', () => {
  it('offers a cancelled win to the runner-up at their last bid, e-mails them and records it on both orders', async () => {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const ben = await buyerWithToken(t, 'Ben');
    const { stream, productIds } = await soldAuction(t, seller, [
      [
        [ben.auth, 1000],
        [ada.auth, 1100],
        [ben.auth, 1200],
        [ada.auth, 1300],
      ],
    ]);
    const [won] = await ordersOfShow(stream._id);
    if (!won?.paymentDueAt) throw new Error('no order');
    const act = (body: object) => post(t.app, `/api/orders/${won.id}/actions`, seller.auth, body);

    expect((await act({ action: 'second_chance' })).statusCode).toBe(409);
    t.clock.set(won.paymentDueAt);
    await t.app.orders.tasks['order.payment-window']?.({ orderId: won.id }, firstRun);
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${won.id}`, headers: seller.auth });
    expect(detail.json().order.allowedActions).toEqual(['second_chance']);

    await t.jobs.runDue(); // the expiry's own e-mail to Ada goes first
    const before = t.mailer.sent.length;
    const res = await act({ action: 'second_chance' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Offered to the runner-up', order: { allowedActions: [] } });
    const offered = (await ordersOfShow(stream._id)).find((o) => o.buyerId === ben.buyer.id);
    expect(offered).toMatchObject({
      totalKobo: 120_000,
      paymentStatus: 'awaiting_payment',
      fulfilmentStatus: 'unfulfilled',
    });
    expect((await linesOf(t, offered?.id ?? ''))[0]).toMatchObject({
      productId: productIds[0],
      unitPriceKobo: 120_000,
    });
    expect(await timelineOf(t, offered?.id ?? '')).toEqual(['created', 'second_chance']);
    expect(await timelineOf(t, won.id)).toEqual(['created', 'expired', 'second_chance_offered']);
    expect(offered?.paymentDueAt?.getTime()).toBe(t.clock.now().getTime() + 24 * 3_600_000);
    expect(jobs.pending.has(`order:${offered?.id}:payment-window`)).toBe(true);
    await t.jobs.runDue();
    const mail = t.mailer.sent.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: ben.buyer.email });
    expect(mail[0]?.text).toContain('₦1,200.00');
    expect(await stockOf(t, productIds[0] as string)).toBe(0);

    // Once only.
    const again = await act({ action: 'second_chance' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order was already offered to the runner-up');
  });

  it('answers 409 when nobody else bid', async () => {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const { stream } = await soldAuction(t, seller, [[[ada.auth, 1000]]]);
    const [won] = await ordersOfShow(stream._id);
    if (!won?.paymentDueAt) throw new Error('no order');
    t.clock.set(won.paymentDueAt);
    await t.app.orders.tasks['order.payment-window']?.({ orderId: won.id }, firstRun);
    const res = await post(t.app, `/api/orders/${won.id}/actions`, seller.auth, { action: 'second_chance' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Nobody else bid on these items, so there is no runner-up to offer them to',
    );
  });
});
