import { z } from 'zod';

/**
 * Shipping through a carrier API (issue 14). `manual` (the default) books nothing: the seller types
 * the carrier and tracking number when marking an order shipped. With a carrier API configured
 * (SHIPPING_PROVIDER=terminal), the seller can ask for quotes and book one for a paid order; the
 * carrier's tracking then moves the order to in transit and delivered.
 */
export const shippingProviderNameSchema = z.enum(['manual', 'terminal']);
export type ShippingProviderName = z.infer<typeof shippingProviderNameSchema>;

/** GET /api/shipping/provider: whether booking through a carrier API is available. */
export const shippingProviderResponse = z.object({
  provider: shippingProviderNameSchema,
  /** The carrier service's name as sellers know it, e.g. "Terminal Africa"; null for manual. */
  label: z.string().nullable(),
  canBook: z.boolean(),
});
export type ShippingProviderResponse = z.infer<typeof shippingProviderResponse>;

export const shippingRateSchema = z.object({
  rateId: z.string(),
  carrier: z.string(),
  carrierLogo: z.string().nullable(),
  /** Naira. */
  amount: z.number(),
  deliveryTime: z.string().nullable(),
  pickupTime: z.string().nullable(),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

/** POST /api/orders/{id}/shipping/quotes: rates for sending this order from the pickup address. */
export const shippingQuotesResponse = z.object({ rates: z.array(shippingRateSchema) });
export type ShippingQuotesResponse = z.infer<typeof shippingQuotesResponse>;

/** POST /api/orders/{id}/shipping/book: books the chosen rate and marks the order shipped. */
export const bookShipmentBody = z.strictObject({
  rateId: z.string().trim().min(1, 'Choose a rate').max(120),
});
export type BookShipmentBody = z.infer<typeof bookShipmentBody>;
export const bookShipmentResponse = z.object({
  message: z.string(),
  shipment: z.object({
    carrier: z.string(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    labelUrl: z.string().nullable(),
  }),
});
export type BookShipmentResponse = z.infer<typeof bookShipmentResponse>;
