import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, sellerOnboarding, streams } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { transactionsOf } from '@/lib/queryable.ts';
import type { ApplyOrderEvent, TrackingUpdate } from '@/modules/orders/order-ports.ts';
import { shippingRepository } from '@/modules/shipping/shipping.repository.ts';
import {
  SHIPMENT_TRACK_TASK,
  shippingService,
  shippingTasks,
  TRACKING_INTERVAL_MS,
} from '@/modules/shipping/shipping.service.ts';
import { manualShipping } from '@/modules/shipping/shipping-provider.ts';
import { terminalAfricaShipping } from '@/modules/shipping/terminal-africa.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { type FakeTerminal, startFakeTerminal } from '@/test/fake-terminal.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let fake: FakeTerminal;
beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakeTerminal();
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

/** A first attempt, as the queue would describe it. */
const run = { id: '1', task: SHIPMENT_TRACK_TASK, attempts: 1, maxAttempts: 25, key: null };

type Added = { task: string; payload: Record<string, unknown>; runAt?: Date; jobKey?: string };

/** What the service asks of its neighbours, recorded; the order's state is set as the order machine would. */
function neighbours() {
  const jobs: Added[] = [];
  const updates: Array<{ orderId: string; status: string }> = [];
  const queue: JobQueue = {
    add: async (_q, task, payload, spec) => void jobs.push({ task, payload, ...spec }),
    remove: async () => {},
  };
  const applyOrderEvent: ApplyOrderEvent = async (q, orderId, event) => {
    if (event.type !== 'ship') throw new Error(`unexpected ${event.type}`);
    await q
      .update(orders)
      .set({
        fulfilmentStatus: 'shipped',
        carrier: event.carrier,
        trackingNumber: event.trackingNumber ?? null,
      })
      .where(eq(orders.id, orderId));
  };
  const trackingUpdate: TrackingUpdate = async (q, update) => {
    updates.push({ orderId: update.orderId, status: update.status });
    await q.update(orders).set({ fulfilmentStatus: update.status }).where(eq(orders.id, update.orderId));
  };
  return { jobs, updates, queue, applyOrderEvent, trackingUpdate };
}

function serviceWith(
  n: ReturnType<typeof neighbours>,
  provider = terminalAfricaShipping({ baseUrl: fake.url, secretKey: fake.secretKey }),
) {
  return shippingService({
    repo: shippingRepository(),
    db: t.db,
    transaction: transactionsOf(t.db),
    provider,
    jobs: n.queue,
    clock: t.clock,
    applyOrderEvent: n.applyOrderEvent,
    trackingUpdate: n.trackingUpdate,
    log: pino({ level: 'silent' }),
  });
}

async function sellerWithWarehouse() {
  const s = await sellerWithToken(t);
  await t.db.insert(sellerOnboarding).values({
    sellerId: s.seller.id,
    warehouseDetails: {
      name: 'Bola Ade',
      contactNumber: '+2348031234567',
      address: {
        country: 'Nigeria',
        state: 'Lagos',
        city: 'Ikeja',
        addressLine1: '12 Allen Avenue',
        zipCode: '100001',
      },
    },
  });
  return s;
}

async function paidOrder(sellerId: string, over: Partial<typeof orders.$inferInsert> = {}) {
  const buyer = await buyerWithToken(t, 'Ada Obi');
  const [order] = await t.db
    .insert(orders)
    .values({
      sellerId,
      buyerId: buyer.buyer.id,
      source: 'buy_now',
      paymentStatus: 'paid',
      paymentMethod: 'online',
      deliveryMethod: 'seller',
      deliveryAddress: {
        fullName: 'Ada Obi',
        phoneNumber: '+2348051112222',
        state: 'Federal Capital Territory',
        city: 'Wuse',
        addressLine1: '4 Aminu Kano Crescent',
      },
      subtotalKobo: 1_500_000,
      deliveryFeeKobo: 250_000,
      totalKobo: 1_750_000,
      ...over,
    })
    .returning();
  if (!order) throw new Error('no order');
  await t.db.insert(orderLines).values({
    orderId: order.id,
    productName: 'Ankara dress',
    variant: [{ name: 'Size', value: 'M' }],
    unitPriceKobo: 1_500_000,
    quantity: 1,
  });
  return order;
}

describe('booking a paid order with a carrier', () => {
  it('quotes from the pickup address to the buyer, cheapest first, in naira', async () => {
    const { seller } = await sellerWithWarehouse();
    const order = await paidOrder(seller.id);
    const { rates } = await serviceWith(neighbours()).quotes(seller.id, order.id);
    expect(rates.map((r) => r.carrier)).toEqual(['GIG Logistics', 'DHL Express']);
    expect(rates[0]?.amount).toBe(2700);
    expect(fake.requests.at(-1)?.body).toMatchObject({
      pickup_address: { line1: '12 Allen Avenue', state: 'Lagos' },
      delivery_address: { first_name: 'Ada', last_name: 'Obi', state: 'Federal Capital Territory' },
    });
  });

  it('books, marks the order shipped with the carrier and tracking number, and plans the first tracking check', async () => {
    const { seller } = await sellerWithWarehouse();
    const order = await paidOrder(seller.id);
    const n = neighbours();
    const service = serviceWith(n);
    const [rate] = (await service.quotes(seller.id, order.id)).rates;
    const answer = await service.book(seller.id, order.id, rate?.rateId ?? '');
    expect(answer.message).toBe('Booked with GIG Logistics');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      fulfilmentStatus: 'shipped',
      carrier: 'GIG Logistics',
      trackingNumber: answer.shipment.trackingNumber,
      trackingUrl: answer.shipment.trackingUrl,
      labelUrl: answer.shipment.labelUrl,
    });
    expect(row?.shipmentRef).toMatch(/^SH-/);
    expect(n.jobs).toEqual([
      {
        task: SHIPMENT_TRACK_TASK,
        payload: { orderId: order.id },
        runAt: new Date(t.clock.now().getTime() + TRACKING_INTERVAL_MS),
        jobKey: `order:${order.id}:tracking`,
      },
    ]);
  });

  it('refuses another seller’s order, an unpaid order, a pickup order and one already sent', async () => {
    const { seller } = await sellerWithWarehouse();
    const other = await sellerWithWarehouse();
    const service = serviceWith(neighbours());
    const order = await paidOrder(seller.id);
    await expect(service.quotes(other.seller.id, order.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.book(other.seller.id, order.id, 'RT-1')).rejects.toMatchObject({ statusCode: 404 });
    const unpaid = await paidOrder(seller.id, { paymentStatus: 'awaiting_payment' });
    await expect(service.quotes(seller.id, unpaid.id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This order is not paid yet',
    });
    const pickup = await paidOrder(seller.id, { deliveryMethod: 'pickup', deliveryAddress: null });
    await expect(service.quotes(seller.id, pickup.id)).rejects.toMatchObject({ statusCode: 409 });
    const sent = await paidOrder(seller.id, { fulfilmentStatus: 'shipped' });
    await expect(service.book(seller.id, sent.id, 'RT-1')).rejects.toMatchObject({ statusCode: 409 });
  });

  it('without a pickup address asks for one; without a carrier API explains how to ship by hand; a carrier refusal is a 502 with its reason', async () => {
    const { seller } = await sellerWithToken(t);
    const order = await paidOrder(seller.id);
    await expect(serviceWith(neighbours()).quotes(seller.id, order.id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Add your pickup address in Settings before booking a carrier',
    });
    const withAddress = await sellerWithWarehouse();
    const order2 = await paidOrder(withAddress.seller.id);
    await expect(
      serviceWith(neighbours(), manualShipping).quotes(withAddress.seller.id, order2.id),
    ).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringContaining('type its tracking number'),
    });
    fake.failNext(400, 'Rate has expired');
    await expect(
      serviceWith(neighbours()).book(withAddress.seller.id, order2.id, 'RT-old'),
    ).rejects.toMatchObject({
      statusCode: 502,
      message: 'Terminal Africa refused: Rate has expired',
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order2.id));
    expect(row?.fulfilmentStatus).toBe('unfulfilled');
  });
});

describe('tracking a booked shipment', () => {
  it('moves the order to in transit, then delivered, and stops asking once delivered', async () => {
    const { seller } = await sellerWithWarehouse();
    const order = await paidOrder(seller.id);
    const n = neighbours();
    const service = serviceWith(n);
    const track = shippingTasks(service)[SHIPMENT_TRACK_TASK];
    await service.book(seller.id, order.id, 'RT-GIG-x');
    const [{ shipmentRef } = { shipmentRef: null }] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.id));

    await track?.({ orderId: order.id }, run);
    expect(n.updates).toEqual([]);
    expect(n.jobs).toHaveLength(2);

    fake.setStatus(shipmentRef ?? '', 'in-transit', 'Left the Lagos hub');
    await track?.({ orderId: order.id }, run);
    await track?.({ orderId: order.id }, run);
    expect(n.updates).toEqual([{ orderId: order.id, status: 'in_transit' }]);

    fake.setStatus(shipmentRef ?? '', 'delivered');
    await track?.({ orderId: order.id }, run);
    expect(n.updates.at(-1)).toEqual({ orderId: order.id, status: 'delivered' });
    const jobsBefore = n.jobs.length;
    await track?.({ orderId: order.id }, run);
    expect(n.jobs).toHaveLength(jobsBefore);
    expect(n.updates).toHaveLength(2);
  });

  it('a malformed job payload is refused, not run', async () => {
    const track = shippingTasks(serviceWith(neighbours()))[SHIPMENT_TRACK_TASK];
    await expect(track?.({ orderId: 'not-a-uuid' }, run)).rejects.toThrow();
  });
});

describe('packing documents of the seller’s own orders and shows', () => {
  const textOf = async (pdf: Buffer) => (await new PDFParse({ data: pdf }).getText()).text;

  it('a packing slip of the seller’s order; another seller gets not found', async () => {
    const { seller } = await sellerWithWarehouse();
    const other = await sellerWithWarehouse();
    const order = await paidOrder(seller.id);
    const service = serviceWith(neighbours());
    const slip = await service.packingSlip(seller.id, order.id);
    expect(slip.filename).toBe(`packing-slip-KSW-${order.number}.pdf`);
    expect(await textOf(slip.pdf)).toContain('Ankara dress — M');
    await expect(service.packingSlip(other.seller.id, order.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a show’s packing list has its paid and pay-on-delivery orders, not the unpaid or cancelled ones', async () => {
    const { seller } = await sellerWithWarehouse();
    const other = await sellerWithWarehouse();
    const [category] = await t.db.query.categories.findMany({ limit: 1 });
    const [show] = await t.db
      .insert(streams)
      .values({
        sellerId: seller.id,
        type: 'live_auction',
        title: 'Friday Ankara drop',
        categoryId: category?.id ?? '',
        scheduledStartTime: t.clock.now(),
      })
      .returning();
    const streamId = show?.id ?? '';
    const paid = await paidOrder(seller.id, { streamId });
    const pod = await paidOrder(seller.id, {
      streamId,
      paymentMethod: 'pay_on_delivery',
      paymentStatus: 'pay_on_delivery_pending',
    });
    const unpaid = await paidOrder(seller.id, { streamId, paymentStatus: 'awaiting_payment' });
    const cancelled = await paidOrder(seller.id, { streamId, fulfilmentStatus: 'cancelled' });
    const service = serviceWith(neighbours());
    const text = await textOf((await service.packingList(seller.id, streamId)).pdf);
    expect(text).toContain('Packing list — Friday Ankara drop');
    expect(text).toContain(`KSW-${paid.number}`);
    expect(text).toContain(`KSW-${pod.number}`);
    expect(text).not.toContain(`KSW-${unpaid.number}`);
    expect(text).not.toContain(`KSW-${cancelled.number}`);
    await expect(service.packingList(other.seller.id, streamId)).rejects.toMatchObject({ statusCode: 404 });
  });
});
