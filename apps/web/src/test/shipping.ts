import type {
  BookShipmentBody,
  BookShipmentResponse,
  OrderDetail,
  ShippingProviderResponse,
  ShippingQuotesResponse,
  ShippingRate,
} from '@kasuwa/contracts';
import type { Answer, Call } from '@/test/in-memory-api';

/*
 * The seller's carrier calls for web tests (packages/contracts/src/shipping.ts): GET
 * /shipping/provider, POST /orders/:id/shipping/quotes and /book, answered as the server does
 * (docs/shipping.md), with the contract's response types. fakeOrdersApi answers them from its
 * `shipping` option, so a booking ships the order its other calls read.
 */

export const manualProvider = {
  provider: 'manual',
  label: null,
  canBook: false,
} satisfies ShippingProviderResponse;

export const terminalProvider = {
  provider: 'terminal',
  label: 'Terminal Africa',
  canBook: true,
} satisfies ShippingProviderResponse;

export const testRates = [
  {
    rateId: 'RT-GIG-1',
    carrier: 'GIG Logistics',
    carrierLogo: null,
    amount: 2700,
    deliveryTime: 'Within 3 days.',
    pickupTime: 'Within 24 hours.',
  },
  {
    rateId: 'RT-DHL-1',
    carrier: 'DHL Express',
    carrierLogo: null,
    amount: 6450.5,
    deliveryTime: 'Within 2 days.',
    pickupTime: 'Same day.',
  },
] satisfies ShippingRate[];

export interface FakeShippingOptions {
  provider?: ShippingProviderResponse;
  rates?: ShippingRate[];
  /** What the server answers quoting instead of rates (a 502 is a carrier's refusal). */
  quotesFailure?: { status: number; message: string };
  /** What the server answers booking instead (once; the next booking goes through). */
  bookFailure?: { status: number; message: string };
}

/** What fakeOrdersApi lends the shipping fake: its orders, read and replaced. */
export interface OrderStore {
  find: (id: string) => OrderDetail | undefined;
  save: (order: OrderDetail) => void;
}

export function fakeShipping(options: FakeShippingOptions = {}) {
  let bookFailure = options.bookFailure;
  const rates = options.rates ?? testRates;

  return (call: Call, store: OrderStore): Answer | undefined => {
    if (call.method === 'GET' && call.path === '/shipping/provider') {
      return { status: 200, body: (options.provider ?? manualProvider) satisfies ShippingProviderResponse };
    }
    const match = call.path.match(/^\/orders\/([^/]+)\/shipping\/(quotes|book)$/);
    if (call.method !== 'POST' || !match?.[1]) return undefined;
    const order = store.find(match[1]);
    if (!order) return { status: 404, body: { message: 'Order not found' } };
    if (!(options.provider ?? manualProvider).canBook) {
      return { status: 502, body: { message: 'Orders are shipped by hand: type its tracking number' } };
    }
    if (order.deliveryMethod !== 'seller' || !order.allowedActions.includes('ship')) {
      return { status: 409, body: { message: 'This order has already been sent' } };
    }
    if (match[2] === 'quotes') {
      if (options.quotesFailure) {
        return { status: options.quotesFailure.status, body: { message: options.quotesFailure.message } };
      }
      return { status: 200, body: { rates } satisfies ShippingQuotesResponse };
    }
    if (bookFailure) {
      const failure = bookFailure;
      bookFailure = undefined;
      return { status: failure.status, body: { message: failure.message } };
    }
    const rate = rates.find((r) => r.rateId === (call.body as BookShipmentBody).rateId);
    if (!rate) return { status: 502, body: { message: 'Terminal Africa refused: Rate not found' } };
    const shipment = {
      carrier: rate.carrier,
      trackingNumber: `TRK-${rate.rateId}`,
      trackingUrl: `https://track.example.ng/${rate.rateId}`,
      labelUrl: `https://labels.example.ng/${rate.rateId}.pdf`,
    };
    store.save({
      ...order,
      fulfilmentStatus: 'shipped',
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
      labelUrl: shipment.labelUrl,
      allowedActions: ['in_transit', 'delivered'],
      timeline: [
        ...order.timeline,
        {
          _id: `${order._id.slice(0, -4)}beef`,
          type: 'shipped',
          actor: 'seller',
          message: `Shipped with ${rate.carrier}`,
          createdAt: '2026-03-11T10:00:00.000Z',
        },
      ],
    });
    return {
      status: 200,
      body: { message: `Booked with ${rate.carrier}`, shipment } satisfies BookShipmentResponse,
    };
  };
}
