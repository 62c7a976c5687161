import { z } from 'zod';
import {
  type BookedShipment,
  type ShipmentStatus,
  type ShippingAddress,
  type ShippingProvider,
  ShippingProviderError,
} from '@/modules/shipping/shipping-provider.ts';

/**
 * Terminal Africa (TShip), the carrier aggregator /work/shared/providers recommends first: one API
 * for GIG, DHL, Kwik and others, with a sandbox. What we use, from its documentation
 * (docs/shipping.md has the sources and what is unverified):
 * - POST /rates/shipment/quotes with inline pickup and delivery addresses and a parcel → rates
 *   whose `amount` is in naira;
 * - POST /shipments/pickup with `rate_id` → the shipment, with `extras.tracking_number`,
 *   `extras.tracking_url` and `extras.shipping_label`;
 * - GET /shipments/{id} → its `status` (draft, pending, confirmed, in-transit, delivered,
 *   cancelled) and `events[]`.
 * Every call sends `Authorization: Bearer <secret key>`; answers are `{ status, message, data }`.
 */
export type TerminalAfricaConfig = { baseUrl: string; secretKey: string; timeoutMs?: number };

const envelope = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

const rateSchema = z.object({
  rate_id: z.string(),
  amount: z.number(),
  currency: z.string().optional(),
  carrier_name: z.string(),
  carrier_logo: z.string().nullish(),
  delivery_time: z.string().nullish(),
  pickup_time: z.string().nullish(),
});

const extrasSchema = z
  .object({
    tracking_number: z.string().nullish(),
    tracking_url: z.string().nullish(),
    carrier_tracking_url: z.string().nullish(),
    shipping_label: z.string().nullish(),
  })
  .partial();

const shipmentSchema = z.object({
  shipment_id: z.string(),
  status: z.string(),
  carrier: z.object({ name: z.string().optional() }).partial().nullish(),
  carrier_name: z.string().nullish(),
  extras: extrasSchema.nullish(),
  events: z
    .array(
      z.object({
        created_at: z.string().nullish(),
        description: z.string().nullish(),
        status: z.string().nullish(),
      }),
    )
    .nullish(),
});

/** Terminal's shipment states in ours. Anything unknown counts as not yet moving. */
export function shipmentStatusOf(status: string): ShipmentStatus {
  switch (status) {
    case 'in-transit':
      return 'in_transit';
    case 'delivered':
      return 'delivered';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'pending';
  }
}

const [firstName, lastName] = [
  (name: string) => name.trim().split(/\s+/)[0] ?? name,
  (name: string) => name.trim().split(/\s+/).slice(1).join(' ') || '-',
];

const addressOf = (a: ShippingAddress) => ({
  first_name: firstName(a.name),
  last_name: lastName(a.name),
  email: a.email ?? undefined,
  phone: a.phone,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  state: a.state,
  country: 'NG',
});

export function terminalAfricaShipping(config: TerminalAfricaConfig): ShippingProvider {
  const base = config.baseUrl.replace(/\/+$/, '');

  async function call<T extends z.ZodTypeAny>(
    method: 'GET' | 'POST',
    path: string,
    data: T,
    body?: unknown,
  ): Promise<z.infer<T>> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch {
      throw new ShippingProviderError('Terminal Africa could not be reached. Try again in a moment.');
    }
    const json: unknown = await res.json().catch(() => null);
    const answer = envelope.safeParse(json);
    if (!res.ok || !answer.success || !answer.data.status) {
      throw new ShippingProviderError(
        `Terminal Africa refused: ${answer.success && answer.data.message ? answer.data.message : `HTTP ${res.status}`}`,
      );
    }
    const parsed = data.safeParse(answer.data.data);
    if (!parsed.success)
      throw new ShippingProviderError('Terminal Africa answered in a shape we do not know');
    return parsed.data;
  }

  return {
    name: 'terminal',
    label: 'Terminal Africa',
    canBook: true,
    async quote({ from, to, items }) {
      const rates = await call('POST', '/rates/shipment/quotes', z.array(rateSchema), {
        pickup_address: addressOf(from),
        delivery_address: addressOf(to),
        parcel: {
          weight_unit: 'kg',
          items: items.map((i) => ({
            name: i.name,
            description: i.name,
            currency: 'NGN',
            value: i.valueKobo / 100,
            quantity: i.quantity,
            weight: i.weightKg,
          })),
        },
        currency: 'NGN',
      });
      return rates.map((r) => ({
        rateId: r.rate_id,
        carrier: r.carrier_name,
        carrierLogo: r.carrier_logo ?? null,
        amountKobo: Math.round(r.amount * 100),
        deliveryTime: r.delivery_time ?? null,
        pickupTime: r.pickup_time ?? null,
      }));
    },
    async book({ rateId }): Promise<BookedShipment> {
      const shipment = await call('POST', '/shipments/pickup', shipmentSchema, { rate_id: rateId });
      const extras = shipment.extras ?? {};
      return {
        shipmentRef: shipment.shipment_id,
        carrier: shipment.carrier?.name ?? shipment.carrier_name ?? 'Terminal Africa',
        trackingNumber: extras.tracking_number ?? null,
        trackingUrl: extras.tracking_url ?? extras.carrier_tracking_url ?? null,
        labelUrl: extras.shipping_label ?? null,
      };
    },
    async track(shipmentRef) {
      const shipment = await call('GET', `/shipments/${encodeURIComponent(shipmentRef)}`, shipmentSchema);
      const last = shipment.events?.at(-1);
      return {
        status: shipmentStatusOf(shipment.status),
        detail: last?.description ?? null,
        at: last?.created_at ? new Date(last.created_at) : null,
      };
    },
  };
}
