import type { ShippingProviderName } from '@kasuwa/contracts';

/** A place a parcel leaves from or goes to, in the words a Nigerian carrier needs. */
export type ShippingAddress = {
  name: string;
  phone: string;
  email: string | null;
  line1: string;
  line2?: string;
  city: string;
  state: string;
};

export type ParcelItem = { name: string; quantity: number; valueKobo: number; weightKg: number };

export type ShippingRate = {
  rateId: string;
  carrier: string;
  carrierLogo: string | null;
  amountKobo: number;
  deliveryTime: string | null;
  pickupTime: string | null;
};

export type BookedShipment = {
  /** The provider's own id, used to track it. */
  shipmentRef: string;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  labelUrl: string | null;
};

/** Where a booked shipment is now, in our words; `pending` until the carrier has it. */
export type ShipmentStatus = 'pending' | 'in_transit' | 'delivered' | 'cancelled';
export type ShipmentTracking = { status: ShipmentStatus; detail: string | null; at: Date | null };

/**
 * A carrier service behind one small interface (ARCHITECTURE.md). `manual` has no API: the seller
 * types the carrier and tracking number. A carrier API quotes, books and tracks.
 */
export interface ShippingProvider {
  readonly name: ShippingProviderName;
  /** How sellers know the service, e.g. "Terminal Africa"; null for manual. */
  readonly label: string | null;
  readonly canBook: boolean;
  quote(request: {
    from: ShippingAddress;
    to: ShippingAddress;
    items: ParcelItem[];
  }): Promise<ShippingRate[]>;
  book(request: { rateId: string }): Promise<BookedShipment>;
  track(shipmentRef: string): Promise<ShipmentTracking>;
}

/** The carrier refused or could not be reached: the seller may try again or ship by hand. */
export class ShippingProviderError extends Error {}

/** The default: no carrier API; quoting and booking are refused with a message the seller can act on. */
export const manualShipping: ShippingProvider = {
  name: 'manual',
  label: null,
  canBook: false,
  quote: async () => {
    throw new ShippingProviderError(
      'Booking through a carrier is not set up. Ship the order and type its tracking number.',
    );
  },
  book: async () => {
    throw new ShippingProviderError(
      'Booking through a carrier is not set up. Ship the order and type its tracking number.',
    );
  },
  track: async () => ({ status: 'pending', detail: null, at: null }),
};
