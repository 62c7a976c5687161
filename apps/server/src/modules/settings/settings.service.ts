import {
  type ChangePasswordResponse,
  DEFAULT_RETURN_WINDOW_DAYS,
  type FormAddress,
  type NotificationPreferences,
  type notificationPreferencesBody,
  type PickupAddress,
  type pickupAddressBody,
  type returnsPolicyBody,
  type SettingsResponse,
  type SettingsSavedResponse,
  slugifyStoreName,
  type storeProfileBody,
} from '@kasuwa/contracts';
import type { z } from 'zod';
import type { AddressRecord, SellerRow, ShippingOptionsRecord } from '@/db/schema/index.ts';
import { BadRequestError, ConflictError } from '@/lib/errors.ts';
import { hashPassword, verifyPassword } from '@/lib/password.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { TokenService } from '@/lib/tokens.ts';
import { preferencesOf } from '@/modules/notifications/notification-preferences.ts';
import { closureOf } from '@/modules/settings/account-closure.service.ts';
import type { SettingsRepository } from '@/modules/settings/settings.repository.ts';

type Parsed<S extends z.ZodType> = z.output<S>;

const SLUG_TAKEN = 'This store link is already taken. Choose another one.';
const NAME_TAKEN = 'This store name is already taken. Choose another one.';

const toRecord = (a: Parsed<typeof pickupAddressBody>['address']): AddressRecord => ({
  country: a.country,
  state: a.state,
  city: a.city,
  addressLine1: a.streetAddress1,
  ...(a.streetAddress2 ? { addressLine2: a.streetAddress2 } : {}),
  zipCode: a.zipCode,
});

const toForm = (a: AddressRecord): FormAddress => ({
  country: a.country,
  state: a.state,
  city: a.city,
  streetAddress1: a.addressLine1,
  streetAddress2: a.addressLine2 ?? '',
  zipCode: a.zipCode ?? '',
});

/**
 * The Settings screen's rules. The pickup address is the one that matters most: saving it sets
 * hasFilledAddress (individual) or hasFilledBusinessAddress (business), which lifts the gate on
 * products and live streams (SPEC section 5).
 */
export function settingsService({ repo, tokens }: { repo: SettingsRepository; tokens: TokenService }) {
  async function view(q: Queryable, row: SellerRow): Promise<SettingsResponse> {
    const onboarding = await repo.onboardingOf(q, row.id);
    const business = row.accountType === 'business';
    const address = business ? row.businessAddress : row.sellerAddress;
    const warehouse = onboarding?.warehouseDetails ?? null;
    const options = onboarding?.shippingOptions ?? null;
    const pickupAddress: PickupAddress = {
      accountType: row.accountType,
      registered: business ? row.hasFilledBusinessAddress : row.hasFilledAddress,
      address: address ? toForm(address) : null,
      warehouse: warehouse
        ? { name: warehouse.name, contactNumber: warehouse.contactNumber, address: toForm(warehouse.address) }
        : null,
    };
    return {
      closure: closureOf(row),
      store: {
        storeName: row.storeName,
        description: row.storeDescription,
        storeSlug: row.storeSlug,
        suggestedSlug: row.storeSlug ?? slugifyStoreName(row.storeName),
        avatarUrl: row.storeAvatarUrl,
        bannerUrl: row.storeBannerUrl,
      },
      pickupAddress,
      returnsPolicy: {
        returnsAndExchangePolicy: options?.returnsAndExchangePolicy ?? 'kasuwa',
        returnWindowDays:
          options?.returnsAndExchangePolicy === 'custom'
            ? options.returnWindowDays
            : DEFAULT_RETURN_WINDOW_DAYS,
      },
      notificationPreferences: preferencesOf(row),
    };
  }

  const saved = async (q: Queryable, row: SellerRow, message: string): Promise<SettingsSavedResponse> => ({
    ...(await view(q, row)),
    message,
  });

  return {
    async get(row: SellerRow): Promise<SettingsResponse> {
      return view(repo.db, row);
    },

    async saveStoreProfile(row: SellerRow, body: Parsed<typeof storeProfileBody>) {
      try {
        return await repo.transaction(async (tx) => {
          // Checked first for a clear message; the unique index decides a race.
          if (await repo.slugTaken(tx, body.storeSlug, row.id)) throw new ConflictError(SLUG_TAKEN);
          const updated = await repo.updateSeller(tx, row.id, {
            storeName: body.storeName,
            storeDescription: body.description,
            storeSlug: body.storeSlug,
          });
          return saved(tx, updated, 'Store profile saved');
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'sellers_store_slug_lower_key') throw new ConflictError(SLUG_TAKEN);
        if (constraint === 'sellers_store_name_lower_key') throw new ConflictError(NAME_TAKEN);
        throw err;
      }
    },

    async savePickupAddress(row: SellerRow, body: Parsed<typeof pickupAddressBody>) {
      if (!row.accountType) {
        throw new BadRequestError('Choose your account type in onboarding before registering an address');
      }
      const business = row.accountType === 'business';
      if (!business && body.warehouse) {
        throw new BadRequestError('A warehouse is only for business accounts');
      }
      return repo.transaction(async (tx) => {
        await repo.lockSeller(tx, row.id);
        if (business && body.warehouse) {
          const { address, ...rest } = body.warehouse;
          await repo.upsertOnboarding(tx, row.id, {
            warehouseDetails: {
              ...rest,
              address: { ...toRecord(address), zipCode: address.zipCode },
            },
          });
        }
        const updated = await repo.updateSeller(
          tx,
          row.id,
          business
            ? { businessAddress: toRecord(body.address), hasFilledBusinessAddress: true }
            : { sellerAddress: toRecord(body.address), hasFilledAddress: true },
        );
        return saved(tx, updated, 'Pickup address saved');
      });
    },

    async saveReturnsPolicy(row: SellerRow, body: Parsed<typeof returnsPolicyBody>) {
      return repo.transaction(async (tx) => {
        const current = (await repo.onboardingOf(tx, row.id))?.shippingOptions;
        const options: ShippingOptionsRecord = {
          shippingMethod: current?.shippingMethod ?? 'seller',
          ...(current?.agreedToTermsAt ? { agreedToTermsAt: current.agreedToTermsAt } : {}),
          returnsAndExchangePolicy: body.returnsAndExchangePolicy,
          returnWindowDays:
            body.returnsAndExchangePolicy === 'custom'
              ? (body.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS)
              : DEFAULT_RETURN_WINDOW_DAYS,
        };
        await repo.upsertOnboarding(tx, row.id, { shippingOptions: options });
        return saved(tx, row, 'Returns policy saved');
      });
    },

    async saveNotificationPreferences(row: SellerRow, body: Parsed<typeof notificationPreferencesBody>) {
      const preferences: NotificationPreferences = body.preferences;
      const updated = await repo.updateSeller(repo.db, row.id, { notificationPreferences: preferences });
      return saved(repo.db, updated, 'Notification preferences saved');
    },

    /** A new password ends every session but this one, which gets a fresh token. */
    async changePassword(
      row: SellerRow,
      currentPassword: string,
      newPassword: string,
    ): Promise<ChangePasswordResponse> {
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new BadRequestError('Your current password is incorrect');
      }
      const passwordHash = await hashPassword(newPassword);
      const updated = await repo.transaction(async (tx) => {
        const current = await repo.lockSeller(tx, row.id);
        return repo.updateSeller(tx, row.id, { passwordHash, tokenVersion: current.tokenVersion + 1 });
      });
      return {
        message: 'Password changed. You have been signed out everywhere else.',
        token: await tokens.sign({ id: updated.id, tokenVersion: updated.tokenVersion }),
      };
    },

    async signOutOthers(row: SellerRow): Promise<ChangePasswordResponse> {
      const updated = await repo.transaction(async (tx) => {
        const current = await repo.lockSeller(tx, row.id);
        return repo.updateSeller(tx, row.id, { tokenVersion: current.tokenVersion + 1 });
      });
      return {
        message: 'Signed out of every other device',
        token: await tokens.sign({ id: updated.id, tokenVersion: updated.tokenVersion }),
      };
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
