import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_PAYMENT_WINDOW_HOURS,
  type DeliverySettings,
  type VariantChoice,
} from '@kasuwa/contracts';
import { NIGERIA_SLUG, searchStates } from '@kasuwa/reference-data';
import type { DeliveryFeeRecord, VariantRecord } from '@/db/schema/index.ts';
import { BadRequestError } from '@/lib/errors.ts';
import { toKobo, toNaira } from '@/lib/naira.ts';

/**
 * The pure rules of checkout: Nigerian state names, a seller's delivery settings with their
 * defaults, the pickup address as one line, and which variant combinations a product sells.
 */

const fold = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Every spelling a buyer or seller may type for a state (its name, display name, slug) → its name. */
const STATE_NAMES = new Map<string, string>();
for (const state of searchStates(NIGERIA_SLUG)) {
  for (const key of [state.name, state.displayName, state.stateSlug, state.slug]) {
    STATE_NAMES.set(fold(key), state.name);
  }
}
// "Abuja" and "FCT" are what most people write for the capital territory.
STATE_NAMES.set('abuja', STATE_NAMES.get('fct') ?? 'Fct');

/** The reference data's name of a Nigerian state (any case, "Federal Capital Territory" too), or null. */
export function nigerianStateName(input: string): string | null {
  return STATE_NAMES.get(fold(input)) ?? null;
}

/** The seller's row as stored (kobo), or null when they never saved delivery settings. */
export type DeliverySettingsRecord = {
  shippingEnabled: boolean;
  fees: DeliveryFeeRecord[];
  pickupEnabled: boolean;
  payOnDeliveryEnabled: boolean;
  payOnDeliveryCapKobo: number;
  lowStockThreshold: number;
  paymentWindowHours: number;
};

/**
 * A seller who never saved settings ships (with no fees yet, so to no state until they set some),
 * and offers store pickup when onboarding's shipping method was pickup and there is an address.
 */
export function defaultDeliverySettings(seed: { choseStorePickup: boolean; hasPickupAddress: boolean }) {
  return {
    shippingEnabled: true,
    fees: [],
    pickupEnabled: seed.choseStorePickup && seed.hasPickupAddress,
    payOnDeliveryEnabled: false,
    payOnDeliveryCapKobo: 0,
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
    paymentWindowHours: DEFAULT_PAYMENT_WINDOW_HOURS,
  } satisfies DeliverySettingsRecord;
}

export function settingsView(record: DeliverySettingsRecord): DeliverySettings {
  return {
    shipping: {
      enabled: record.shippingEnabled,
      fees: record.fees.map((f) => ({ state: f.state, fee: toNaira(f.feeKobo) })),
    },
    pickup: { enabled: record.pickupEnabled },
    payOnDelivery: { enabled: record.payOnDeliveryEnabled, cap: toNaira(record.payOnDeliveryCapKobo) },
    lowStockThreshold: record.lowStockThreshold,
    paymentWindowHours: record.paymentWindowHours,
  };
}

/**
 * The seller's form checked beyond its shape: each fee names a Nigerian state, once (stored under
 * the reference data's spelling, sorted by name); store pickup needs a pickup address; pay on
 * delivery needs a cap above zero, or no order could use it.
 */
export function settingsRecord(body: DeliverySettings, hasPickupAddress: boolean): DeliverySettingsRecord {
  const seen = new Set<string>();
  const fees: DeliveryFeeRecord[] = [];
  for (const { state, fee } of body.shipping.fees) {
    const name = nigerianStateName(state);
    if (!name) throw new BadRequestError(`${state} is not a Nigerian state`);
    if (seen.has(name)) throw new BadRequestError(`${name} has more than one delivery fee; keep one`);
    seen.add(name);
    fees.push({ state: name, feeKobo: toKobo(fee) });
  }
  fees.sort((a, b) => a.state.localeCompare(b.state));
  if (body.pickup.enabled && !hasPickupAddress) {
    throw new BadRequestError('Register your pickup address before offering store pickup');
  }
  if (body.payOnDelivery.enabled && toKobo(body.payOnDelivery.cap) <= 0) {
    throw new BadRequestError('Set the largest order total a buyer may pay on delivery');
  }
  return {
    shippingEnabled: body.shipping.enabled,
    fees,
    pickupEnabled: body.pickup.enabled,
    payOnDeliveryEnabled: body.payOnDelivery.enabled,
    payOnDeliveryCapKobo: toKobo(body.payOnDelivery.cap),
    lowStockThreshold: body.lowStockThreshold,
    paymentWindowHours: body.paymentWindowHours,
  };
}

export type PickupAddressRecord = {
  state: string;
  city: string;
  addressLine1: string;
  addressLine2?: string | undefined;
};

/** The pickup address as a buyer is told it: "12 Allen Avenue, Ikeja, Lagos". */
export function pickupAddressLine(address: PickupAddressRecord | null): string | null {
  if (!address) return null;
  const parts = [address.addressLine1, address.addressLine2, address.city, address.state];
  return parts
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p))
    .join(', ');
}

/**
 * Whether `choice` is one whole combination of the product's variant levels, in order (level 1,
 * then 2, then 3, each as deep as the tree goes); a product without variants takes no choice.
 */
export function isCombinationOf(variants: VariantRecord[], choice: readonly VariantChoice[]): boolean {
  if (variants.length === 0) return choice.length === 0;
  const [first, second, third] = choice;
  const top = first && variants.find((v) => v.name === first.name && v.value === first.value);
  if (!top) return false;
  if (top.subVariants.length === 0) return choice.length === 1;
  const sub = second && top.subVariants.find((s) => s.name === second.name && s.value === second.value);
  if (!sub) return false;
  if (sub.subSubVariants.length === 0) return choice.length === 2;
  const leaf = third && sub.subSubVariants.find((x) => x.name === third.name && x.value === third.value);
  return Boolean(leaf) && choice.length === 3;
}

/**
 * Where a seller's buyers collect: the warehouse of a business's onboarding, else the address the
 * seller registered (SPEC "pickupAddressRequired": an individual's address, a business's address).
 */
export function pickupAddressOf(seller: {
  warehouse: { address: PickupAddressRecord } | null;
  sellerAddress: PickupAddressRecord | null;
  businessAddress: PickupAddressRecord | null;
}): PickupAddressRecord | null {
  return seller.warehouse?.address ?? seller.sellerAddress ?? seller.businessAddress ?? null;
}
