import type { Notification, OrderDetail } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { post } from '@/test/live.ts';
import {
  checkedOut,
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

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;

/** One auction win of Ada's (₦1,000), checked out as asked. */
async function orderOf(seller: Seller, over: Parameters<typeof checkedOut>[2] = {}) {
  const ada = await buyerWithToken(t, 'Ada');
  const { stream, productIds } = await soldAuction(t, seller, [[[ada.auth, 1000]]]);
  const [order] = await t.db.select().from(orders).where(eq(orders.streamId, stream._id));
  if (!order) throw new Error('no order');
  await checkedOut(t, order.id, over);
  return { id: order.id, productId: productIds[0] as string, ada };
}

const detail = (id: string, auth: Auth) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: auth });
const act = (id: string, auth: Auth, body: object) => post(t.app, `/api/orders/${id}/actions`, auth, body);
const notes = async (auth: Auth) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: auth })).json()
    .notifications as Notification[];

describe('GET /api/orders/{id}', () => {
  it('answers the order with its lines, timeline and the actions its state allows', async () => {
    const seller = await sellerWithToken(t);
    const { id, productId, ada } = await orderOf(seller);
    const res = await detail(id, seller.auth);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order as OrderDetail;
    expect(order).toMatchObject({
      _id: id,
      number: expect.stringMatching(/^KSW-\d{6}$/),
      source: 'auction',
      buyer: { _id: ada.buyer.id, name: 'Ada', email: ada.buyer.email, state: 'Lagos' },
      itemCount: 1,
      lines: [{ productId, name: 'Lot 1', unitPrice: 1000, quantity: 1, lineTotal: 1000 }],
      subtotal: 1000,
      deliveryFee: 0,
      total: 1000,
      paymentStatus: 'paid',
      fulfilmentStatus: 'unfulfilled',
      paymentMethod: 'online',
      deliveryMethod: 'seller',
      show: { title: 'Friday phones' },
      allowedActions: ['ship', 'cancel'],
    });
    expect(order.timeline.map((e) => [e.type, e.actor])).toEqual([
      ['created', 'system'],
      ['paid', 'system'],
    ]);
  });

  it('answers 404 for an order that is not there or is another seller’s, 400 for a bad id, 401 without a token', async () => {
    const seller = await sellerWithToken(t);
    const other = await sellerWithToken(t);
    const { id } = await orderOf(seller);
    expect((await detail(id, other.auth)).json()).toEqual({ message: 'Order not found' });
    expect((await detail(id, other.auth)).statusCode).toBe(404);
    expect((await detail('5b1f7a3e-2b9c-4f6e-9d1a-0c3e4f5a6b7c', seller.auth)).statusCode).toBe(404);
    const bad = await detail('nope', seller.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Order not found/);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/orders/{id}/actions', () => {
  it('ships with a carrier and tracking number, then in transit, then delivered, telling the seller each time', async () => {
    const seller = await sellerWithToken(t);
    const { id } = await orderOf(seller);
    expect(jobs.pending.has(`order:${id}:ship-reminder`)).toBe(true);

    const shipped = await act(id, seller.auth, {
      action: 'ship',
      carrier: 'GIG Logistics',
      trackingNumber: 'GIG123',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      message: 'Order marked as shipped',
      order: {
        fulfilmentStatus: 'shipped',
        carrier: 'GIG Logistics',
        trackingNumber: 'GIG123',
        allowedActions: ['in_transit', 'delivered'],
      },
    });
    expect(jobs.pending.has(`order:${id}:ship-reminder`)).toBe(false);
    expect((await act(id, seller.auth, { action: 'in_transit' })).json().order.fulfilmentStatus).toBe(
      'in_transit',
    );
    const delivered = await act(id, seller.auth, { action: 'delivered' });
    expect(delivered.json()).toMatchObject({ order: { fulfilmentStatus: 'delivered', allowedActions: [] } });
    expect(await timelineOf(t, id)).toEqual(['created', 'paid', 'shipped', 'in_transit', 'delivered']);
    const types = (await notes(seller.auth)).filter((n) => n.data.orderId === id).map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['order_shipped', 'order_in_transit', 'order_delivered']));
    const shippedNote = (await notes(seller.auth)).find((n) => n.type === 'order_shipped');
    expect(shippedNote?.message).toMatch(/^KSW-\d+ is on its way to Ada with GIG Logistics\.$/);
  });

  it('refuses to ship an unpaid order (409) and changes nothing', async () => {
    const seller = await sellerWithToken(t);
    const { id } = await orderOf(seller, { pay: 'none' });
    const res = await act(id, seller.auth, { action: 'ship', carrier: 'GIG' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The order is not paid yet' });
    expect(await orderRow(t, id)).toMatchObject({ fulfilmentStatus: 'unfulfilled', carrier: null });
    expect(await timelineOf(t, id)).toEqual(['created']);
  });

  it('hands a pickup order over only with the buyer’s pickup code', async () => {
    const seller = await sellerWithToken(t);
    const { id } = await orderOf(seller, { deliveryMethod: 'pickup' });
    const ready = await act(id, seller.auth, { action: 'ready_for_pickup' });
    expect(ready.json()).toMatchObject({
      message: 'Order marked ready for pickup',
      order: { fulfilmentStatus: 'ready_for_pickup', allowedActions: ['picked_up', 'cancel'] },
    });
    const code = (await orderRow(t, id)).pickupCode ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await act(id, seller.auth, { action: 'picked_up', pickupCode: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'The pickup code does not match' });
    const malformed = await act(id, seller.auth, { action: 'picked_up', pickupCode: '12' });
    expect(malformed.statusCode).toBe(400);
    const done = await act(id, seller.auth, { action: 'picked_up', pickupCode: code });
    expect(done.json().order.fulfilmentStatus).toBe('picked_up');
    expect((await notes(seller.auth)).find((n) => n.type === 'order_picked_up')?.message).toMatch(
      /^Ada picked up KSW-/,
    );
  });

  it('collects a pay-on-delivery payment when the seller says so', async () => {
    const seller = await sellerWithToken(t);
    const { id } = await orderOf(seller, { pay: 'pay_on_delivery' });
    expect((await detail(id, seller.auth)).json().order.allowedActions).toEqual([
      'ship',
      'collect_payment',
      'cancel',
    ]);
    await act(id, seller.auth, { action: 'ship', carrier: 'Kwik' });
    const res = await act(id, seller.auth, { action: 'collect_payment' });
    expect(res.json()).toMatchObject({
      message: 'Payment marked as collected',
      order: { paymentStatus: 'pay_on_delivery_collected' },
    });
  });

  it('cancels a paid order with a reason, puts its stock back and records the refund due', async () => {
    const seller = await sellerWithToken(t);
    const { id, productId } = await orderOf(seller);
    expect(await stockOf(t, productId)).toBe(0);
    const res = await act(id, seller.auth, { action: 'cancel', reason: 'Damaged in the store' });
    expect(res.json()).toMatchObject({
      message: 'Order cancelled',
      order: { fulfilmentStatus: 'cancelled', paymentStatus: 'paid', cancelReason: 'Damaged in the store' },
    });
    expect(await stockOf(t, productId)).toBe(1);
    const note = (await notes(seller.auth)).find((n) => n.type === 'order_cancelled');
    expect(note?.message).toMatch(/was cancelled: Damaged in the store\. ₦1,000\.00 is due back to Ada\.$/);
    const again = await act(id, seller.auth, { action: 'cancel', reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already cancelled');
  });

  it('validates the body with the contract (400) and hides another seller’s order (404)', async () => {
    const seller = await sellerWithToken(t);
    const other = await sellerWithToken(t);
    const { id } = await orderOf(seller);
    const noCarrier = await act(id, seller.auth, { action: 'ship' });
    expect(noCarrier.statusCode).toBe(400);
    expect((await act(id, seller.auth, { action: 'teleport' })).statusCode).toBe(400);
    const stranger = await act(id, other.auth, { action: 'cancel', reason: 'Mine now' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'Order not found' });
    expect((await orderRow(t, id)).fulfilmentStatus).toBe('unfulfilled');
    expect((await post(t.app, `/api/orders/${id}/actions`, {}, { action: 'in_transit' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/orders/bulk-ship', () => {
  it('ships each order it can and says why the others could not, another seller’s included', async () => {
    const seller = await sellerWithToken(t);
    const other = await sellerWithToken(t);
    const paid = await orderOf(seller);
    const unpaid = await orderOf(seller, { pay: 'none' });
    const theirs = await orderOf(other);
    const res = await post(t.app, '/api/orders/bulk-ship', seller.auth, {
      orderIds: [paid.id, unpaid.id, theirs.id, paid.id],
      carrier: 'GIG Logistics',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: '1 order marked as shipped; 2 orders could not be',
      shipped: [paid.id],
      failed: [
        { orderId: unpaid.id, message: 'The order is not paid yet' },
        { orderId: theirs.id, message: 'Order not found' },
      ],
    });
    expect(await orderRow(t, paid.id)).toMatchObject({
      fulfilmentStatus: 'shipped',
      carrier: 'GIG Logistics',
    });
    expect((await orderRow(t, theirs.id)).fulfilmentStatus).toBe('unfulfilled');
  });

  it('validates the body (400) and needs a seller (401)', async () => {
    const seller = await sellerWithToken(t);
    expect(
      (await post(t.app, '/api/orders/bulk-ship', seller.auth, { orderIds: [], carrier: 'GIG' })).statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/orders/bulk-ship', seller.auth, { orderIds: ['x'], carrier: 'GIG' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/orders/bulk-ship', {}, { orderIds: [], carrier: 'GIG' })).statusCode,
    ).toBe(401);
  });
});

describe('the ports other modules call', () => {
  it('moves a shipped order along on carrier updates, a repeated update changing nothing', async () => {
    const seller = await sellerWithToken(t);
    const { id } = await orderOf(seller);
    await act(id, seller.auth, { action: 'ship', carrier: 'GIG' });
    const update = (status: 'in_transit' | 'delivered') =>
      t.db.transaction((tx) => t.app.orders.trackingUpdate(tx, { orderId: id, status, at: t.clock.now() }));
    await update('in_transit');
    await update('in_transit');
    await update('delivered');
    expect((await orderRow(t, id)).fulfilmentStatus).toBe('delivered');
    expect(await timelineOf(t, id)).toEqual(['created', 'paid', 'shipped', 'in_transit', 'delivered']);
  });

  it('refuses an event the state does not allow with a ConflictError, writing nothing', async () => {
    const seller = await sellerWithToken(t);
    const { id } = await orderOf(seller, { pay: 'none' });
    const refused = await t.db
      .transaction((tx) => t.app.orders.applyOrderEvent(tx, id, { type: 'delivered' }, 'seller'))
      .catch((err: Error) => err);
    expect(refused).toMatchObject({
      statusCode: 409,
      message: 'Only a shipped order can be marked delivered',
    });
    expect(await timelineOf(t, id)).toEqual(['created']);
  });
});
