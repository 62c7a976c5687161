// size: the whole commerce contract in one place (orders, checkout, delivery settings, customers); split it when it grows a fourth area
import { z } from 'zod';
import { phoneNumberField } from './auth.ts';

/**
 * Orders (issue 14). Money travels as naira with at most two decimals and is stored as integer kobo.
 * An order has two independent axes, as Shopify's do: payment and fulfilment. The transitions
 * between them are the server's order machine (docs/orders.md); `allowedActions` says what the
 * seller may do next, so no screen re-derives the rules.
 */

/** Human order numbers: `KSW-100234`. */
export const ORDER_NUMBER_PREFIX = 'KSW-';
export const formatOrderNumber = (n: number) => `${ORDER_NUMBER_PREFIX}${n}`;

export const paymentStatusSchema = z.enum([
  'awaiting_payment',
  'paid',
  'pay_on_delivery_pending',
  'pay_on_delivery_collected',
  'refunded',
  'partially_refunded',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const fulfilmentStatusSchema = z.enum([
  'unfulfilled',
  'ready_for_pickup',
  'shipped',
  'in_transit',
  'delivered',
  'picked_up',
  'cancelled',
]);
export type FulfilmentStatus = z.infer<typeof fulfilmentStatusSchema>;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  pay_on_delivery_pending: 'Pay on delivery',
  pay_on_delivery_collected: 'Paid on delivery',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};
export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Unfulfilled',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  in_transit: 'In transit',
  delivered: 'Delivered',
  picked_up: 'Picked up',
  cancelled: 'Cancelled',
};

/** Where an order came from: an auction win (bundled per buyer per show) or a Buy now. */
export const orderSourceSchema = z.enum(['auction', 'buy_now', 'giveaway']);
export type OrderSource = z.infer<typeof orderSourceSchema>;

export const paymentMethodSchema = z.enum(['online', 'pay_on_delivery']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** SPEC "Shipping options": shipped by the seller, or store pickup ("Shipped by the platform" is Coming Soon). */
export const deliveryMethodSchema = z.enum(['seller', 'pickup']);
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

/**
 * The Orders screen's tabs. To pay: awaiting an online payment. To ship: paid (or pay on delivery)
 * and not yet sent or set out for pickup. Shipped: shipped, in transit or ready for pickup.
 * Delivered: delivered or picked up. Cancelled. All.
 */
export const orderTabSchema = z.enum(['to_pay', 'to_ship', 'shipped', 'delivered', 'cancelled', 'all']);
export type OrderTab = z.infer<typeof orderTabSchema>;
export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  to_pay: 'To pay',
  to_ship: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  all: 'All',
};

/** What the seller may do to an order; the server answers each order with the ones its state allows. */
export const sellerOrderActionSchema = z.enum([
  'ready_for_pickup',
  'ship',
  'in_transit',
  'delivered',
  'picked_up',
  'collect_payment',
  'cancel',
  'second_chance',
]);
export type SellerOrderAction = z.infer<typeof sellerOrderActionSchema>;

const naira = z.number();
const isoDate = z.string();

/** A delivery address in Nigeria: state and LGA are names from the reference data's pickers. */
export const deliveryAddressSchema = z.strictObject({
  fullName: z
    .string()
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  phoneNumber: phoneNumberField,
  state: z.string().trim().min(1, 'State is required').max(80),
  city: z.string().trim().min(1, 'LGA or city is required').max(80),
  addressLine1: z
    .string()
    .trim()
    .min(1, 'Address is required')
    .max(200, 'Address must be at most 200 characters'),
  addressLine2: z.string().trim().max(200).optional(),
  landmark: z.string().trim().max(120).optional(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** One chosen option of a product's variant levels, e.g. `{ name: 'Colour', value: 'Red' }`. */
export const variantChoiceSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().min(1).max(100),
});
export type VariantChoice = z.infer<typeof variantChoiceSchema>;
export const variantLabel = (variant: readonly VariantChoice[]) => variant.map((v) => v.value).join(' / ');

export const orderLineSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  variant: z.array(variantChoiceSchema),
  unitPrice: naira,
  quantity: z.number().int(),
  lineTotal: naira,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderEventSchema = z.object({
  _id: z.string(),
  /** e.g. `created`, `paid`, `shipped`, `cancelled`, `payment_mismatch`, `reminder_sent`. */
  type: z.string(),
  actor: z.enum(['seller', 'buyer', 'system', 'carrier']),
  message: z.string(),
  createdAt: isoDate,
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** A row of the Orders list (and of a customer's orders). */
export const orderSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: isoDate,
  source: orderSourceSchema,
  buyer: z.object({ _id: z.string(), name: z.string(), state: z.string().nullable() }),
  itemCount: z.number().int(),
  firstItem: z.object({
    name: z.string(),
    image: z.string().nullable(),
    variant: z.array(variantChoiceSchema),
  }),
  total: naira,
  paymentStatus: paymentStatusSchema,
  fulfilmentStatus: fulfilmentStatusSchema,
  paymentMethod: paymentMethodSchema.nullable(),
  deliveryMethod: deliveryMethodSchema.nullable(),
  show: z.object({ _id: z.string(), title: z.string() }).nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  buyer: z.object({
    _id: z.string(),
    name: z.string(),
    state: z.string().nullable(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  lines: z.array(orderLineSchema),
  subtotal: naira,
  deliveryFee: naira,
  /** A coupon's discount (the seller's) and its code (issue 16); the server always sends them. */
  discount: naira.optional(),
  couponCode: z.string().nullable().optional(),
  deliveryAddress: deliveryAddressSchema.nullable(),
  /** Store pickup: the seller's pickup address as the buyer is told it. */
  pickupAddress: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** The carrier's printable label, when the shipment was booked through a carrier API. */
  labelUrl: z.string().nullable(),
  paidAt: isoDate.nullable(),
  /** When an unpaid order is cancelled by itself. */
  paymentDueAt: isoDate.nullable(),
  cancelReason: z.string().nullable(),
  timeline: z.array(orderEventSchema),
  allowedActions: z.array(sellerOrderActionSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');
export const orderSortSchema = z.enum(['newest', 'oldest', 'total_desc', 'total_asc']);
export type OrderSort = z.infer<typeof orderSortSchema>;

/** GET /api/orders and GET /api/orders/export.csv: the same filters; the export ignores page and limit. */
export const sellerOrdersQuery = z.strictObject({
  tab: orderTabSchema.default('all'),
  /** An order number (with or without `KSW-`), a buyer's name or a product's name. */
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  streamId: z.uuid('Live show not found').optional(),
  sort: orderSortSchema.default('newest'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type SellerOrdersQuery = z.input<typeof sellerOrdersQuery>;

export const orderTabCountsSchema = z.object({
  to_pay: z.number().int(),
  to_ship: z.number().int(),
  shipped: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
  all: z.number().int(),
});
export type OrderTabCounts = z.infer<typeof orderTabCountsSchema>;

export const pageInfoSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const sellerOrdersResponse = z.object({
  orders: z.array(orderSummarySchema),
  /** Per tab, over the seller's orders (not narrowed by search or dates). */
  counts: orderTabCountsSchema,
  pagination: pageInfoSchema,
});
export type SellerOrdersResponse = z.infer<typeof sellerOrdersResponse>;

export const orderIdParams = z.object({ id: z.uuid('Order not found') });
export const orderResponse = z.object({ order: orderDetailSchema });
export type OrderResponse = z.infer<typeof orderResponse>;

const carrierField = z
  .string()
  .trim()
  .min(1, 'Carrier is required')
  .max(80, 'Carrier must be at most 80 characters');
const trackingField = z.string().trim().max(80, 'Tracking number must be at most 80 characters');

/** POST /api/orders/{id}/actions: one step of fulfilment. */
export const sellerOrderActionBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('ready_for_pickup') }),
  z.strictObject({
    action: z.literal('ship'),
    carrier: carrierField,
    trackingNumber: trackingField.optional(),
  }),
  z.strictObject({ action: z.literal('in_transit') }),
  z.strictObject({ action: z.literal('delivered') }),
  z.strictObject({
    action: z.literal('picked_up'),
    pickupCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The pickup code has 6 digits'),
  }),
  z.strictObject({ action: z.literal('collect_payment') }),
  z.strictObject({
    action: z.literal('cancel'),
    reason: z.string().trim().min(1, 'Say why the order is cancelled').max(300, 'At most 300 characters'),
  }),
  /** Offer a cancelled auction win's items to the runner-up at their last bid. */
  z.strictObject({ action: z.literal('second_chance') }),
]);
export type SellerOrderActionBody = z.infer<typeof sellerOrderActionBody>;
export const orderActionResponse = z.object({ message: z.string(), order: orderDetailSchema });
export type OrderActionResponse = z.infer<typeof orderActionResponse>;

/** POST /api/orders/bulk-ship: mark several paid orders as shipped with one carrier. */
export const bulkShipBody = z.strictObject({
  orderIds: z
    .array(z.uuid('Order not found'))
    .min(1, 'Choose at least one order')
    .max(100, 'At most 100 orders at once'),
  carrier: carrierField,
});
export type BulkShipBody = z.infer<typeof bulkShipBody>;
export const bulkShipResponse = z.object({
  message: z.string(),
  shipped: z.array(z.string()),
  failed: z.array(z.object({ orderId: z.string(), message: z.string() })),
});
export type BulkShipResponse = z.infer<typeof bulkShipResponse>;

/** GET /api/orders/overview: the Home screen's cards. */
export const ordersOverviewResponse = z.object({
  salesToday: naira,
  salesThisWeek: naira,
  ordersToday: z.number().int(),
  toShip: z.number().int(),
  toPay: z.number().int(),
  /** Paid sales per day for the last 7 days (Africa/Lagos), oldest first. */
  dailySales: z.array(z.object({ date: dateOnly, total: naira })),
  recentOrders: z.array(orderSummarySchema),
});
export type OrdersOverviewResponse = z.infer<typeof ordersOverviewResponse>;

// ---- Customers -------------------------------------------------------------------------------

export const customerSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  orderCount: z.number().int(),
  totalSpent: naira,
  lastOrderAt: isoDate,
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerSortSchema = z.enum(['last_order', 'total_spent', 'orders', 'name']);
export const customersQuery = z.strictObject({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  sort: customerSortSchema.default('last_order'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CustomersQuery = z.input<typeof customersQuery>;
export const customersResponse = z.object({
  customers: z.array(customerSummarySchema),
  pagination: pageInfoSchema,
});
export type CustomersResponse = z.infer<typeof customersResponse>;

export const customerIdParams = z.object({ id: z.uuid('Customer not found') });
export const customerResponse = z.object({
  customer: customerSummarySchema.extend({
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    firstOrderAt: isoDate,
    addresses: z.array(deliveryAddressSchema),
    showsAttended: z.array(z.object({ _id: z.string(), title: z.string(), startedAt: isoDate.nullable() })),
  }),
  orders: z.array(orderSummarySchema),
});
export type CustomerResponse = z.infer<typeof customerResponse>;

// ---- Delivery settings (the seller's; Settings houses the same form) ---------------------------

const feeNaira = z
  .number({ error: 'Fee must be a number' })
  .min(0, 'Fee cannot be negative')
  .max(1_000_000, 'Fee must be at most 1,000,000')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Fee can have at most 2 decimal places');

export const deliverySettingsSchema = z.strictObject({
  /** Shipped by seller: a fee per destination state; a state without one is not delivered to. */
  shipping: z.strictObject({
    enabled: z.boolean(),
    fees: z.array(z.strictObject({ state: z.string().trim().min(1).max(80), fee: feeNaira })).max(40),
  }),
  /** Store pickup at the seller's pickup address. */
  pickup: z.strictObject({ enabled: z.boolean() }),
  payOnDelivery: z.strictObject({
    enabled: z.boolean(),
    /** The largest order total (naira) a buyer may pay on delivery. */
    cap: feeNaira,
  }),
  /** `low_stock` fires when a product or variant falls to this many. */
  lowStockThreshold: z.number().int().min(0).max(1000),
  /** Hours an auction winner has to pay (default 24). */
  paymentWindowHours: z.number().int().min(1).max(168),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
export const DEFAULT_PAYMENT_WINDOW_HOURS = 24;
export const DEFAULT_LOW_STOCK_THRESHOLD = 2;
/** Unpaid Buy now orders release their stock after this long. */
export const BUY_NOW_PAYMENT_WINDOW_MINUTES = 30;
export const deliverySettingsResponse = z.object({ settings: deliverySettingsSchema });
export type DeliverySettingsResponse = z.infer<typeof deliverySettingsResponse>;

// ---- Buyer side: the tray, checkout, the buyer's orders -----------------------------------------

/** What a buyer may choose at checkout from one seller (GET /api/checkout/sellers/{sellerId}/options). */
export const deliveryOptionsResponse = z.object({
  /** The seller's store name, for "<Store> does not deliver to <State>" (optional until the server sends it). */
  storeName: z.string().optional(),
  shipping: z.object({ enabled: z.boolean(), fees: z.array(z.object({ state: z.string(), fee: naira })) }),
  pickup: z.object({ enabled: z.boolean(), address: z.string().nullable() }),
  payOnDelivery: z.object({ enabled: z.boolean(), cap: naira }),
});
export type DeliveryOptionsResponse = z.infer<typeof deliveryOptionsResponse>;

export const checkoutDeliverySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('seller'), address: deliveryAddressSchema }),
  z.strictObject({
    method: z.literal('pickup'),
    /** Who collects, and a number the seller can call. */
    contact: z.strictObject({
      fullName: deliveryAddressSchema.shape.fullName,
      phoneNumber: phoneNumberField,
    }),
  }),
]);
export type CheckoutDelivery = z.infer<typeof checkoutDeliverySchema>;

/** POST /api/checkout/orders: a Buy now from a show, a blip or the tray. */
export const buyNowBody = z.strictObject({
  /** The client makes one per checkout attempt; a retry with the same key answers the same order. */
  idempotencyKey: z.uuid(),
  productId: z.uuid('Product not found'),
  variant: z.array(variantChoiceSchema).max(3),
  quantity: z.number().int().min(1, 'Quantity must be at least 1').max(20, 'At most 20 at once'),
  streamId: z.uuid().optional(),
  blipId: z.uuid().optional(),
  delivery: checkoutDeliverySchema,
  paymentMethod: paymentMethodSchema,
  /** A coupon of the product's seller (issue 16); refused with its reason when it does not apply. */
  couponCode: z.string().trim().min(1).max(40).optional(),
});
export type BuyNowBody = z.infer<typeof buyNowBody>;

/** POST /api/checkout/orders/{id}: delivery and payment for an order that exists (an auction win). */
export const payOrderBody = z.strictObject({
  delivery: checkoutDeliverySchema,
  paymentMethod: paymentMethodSchema,
});
export type PayOrderBody = z.infer<typeof payOrderBody>;

/** The buyer's view of an order: no seller-only fields; the pickup code is the buyer's to show. */
export const buyerOrderSchema = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: isoDate,
  seller: z.object({ _id: z.string(), storeName: z.string() }),
  lines: z.array(orderLineSchema),
  subtotal: naira,
  deliveryFee: naira,
  /** A coupon's discount (the seller's) and its code (issue 16); the server always sends them. */
  discount: naira.optional(),
  couponCode: z.string().nullable().optional(),
  total: naira,
  paymentStatus: paymentStatusSchema,
  fulfilmentStatus: fulfilmentStatusSchema,
  paymentMethod: paymentMethodSchema.nullable(),
  deliveryMethod: deliveryMethodSchema.nullable(),
  deliveryAddress: deliveryAddressSchema.nullable(),
  pickupAddress: z.string().nullable(),
  pickupCode: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  paymentDueAt: isoDate.nullable(),
  timeline: z.array(orderEventSchema),
  /** Whether checkout (delivery and payment) still has to be done. */
  needsCheckout: z.boolean(),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

export const checkoutResponse = z.object({
  order: buyerOrderSchema,
  /** Where to send the buyer to pay online; null for pay on delivery. */
  payment: z.object({ reference: z.string(), authorizationUrl: z.string() }).nullable(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const buyerOrderResponse = z.object({ order: buyerOrderSchema });
export type BuyerOrderResponse = z.infer<typeof buyerOrderResponse>;
export const buyerOrdersResponse = z.object({ orders: z.array(buyerOrderSchema) });
export type BuyerOrdersResponse = z.infer<typeof buyerOrdersResponse>;

/** GET /api/checkout/orders/{id}/verify?reference=…: the buyer came back from the payment page. */
export const verifyPaymentQuery = z.strictObject({ reference: z.string().trim().min(1).max(100) });

/** A product of a show's tray (GET /api/streams/{id}/tray, public). */
export const trayProductSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** The lowest and highest price over its variants, naira. */
  price: naira,
  maxPrice: naira,
  stock: z.number().int(),
  buyNow: z.boolean(),
  /** Each level's name and the values on sale, and the buyable combinations with price and stock. */
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  combinations: z.array(
    z.object({
      variant: z.array(variantChoiceSchema),
      price: naira,
      stock: z.number().int(),
      image: z.string().nullable(),
    }),
  ),
  sellerId: z.string(),
});
export type TrayProduct = z.infer<typeof trayProductSchema>;
export const trayResponse = z.object({
  products: z.array(trayProductSchema),
  pinnedProductId: z.string().nullable(),
});
export type TrayResponse = z.infer<typeof trayResponse>;

/** POST /api/streams/{id}/pin (the show's seller): present one product to every viewer, or none. */
export const pinProductBody = z.strictObject({ productId: z.uuid('Product not found').nullable() });
export type PinProductBody = z.infer<typeof pinProductBody>;
/** Its answer: what is pinned now (null after an unpin). */
export const pinProductResponse = z.object({ message: z.string(), pinnedProductId: z.string().nullable() });
export type PinProductResponse = z.infer<typeof pinProductResponse>;
/** Socket event to a show's room when the pinned product changes. */
export const PRODUCT_PINNED_EVENT = 'product_pinned';
export const productPinnedEvent = z.object({ streamId: z.string(), productId: z.string().nullable() });
export type ProductPinnedEvent = z.infer<typeof productPinnedEvent>;

/** The totals of an order, in kobo: shared so the checkout page shows what the server will charge. */
export function orderTotalsKobo(
  lines: ReadonlyArray<{ unitPriceKobo: number; quantity: number }>,
  deliveryFeeKobo: number,
) {
  const subtotalKobo = lines.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
  return { subtotalKobo, deliveryFeeKobo, totalKobo: subtotalKobo + deliveryFeeKobo };
}

/** The totals with a coupon's discount taken off the items (never more than the subtotal). */
export function discountedTotalsKobo(
  lines: ReadonlyArray<{ unitPriceKobo: number; quantity: number }>,
  deliveryFeeKobo: number,
  discountKobo: number,
) {
  const totals = orderTotalsKobo(lines, deliveryFeeKobo);
  const discount = Math.min(Math.max(0, discountKobo), totals.subtotalKobo);
  return { ...totals, discountKobo: discount, totalKobo: totals.totalKobo - discount };
}
