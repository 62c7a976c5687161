import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { packingListPdf, packingSlipPdf } from '@/modules/shipping/packing-documents.ts';
import type { SellerForShipping, ShippableOrder } from '@/modules/shipping/shipping.repository.ts';

const textOf = async (pdf: Buffer) => (await new PDFParse({ data: pdf }).getText()).text;

const seller: SellerForShipping = {
  storeName: 'Bola Stores',
  email: 'bola@example.ng',
  phoneNumber: '+2348031234567',
  warehouse: {
    name: 'Bola',
    contactNumber: '+2348031234567',
    address: {
      country: 'Nigeria',
      state: 'Lagos',
      city: 'Ikeja',
      addressLine1: '12 Allen Avenue',
      zipCode: '100001',
    },
  },
  sellerAddress: null,
  businessAddress: null,
};

const order = (over: Partial<ShippableOrder> = {}): ShippableOrder => ({
  id: 'o1',
  number: 100234,
  createdAt: new Date('2026-01-15T09:00:00.000Z'),
  buyerName: 'Ada Obi',
  buyerEmail: 'ada@example.ng',
  buyerPhone: '+2348051112222',
  paymentStatus: 'paid',
  paymentMethod: 'online',
  fulfilmentStatus: 'unfulfilled',
  deliveryMethod: 'seller',
  deliveryAddress: {
    fullName: 'Ada Obi',
    phoneNumber: '+2348051112222',
    state: 'Federal Capital Territory',
    city: 'Wuse',
    addressLine1: '4 Aminu Kano Crescent',
    landmark: 'Opposite Banex Plaza',
  },
  subtotalKobo: 3_150_000,
  deliveryFeeKobo: 250_000,
  totalKobo: 3_400_000,
  carrier: null,
  trackingNumber: null,
  shipmentRef: null,
  streamId: 's1',
  lines: [
    {
      name: 'Ankara dress',
      variant: [
        { name: 'Colour', value: 'Red' },
        { name: 'Size', value: 'M' },
      ],
      quantity: 2,
      unitPriceKobo: 1_500_000,
      weightKg: null,
    },
    { name: 'Head wrap', variant: [], quantity: 1, unitPriceKobo: 150_000, weightKg: 0.1 },
  ],
  ...over,
});

describe('packing documents', () => {
  it('a packing slip names the store, the order, where it goes, each line with its variant and the totals in naira', async () => {
    const pdf = await packingSlipPdf(seller, order());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(pdf);
    for (const expected of [
      'Bola Stores',
      'KSW-100234',
      'Ship to',
      'Ada Obi',
      '4 Aminu Kano Crescent',
      'Wuse, Federal Capital Territory',
      'Landmark: Opposite Banex Plaza',
      'Ankara dress — Red / M',
      'Head wrap',
      '₦15,000.00',
      '₦30,000.00',
      '₦2,500.00',
      '₦34,000.00',
      'Paid',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a pay-on-delivery slip tells the rider how much to collect', async () => {
    const text = await textOf(
      await packingSlipPdf(
        seller,
        order({ paymentMethod: 'pay_on_delivery', paymentStatus: 'pay_on_delivery_pending' }),
      ),
    );
    expect(text).toContain('Pay on delivery: collect ₦34,000.00');
  });

  it('names the capital as people read it, not as it is stored', async () => {
    const capital = order();
    if (capital.deliveryAddress) capital.deliveryAddress.state = 'Fct';
    const text = await textOf(await packingSlipPdf(seller, capital));
    expect(text).toContain('Wuse, Federal Capital Territory');
    expect(text).not.toContain('Fct');
  });

  it('a pickup slip says who collects instead of an address', async () => {
    const text = await textOf(
      await packingSlipPdf(seller, order({ deliveryMethod: 'pickup', deliveryAddress: null })),
    );
    expect(text).toContain('Pickup by');
    expect(text).toContain('Store pickup');
    expect(text).not.toContain('Ship to');
  });

  it('a packing list groups a show’s orders by buyer and counts what is to pack, over several pages if it must', async () => {
    const orders = Array.from({ length: 40 }, (_, i) =>
      order({ id: `o${i}`, number: 100300 + i, buyerName: i < 20 ? 'Ada Obi' : 'Tunde Bello' }),
    );
    const text = await textOf(
      await packingListPdf(
        seller,
        { title: 'Friday Ankara drop', startedAt: new Date('2026-01-16T18:00:00Z') },
        orders,
      ),
    );
    expect(text).toContain('Packing list — Friday Ankara drop');
    expect(text).toContain('40 orders · 120 items');
    expect(text.split('Tunde Bello').length - 1).toBe(1);
    expect(text).toContain('KSW-100339');
    expect(text).toContain('-- 2 of');
  });

  it('a show with nothing paid yet says so', async () => {
    const text = await textOf(await packingListPdf(seller, { title: 'Quiet show', startedAt: null }, []));
    expect(text).toContain('No paid orders from this show yet.');
  });
});
