// size: one fake of the seller's order, customer and delivery-settings endpoints, shared by four screens' tests
import type {
  BulkShipBody,
  BulkShipResponse,
  CustomerResponse,
  CustomerSummary,
  CustomersResponse,
  DeliverySettings,
  DeliverySettingsResponse,
  OrderActionResponse,
  OrderDetail,
  OrderResponse,
  OrderSummary,
  OrdersOverviewResponse,
  OrderTab,
  OrderTabCounts,
  SellerOrderActionBody,
  SellerOrdersResponse,
} from '@kasuwa/contracts';
import { bodyCheck } from '@/test/contract-fake';
import { type Answer, type Call, fakeApiClient, type Override } from '@/test/in-memory-api';
import { type FakeShippingOptions, fakeShipping } from '@/test/shipping';

/*
 * The seller's orders for web tests: factories and one fake of GET /orders (tabs, search, pages),
 * GET /orders/:id, POST /orders/:id/actions, POST /orders/bulk-ship, GET /orders/overview, the
 * customers endpoints and GET/PUT /settings/delivery. Answers are typed with the contract's
 * response types (`satisfies`), and request bodies are read with its schemas (test/contract-fake).
 */

let serial = 0;
export const testId = (n: number) => `6f1c1f8e-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const BUYER_ID = testId(900001);

/** An order paid online and waiting to be shipped; tests override what they are about. */
export function testOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  serial += 1;
  const order = {
    _id: testId(500000 + serial),
    number: `KSW-${100000 + serial}`,
    createdAt: '2026-03-10T09:30:00.000Z',
    source: 'buy_now',
    buyer: {
      _id: BUYER_ID,
      name: 'Chidi Okafor',
      state: 'Lagos',
      email: 'chidi@example.ng',
      phoneNumber: '+2348031112222',
    },
    itemCount: 1,
    firstItem: { name: 'Ankara wrap dress', image: null, variant: [{ name: 'Size', value: 'M' }] },
    total: 17500,
    paymentStatus: 'paid',
    fulfilmentStatus: 'unfulfilled',
    paymentMethod: 'online',
    deliveryMethod: 'seller',
    show: null,
    lines: [
      {
        _id: testId(700000 + serial),
        productId: testId(800000 + serial),
        name: 'Ankara wrap dress',
        image: null,
        variant: [{ name: 'Size', value: 'M' }],
        unitPrice: 15000,
        quantity: 1,
        lineTotal: 15000,
      },
    ],
    subtotal: 15000,
    deliveryFee: 2500,
    deliveryAddress: {
      fullName: 'Chidi Okafor',
      phoneNumber: '+2348031112222',
      state: 'Lagos',
      city: 'Ikeja',
      addressLine1: '12 Allen Avenue',
    },
    pickupAddress: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    labelUrl: null,
    paidAt: '2026-03-10T09:35:00.000Z',
    paymentDueAt: null,
    cancelReason: null,
    timeline: [
      {
        _id: testId(600000 + serial * 2),
        type: 'created',
        actor: 'buyer',
        message: 'Order placed',
        createdAt: '2026-03-10T09:30:00.000Z',
      },
      {
        _id: testId(600001 + serial * 2),
        type: 'paid',
        actor: 'system',
        message: 'Payment received',
        createdAt: '2026-03-10T09:35:00.000Z',
      },
    ],
    allowedActions: ['ship', 'cancel'],
  } satisfies OrderDetail;
  return { ...order, ...overrides };
}

/** An order's row as the lists answer it. */
export function summaryOf(order: OrderDetail): OrderSummary {
  const {
    _id,
    number,
    createdAt,
    source,
    buyer,
    itemCount,
    firstItem,
    total,
    paymentStatus,
    fulfilmentStatus,
    paymentMethod,
    deliveryMethod,
    show,
  } = order;
  return {
    _id,
    number,
    createdAt,
    source,
    buyer: { _id: buyer._id, name: buyer.name, state: buyer.state },
    itemCount,
    firstItem,
    total,
    paymentStatus,
    fulfilmentStatus,
    paymentMethod,
    deliveryMethod,
    show,
  } satisfies OrderSummary;
}

/** The server's tab rules (contract orderTabSchema). */
export function inTab(order: OrderDetail, tab: OrderTab): boolean {
  const f = order.fulfilmentStatus;
  switch (tab) {
    case 'to_pay':
      return order.paymentStatus === 'awaiting_payment' && f !== 'cancelled';
    case 'to_ship':
      return (
        (order.paymentStatus === 'paid' || order.paymentStatus === 'pay_on_delivery_pending') &&
        f === 'unfulfilled'
      );
    case 'shipped':
      return f === 'shipped' || f === 'in_transit' || f === 'ready_for_pickup';
    case 'delivered':
      return f === 'delivered' || f === 'picked_up';
    case 'cancelled':
      return f === 'cancelled';
    case 'all':
      return true;
  }
}

export function testCustomer(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  serial += 1;
  return {
    _id: testId(910000 + serial),
    name: `Buyer ${serial}`,
    state: 'Lagos',
    orderCount: 2,
    totalSpent: 35000,
    lastOrderAt: '2026-03-10T09:30:00.000Z',
    ...overrides,
  } satisfies CustomerSummary;
}

export const defaultDeliverySettings = {
  shipping: { enabled: true, fees: [{ state: 'Lagos', fee: 2500 }] },
  pickup: { enabled: false },
  payOnDelivery: { enabled: false, cap: 50000 },
  lowStockThreshold: 2,
  paymentWindowHours: 24,
} satisfies DeliverySettings;

const ok = <T>(body: T, status = 200): Answer => ({ status, body });

export interface FakeOrdersOptions {
  orders?: OrderDetail[];
  customers?: CustomerSummary[];
  customerDetail?: CustomerResponse;
  overview?: OrdersOverviewResponse;
  settings?: DeliverySettings;
  /** Orders the server refuses to bulk-ship, with its reason. */
  bulkShipRefusals?: Record<string, string>;
  override?: Override;
  /** The carrier API (test/shipping.ts); by default the manual provider, which books nothing. */
  shipping?: FakeShippingOptions;
}

function applyAction(order: OrderDetail, body: SellerOrderActionBody): OrderDetail {
  const event = (message: string) => ({
    _id: testId(650000 + order.timeline.length + serial++),
    type: body.action,
    actor: 'seller' as const,
    message,
    createdAt: '2026-03-11T10:00:00.000Z',
  });
  switch (body.action) {
    case 'ship':
      return {
        ...order,
        fulfilmentStatus: 'shipped',
        carrier: body.carrier,
        trackingNumber: body.trackingNumber ?? null,
        allowedActions: ['in_transit', 'delivered'],
        timeline: [...order.timeline, event(`Shipped with ${body.carrier}`)],
      };
    case 'cancel':
      return {
        ...order,
        fulfilmentStatus: 'cancelled',
        cancelReason: body.reason,
        allowedActions: order.source === 'auction' ? ['second_chance'] : [],
        timeline: [...order.timeline, event('Cancelled')],
      };
    case 'picked_up':
      return {
        ...order,
        fulfilmentStatus: 'picked_up',
        allowedActions: [],
        timeline: [...order.timeline, event('Picked up')],
      };
    case 'delivered':
      return {
        ...order,
        fulfilmentStatus: 'delivered',
        allowedActions: [],
        timeline: [...order.timeline, event('Delivered')],
      };
    default:
      return {
        ...order,
        allowedActions: order.allowedActions.filter((a) => a !== body.action),
        timeline: [...order.timeline, event(body.action)],
      };
  }
}

export function fakeOrdersApi(options: FakeOrdersOptions = {}) {
  let orders = options.orders ?? [];
  let settings: DeliverySettings = options.settings ?? defaultDeliverySettings;
  const { refusal } = bodyCheck();
  const shipping = fakeShipping(options.shipping);
  const store = {
    find: (id: string) => orders.find((o) => o._id === id),
    save: (order: OrderDetail) => {
      orders = orders.map((o) => (o._id === order._id ? order : o));
    },
  };

  const counts = (): OrderTabCounts => ({
    to_pay: orders.filter((o) => inTab(o, 'to_pay')).length,
    to_ship: orders.filter((o) => inTab(o, 'to_ship')).length,
    shipped: orders.filter((o) => inTab(o, 'shipped')).length,
    delivered: orders.filter((o) => inTab(o, 'delivered')).length,
    cancelled: orders.filter((o) => inTab(o, 'cancelled')).length,
    all: orders.length,
  });

  const answer = (call: Call): Answer | undefined => {
    const { method, path, query } = call;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    if (method === 'GET' && path === '/orders') {
      const tab = (query.get('tab') ?? 'all') as OrderTab;
      const words = query.get('search')?.toLowerCase();
      const matching = orders.filter(
        (o) =>
          inTab(o, tab) &&
          (!words ||
            [o.number, o.buyer.name, ...o.lines.map((l) => l.name)].some((t) =>
              t.toLowerCase().includes(words),
            )),
      );
      return ok({
        orders: matching.slice((page - 1) * limit, page * limit).map(summaryOf),
        counts: counts(),
        pagination: { page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) },
      } satisfies SellerOrdersResponse);
    }
    if (method === 'GET' && path === '/orders/overview') {
      return options.overview ? ok(options.overview satisfies OrdersOverviewResponse) : undefined;
    }
    if (method === 'POST' && path === '/orders/bulk-ship') {
      const body = call.body as BulkShipBody;
      const refusals = options.bulkShipRefusals ?? {};
      const shipped = body.orderIds.filter((id) => !(id in refusals));
      orders = orders.map((o) =>
        shipped.includes(o._id) ? applyAction(o, { action: 'ship', carrier: body.carrier }) : o,
      );
      return ok({
        message: `${shipped.length} ${shipped.length === 1 ? 'order' : 'orders'} marked as shipped`,
        shipped,
        failed: body.orderIds
          .filter((id) => id in refusals)
          .map((orderId) => ({ orderId, message: refusals[orderId] ?? '' })),
      } satisfies BulkShipResponse);
    }
    const orderMatch = path.match(/^\/orders\/([^/]+)(\/actions)?$/);
    if (orderMatch) {
      const order = orders.find((o) => o._id === orderMatch[1]);
      if (!order) return { status: 404, body: { message: 'Order not found' } };
      if (method === 'GET' && !orderMatch[2]) return ok({ order } satisfies OrderResponse);
      if (method === 'POST' && orderMatch[2]) {
        const body = call.body as SellerOrderActionBody;
        if (!order.allowedActions.includes(body.action))
          return { status: 409, body: { message: 'Not allowed now' } };
        if (body.action === 'picked_up' && body.pickupCode !== '123456') {
          return { status: 400, body: { message: 'That pickup code is not this order’s' } };
        }
        const next = applyAction(order, body);
        orders = orders.map((o) => (o._id === order._id ? next : o));
        return ok({ message: 'Order updated', order: next } satisfies OrderActionResponse);
      }
    }
    if (method === 'GET' && path === '/customers') {
      const words = query.get('search')?.toLowerCase();
      const all = (options.customers ?? []).filter((c) => !words || c.name.toLowerCase().includes(words));
      return ok({
        customers: all.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: all.length, totalPages: Math.ceil(all.length / limit) },
      } satisfies CustomersResponse);
    }
    const customerId = path.match(/^\/customers\/([^/.]+)$/)?.[1];
    if (method === 'GET' && customerId) {
      const detail = options.customerDetail;
      if (!detail || detail.customer._id !== customerId)
        return { status: 404, body: { message: 'Customer not found' } };
      return ok(detail satisfies CustomerResponse);
    }
    if (path === '/settings/delivery') {
      if (method === 'PUT') settings = call.body as DeliverySettings;
      if (method === 'GET' || method === 'PUT') return ok({ settings } satisfies DeliverySettingsResponse);
    }
    return undefined;
  };

  const { api, calls } = fakeApiClient(
    (call) =>
      refusal(call) ??
      options.override?.(call) ??
      answer(call) ??
      shipping(call, store) ?? { status: 404, body: { message: 'Not found' } },
  );
  return { api, calls, orders: () => orders, settings: () => settings };
}

/** A downloader that records what was asked and never touches the browser. */
export function fakeDownloader(fail?: string) {
  const downloads: Array<{ path: string; fileName: string }> = [];
  let release: (() => void) | undefined;
  const download = (path: string, fileName: string) => {
    downloads.push({ path, fileName });
    if (fail) return Promise.reject(new Error(fail));
    // Held until the test lets it finish, so the busy state can be seen.
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  return { download, downloads, finish: () => release?.() };
}
