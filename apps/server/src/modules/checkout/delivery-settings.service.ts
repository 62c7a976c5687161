import type { DeliveryOptionsResponse, DeliverySettings, DeliverySettingsResponse } from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { toNaira } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { CheckoutRepository } from '@/modules/checkout/checkout.repository.ts';
import {
  type DeliverySettingsRecord,
  defaultDeliverySettings,
  pickupAddressLine,
  pickupAddressOf,
  settingsRecord,
  settingsView,
} from '@/modules/checkout/delivery-rules.ts';

export type CheckoutSeller = NonNullable<Awaited<ReturnType<CheckoutRepository['seller']>>>;

/** A seller's delivery settings as they apply now: the saved row, or the defaults onboarding implies. */
export async function effectiveSettings(
  repo: CheckoutRepository,
  q: Queryable,
  seller: CheckoutSeller,
): Promise<DeliverySettingsRecord> {
  const saved = await repo.deliverySettings(q, seller.id);
  if (saved) return saved;
  return defaultDeliverySettings({
    choseStorePickup: seller.shippingOptions?.shippingMethod === 'pickup',
    hasPickupAddress: pickupAddressOf(seller) !== null,
  });
}

/** The seller's delivery form (GET/PUT /api/settings/delivery) and what buyers may choose from it. */
export function deliverySettingsService({ repo, clock }: { repo: CheckoutRepository; clock: Clock }) {
  async function sellerOrThrow(q: Queryable, sellerId: string) {
    const seller = await repo.seller(q, sellerId);
    if (!seller) throw new NotFoundError('Seller');
    return seller;
  }

  return {
    async get(sellerId: string): Promise<DeliverySettingsResponse> {
      const seller = await sellerOrThrow(repo.db, sellerId);
      return { settings: settingsView(await effectiveSettings(repo, repo.db, seller)) };
    },

    async save(sellerId: string, body: DeliverySettings): Promise<DeliverySettingsResponse> {
      const seller = await sellerOrThrow(repo.db, sellerId);
      const record = settingsRecord(body, pickupAddressOf(seller) !== null);
      await repo.saveDeliverySettings(repo.db, sellerId, record, clock.now());
      return { settings: settingsView(record) };
    },

    /**
     * GET /api/checkout/sellers/{sellerId}/options (public). A seller who cannot sell (blocked,
     * disabled) answers like an unknown one. Pickup is offered only while the address exists.
     */
    async options(sellerId: string): Promise<DeliveryOptionsResponse> {
      const seller = await repo.seller(repo.db, sellerId);
      if (!seller || seller.isBlocked || seller.isDisabled) throw new NotFoundError('Seller');
      const settings = await effectiveSettings(repo, repo.db, seller);
      const address = pickupAddressLine(pickupAddressOf(seller));
      const pickup = settings.pickupEnabled && address !== null;
      return {
        shipping: {
          enabled: settings.shippingEnabled,
          fees: settings.shippingEnabled
            ? settings.fees.map((f) => ({ state: f.state, fee: toNaira(f.feeKobo) }))
            : [],
        },
        pickup: { enabled: pickup, address: pickup ? address : null },
        payOnDelivery: {
          enabled: settings.payOnDeliveryEnabled,
          cap: toNaira(settings.payOnDeliveryEnabled ? settings.payOnDeliveryCapKobo : 0),
        },
      };
    },
  };
}
export type DeliverySettingsService = ReturnType<typeof deliverySettingsService>;
