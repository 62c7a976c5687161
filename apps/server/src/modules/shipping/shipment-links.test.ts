import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, sellerOnboarding } from '@/db/schema/index.ts';
import { terminalAfricaShipping } from '@/modules/shipping/terminal-africa.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { type FakeTerminal, startFakeTerminal } from '@/test/fake-terminal.ts';
import { sellerWithToken } from '@/test/sellers.ts';

/*
 * Migration 0014: a shipment booked through the carrier API keeps its tracking page and label on
 * the order, and both order screens (the seller's and the buyer's) answer them, over HTTP on the
 * whole app with the Terminal Africa stand-in as its carrier.
 */

let t: TestApp;
let fake: FakeTerminal;
beforeAll(async () => {
  fake = await startFakeTerminal();
  t = await buildTestApp({
    shipping: terminalAfricaShipping({ baseUrl: fake.url, secretKey: fake.secretKey }),
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

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

async function paidOrder(sellerId: string) {
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
      paidAt: t.clock.now(),
    })
    .returning();
  if (!order) throw new Error('no order');
  await t.db.insert(orderLines).values({
    orderId: order.id,
    productName: 'Ankara dress',
    variant: [],
    unitPriceKobo: 1_500_000,
    quantity: 1,
  });
  return { order, buyer };
}

describe('migration 0014 order tracking links', () => {
  it('adds nullable text columns tracking_url and label_url to orders', async () => {
    const { rows } = await t.db.execute<{ column_name: string; data_type: string; is_nullable: string }>(
      sql`select column_name, data_type, is_nullable from information_schema.columns
          where table_name = 'orders' and column_name in ('tracking_url', 'label_url') order by column_name`,
    );
    expect(rows).toEqual([
      { column_name: 'label_url', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'tracking_url', data_type: 'text', is_nullable: 'YES' },
    ]);
  });
});

describe('a booked shipment’s tracking page and label', () => {
  it('are kept on the order and answered to its seller and its buyer', async () => {
    const { seller, auth } = await sellerWithWarehouse();
    const { order, buyer } = await paidOrder(seller.id);

    const provider = await t.app.inject({ method: 'GET', url: '/api/shipping/provider', headers: auth });
    expect(provider.json()).toMatchObject({ provider: 'terminal', canBook: true });
    const quotes = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/shipping/quotes`,
      headers: auth,
    });
    expect(quotes.statusCode).toBe(200);
    const rateId = quotes.json<{ rates: Array<{ rateId: string }> }>().rates[0]?.rateId;
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/shipping/book`,
      headers: auth,
      payload: { rateId },
    });
    expect(booked.statusCode).toBe(200);
    const { shipment } = booked.json<{
      shipment: { trackingNumber: string; trackingUrl: string; labelUrl: string };
    }>();
    expect(shipment.trackingUrl).toMatch(/^https:\/\/track\.example\.ng\/SH-/);
    expect(shipment.labelUrl).toMatch(/^https:\/\/labels\.example\.ng\/SH-.*\.pdf$/);

    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: auth });
    expect(detail.json().order).toMatchObject({
      fulfilmentStatus: 'shipped',
      carrier: 'GIG Logistics',
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
      labelUrl: shipment.labelUrl,
    });

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/checkout/orders/${order.id}`,
      headers: buyer.auth,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().order).toMatchObject({
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
    });
    // The label is the seller's to print; the buyer is not given it.
    expect(mine.json().order).not.toHaveProperty('labelUrl');
  });

  it('an order shipped by hand has neither', async () => {
    const { seller, auth } = await sellerWithWarehouse();
    const { order } = await paidOrder(seller.id);
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/actions`,
      headers: auth,
      payload: { action: 'ship', carrier: 'Kwik', trackingNumber: 'KW-1' },
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().order).toMatchObject({ trackingNumber: 'KW-1', trackingUrl: null, labelUrl: null });
  });

  it('another seller cannot book the order, and its links stay unset', async () => {
    const { seller } = await sellerWithWarehouse();
    const other = await sellerWithWarehouse();
    const { order } = await paidOrder(seller.id);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/shipping/book`,
      headers: other.auth,
      payload: { rateId: 'RT-GIG-1' },
    });
    expect(refused.statusCode).toBe(404);
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: other.auth });
    expect(detail.statusCode).toBe(404);
  });

  it('an individual seller without a warehouse books from the address they gave, as checkout shows it', async () => {
    const { seller, auth } = await sellerWithToken(t, {
      accountType: 'individual',
      sellerAddress: {
        country: 'Nigeria',
        state: 'Oyo',
        city: 'Ibadan',
        addressLine1: '7 Ring Road',
        zipCode: '200001',
      },
    });
    const { order } = await paidOrder(seller.id);
    const quotes = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/shipping/quotes`,
      headers: auth,
    });
    expect(quotes.statusCode).toBe(200);
    expect(fake.requests.at(-1)?.body).toMatchObject({
      pickup_address: { line1: '7 Ring Road', city: 'Ibadan', state: 'Oyo' },
    });
  });
});
