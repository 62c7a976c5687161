import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShippingProviderError } from '@/modules/shipping/shipping-provider.ts';
import { terminalAfricaShipping } from '@/modules/shipping/terminal-africa.ts';
import { type FakeTerminal, startFakeTerminal } from '@/test/fake-terminal.ts';

const lagos = {
  name: 'Bola Ade',
  phone: '+2348031234567',
  email: 'bola@example.ng',
  line1: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
};
const abuja = {
  ...lagos,
  name: 'Ada Obi',
  line1: '4 Aminu Kano Crescent',
  city: 'Wuse',
  state: 'Federal Capital Territory',
};

describe('the Terminal Africa adapter against a local stand-in', () => {
  let fake: FakeTerminal;
  beforeAll(async () => {
    fake = await startFakeTerminal();
  });
  afterAll(() => fake.close());

  it('quotes with inline addresses and a parcel in kg, and turns naira amounts into kobo', async () => {
    const terminal = terminalAfricaShipping({ baseUrl: fake.url, secretKey: fake.secretKey });
    const rates = await terminal.quote({
      from: lagos,
      to: abuja,
      items: [{ name: 'Ankara dress', quantity: 2, valueKobo: 1_500_000, weightKg: 0.5 }],
    });
    expect(rates).toHaveLength(2);
    expect(rates[0]).toMatchObject({
      carrier: 'GIG Logistics',
      amountKobo: 290_000,
      deliveryTime: 'Within 3 days.',
    });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/rates/shipment/quotes',
      body: {
        pickup_address: {
          first_name: 'Bola',
          last_name: 'Ade',
          city: 'Ikeja',
          state: 'Lagos',
          country: 'NG',
        },
        delivery_address: { first_name: 'Ada', state: 'Federal Capital Territory', country: 'NG' },
        parcel: {
          weight_unit: 'kg',
          items: [{ name: 'Ankara dress', value: 15_000, quantity: 2, weight: 0.5 }],
        },
      },
    });
  });

  it('books a rate and answers the tracking number, tracking page and label', async () => {
    const terminal = terminalAfricaShipping({ baseUrl: fake.url, secretKey: fake.secretKey });
    const [rate] = await terminal.quote({
      from: lagos,
      to: abuja,
      items: [{ name: 'Bag', quantity: 1, valueKobo: 100, weightKg: 1 }],
    });
    const booked = await terminal.book({ rateId: rate?.rateId ?? '' });
    expect(booked.carrier).toBe('GIG Logistics');
    expect(booked.trackingNumber).toMatch(/^TRK/);
    expect(booked.trackingUrl).toContain(booked.shipmentRef);
    expect(booked.labelUrl).toMatch(/\.pdf$/);
  });

  it('reads where a shipment is: confirmed is still pending, in-transit and delivered move on', async () => {
    const terminal = terminalAfricaShipping({ baseUrl: fake.url, secretKey: fake.secretKey });
    const booked = await terminal.book({ rateId: 'RT-GIG-1' });
    expect((await terminal.track(booked.shipmentRef)).status).toBe('pending');
    fake.setStatus(booked.shipmentRef, 'in-transit', 'Left the Lagos hub');
    expect(await terminal.track(booked.shipmentRef)).toMatchObject({
      status: 'in_transit',
      detail: 'Left the Lagos hub',
    });
    fake.setStatus(booked.shipmentRef, 'delivered', 'Delivered to the buyer');
    expect((await terminal.track(booked.shipmentRef)).status).toBe('delivered');
  });

  it('turns a refusal, a wrong key or an unreachable service into a message the seller can act on', async () => {
    const terminal = terminalAfricaShipping({ baseUrl: fake.url, secretKey: fake.secretKey });
    fake.failNext(400, 'Delivery address state is invalid');
    await expect(terminal.book({ rateId: 'RT-1' })).rejects.toThrow(
      'Terminal Africa refused: Delivery address state is invalid',
    );
    const wrongKey = terminalAfricaShipping({ baseUrl: fake.url, secretKey: 'sk_test_wrong' });
    await expect(wrongKey.track('SH-1')).rejects.toThrow('Invalid API key');
    const down = terminalAfricaShipping({
      baseUrl: 'http://127.0.0.1:9/v1',
      secretKey: 'k',
      timeoutMs: 2000,
    });
    await expect(down.track('SH-1')).rejects.toBeInstanceOf(ShippingProviderError);
  });
});
