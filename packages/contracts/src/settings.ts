import { z } from 'zod';
import { passwordField, phoneNumberField } from './auth.ts';
import type { NotificationType } from './notifications.ts';
import { returnsPolicy, streetAddress } from './onboarding.ts';
import { accountType } from './seller.ts';
import { lineText } from './text.ts';

/**
 * The Settings screen (issue 17): store profile, pickup address, returns policy, notification
 * preferences and security. Delivery fees and the low-stock threshold are the delivery settings
 * (checkout contract); vacation mode is store.ts.
 */

export const STORE_DESCRIPTION_MAX = 500;
export const STORE_SLUG_MIN = 3;
export const STORE_SLUG_MAX = 40;
/** Lowercase letters, digits and single hyphens, not at either end: safe in any URL. */
export const STORE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Paths of the public site a store link must never shadow. */
export const RESERVED_STORE_SLUGS: readonly string[] = [
  'admin',
  'api',
  'app',
  'checkout',
  'dashboard',
  'help',
  'kasuwa',
  'legal',
  'login',
  'my-orders',
  'my-returns',
  'onboarding',
  'seller',
  'settings',
  'signup',
  'store',
  'support',
  'watch',
];

/** A store name turned into a link suggestion: "Ada's Fabrics & Co." → "adas-fabrics-co". */
export function slugifyStoreName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, STORE_SLUG_MAX)
    .replace(/-+$/g, '');
}

export const storeSlugField = z
  .string({ error: 'Store link is required' })
  .trim()
  .toLowerCase()
  .min(STORE_SLUG_MIN, `Store link must be at least ${STORE_SLUG_MIN} characters`)
  .max(STORE_SLUG_MAX, `Store link must be at most ${STORE_SLUG_MAX} characters`)
  .regex(STORE_SLUG_PATTERN, 'Use lowercase letters, numbers and single hyphens only, e.g. adas-fabrics')
  .refine((s) => !RESERVED_STORE_SLUGS.includes(s), {
    message: 'This store link is reserved. Choose another.',
  });

export const storeProfileBody = z.strictObject({
  storeName: z
    .string({ error: 'Store Name is required' })
    .trim()
    .min(2, 'Store Name must be at least 2 characters')
    .max(60, 'Store Name must be at most 60 characters'),
  description: z
    .string()
    .trim()
    .max(STORE_DESCRIPTION_MAX, `Description must be at most ${STORE_DESCRIPTION_MAX} characters`)
    .default(''),
  storeSlug: storeSlugField,
});
export type StoreProfileBody = z.input<typeof storeProfileBody>;

export const storeProfileSchema = z.object({
  storeName: z.string(),
  description: z.string(),
  /** Null until the seller saves one; `suggestedSlug` is what the form offers meanwhile. */
  storeSlug: z.string().nullable(),
  suggestedSlug: z.string(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
});
export type StoreProfile = z.infer<typeof storeProfileSchema>;

/** The notification groups a seller can mute, per channel. */
export const notificationGroup = z.enum(['orders', 'returns', 'live', 'marketing', 'messages']);
export type NotificationGroup = z.infer<typeof notificationGroup>;

export const NOTIFICATION_GROUP_LABELS: Record<NotificationGroup, { title: string; description: string }> = {
  orders: { title: 'Orders and stock', description: 'New, paid, shipped and cancelled orders; low stock.' },
  returns: { title: 'Returns', description: 'Return requests and every step of a return.' },
  live: { title: 'Live shows and blips', description: 'New followers, likes and comments on your blips.' },
  marketing: { title: 'Marketing', description: 'Campaigns you scheduled and their results.' },
  messages: { title: 'Messages', description: 'New messages from buyers.' },
};

/**
 * Which group each notification type belongs to; null = always delivered (welcome, approval, KYC): they
 * concern the account itself. Security e-mails (codes, password, payout bank changes) never pass
 * through preferences at all.
 */
export const NOTIFICATION_GROUP_OF: Record<NotificationType, NotificationGroup | null> = {
  new_order: 'orders',
  order_paid: 'orders',
  order_delivered: 'orders',
  order_cancelled: 'orders',
  order_status_update: 'orders',
  order_shipped: 'orders',
  order_reminder: 'orders',
  order_picked_up: 'orders',
  order_in_transit: 'orders',
  low_stock: 'orders',
  back_in_stock: 'orders',
  return_request: 'returns',
  return_created: 'returns',
  return_approved: 'returns',
  return_rejected: 'returns',
  return_info_needed: 'returns',
  return_partial_refund: 'returns',
  return_label_created: 'returns',
  return_pickup_arranged: 'returns',
  new_follower: 'live',
  blip_like: 'live',
  blip_comment: 'live',
  new_campaign: 'marketing',
  campaign_scheduled: 'marketing',
  buyer_message: 'messages',
  welcome: null,
  account_approved: null,
  // Identity verification concerns the account and gates payouts: always delivered.
  kyc_status: null,
};

export const channelPreference = z.strictObject({ inApp: z.boolean(), email: z.boolean() });
export const notificationPreferencesSchema = z.strictObject({
  orders: channelPreference,
  returns: channelPreference,
  live: channelPreference,
  marketing: channelPreference,
  messages: channelPreference,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  orders: { inApp: true, email: true },
  returns: { inApp: true, email: true },
  live: { inApp: true, email: false },
  marketing: { inApp: true, email: false },
  messages: { inApp: true, email: true },
};

/** PUT /seller/settings/notifications: the whole table at once. */
export const notificationPreferencesBody = z.strictObject({ preferences: notificationPreferencesSchema });

const addressLine = (label: string, max: number) =>
  lineText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const warehouseBody = z.strictObject({
  name: addressLine('Warehouse name', 120),
  contactNumber: phoneNumberField,
  address: streetAddress('Warehouse address'),
});

/**
 * PUT /seller/settings/pickup-address: an individual's seller address, or a business's address and
 * (optionally) its warehouse. Saving it is what lifts the pickup-address gate (SPEC section 5).
 */
export const pickupAddressBody = z.strictObject({
  address: streetAddress('Pickup address'),
  warehouse: warehouseBody.optional(),
});
export type PickupAddressBody = z.input<typeof pickupAddressBody>;

const formAddress = z.object({
  country: z.string(),
  state: z.string(),
  city: z.string(),
  streetAddress1: z.string(),
  streetAddress2: z.string(),
  zipCode: z.string(),
});
export type FormAddress = z.infer<typeof formAddress>;

export const pickupAddressSchema = z.object({
  accountType: accountType.nullable(),
  /** hasFilledAddress (individual) or hasFilledBusinessAddress (business). */
  registered: z.boolean(),
  address: formAddress.nullable(),
  warehouse: z.object({ name: z.string(), contactNumber: z.string(), address: formAddress }).nullable(),
});
export type PickupAddress = z.infer<typeof pickupAddressSchema>;

/** PUT /seller/settings/returns-policy: the platform's 7 days, or the seller's own 7, 14 or 30. */
export const returnsPolicyBody = z
  .strictObject({
    returnsAndExchangePolicy: returnsPolicy,
    returnWindowDays: z
      .union([z.literal(7), z.literal(14), z.literal(30)], {
        error: 'Return window must be 7, 14 or 30 days',
      })
      .optional(),
  })
  .refine((v) => v.returnsAndExchangePolicy !== 'custom' || v.returnWindowDays !== undefined, {
    message: 'Choose a return window of 7, 14 or 30 days',
    path: ['returnWindowDays'],
  });
export type ReturnsPolicyBody = z.input<typeof returnsPolicyBody>;
export const returnsPolicySchema = z.object({
  returnsAndExchangePolicy: returnsPolicy,
  returnWindowDays: z.number().int(),
});
export type ReturnsPolicySettings = z.infer<typeof returnsPolicySchema>;

/** GET /seller/settings: every section the screen edits (delivery fees come from their own call). */
export const settingsResponse = z.object({
  /** Set while a "Close account" request waits out its grace period. */
  closure: z.lazy(() => accountClosureSchema).nullable(),
  store: storeProfileSchema,
  pickupAddress: pickupAddressSchema,
  returnsPolicy: returnsPolicySchema,
  notificationPreferences: notificationPreferencesSchema,
});
export type SettingsResponse = z.infer<typeof settingsResponse>;

export const settingsSavedResponse = settingsResponse.extend({ message: z.string() });
export type SettingsSavedResponse = z.infer<typeof settingsSavedResponse>;

/** POST /seller/settings/password: ends every other session; answers a fresh token for this one. */
export const changePasswordBody = z
  .strictObject({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required'),
    newPassword: passwordField,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'Choose a new password that differs from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export const changePasswordResponse = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** POST /seller/settings/sign-out-others: every other session ends; this one gets a fresh token. */
export const signOutOthersResponse = changePasswordResponse;

/** GET /api/seller/settings/sessions: the devices signed in now, the one asking marked `current`. */
export const sellerSessionsResponse = z.object({
  sessions: z.array(
    z.object({
      current: z.boolean(),
      /** "Chrome on Android". */
      device: z.string(),
      /** The network address with its last part hidden, e.g. 102.89.34.x ('' when unknown). */
      network: z.string(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
});
export type SellerSessionsResponse = z.infer<typeof sellerSessionsResponse>;

/** "Download your data": the latest request and, once ready, where to fetch the zip. */
export const dataExportSchema = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportResponse = z.object({ export: dataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof dataExportResponse>;
export const dataExportRequestedResponse = z.object({ message: z.string(), export: dataExportSchema });
export type DataExportRequestedResponse = z.infer<typeof dataExportRequestedResponse>;
/** The file name of the zip offered for download. */
export const DATA_EXPORT_FILE_NAME = 'kasuwa-store-data.zip';

/** Days between "Close account" and the account being disabled and anonymised; cancellable meanwhile. */
export const ACCOUNT_CLOSURE_GRACE_DAYS = 30;

/** POST /seller/settings/close-account: the store name typed out and the password, as confirmation. */
export const closeAccountBody = z.strictObject({
  storeName: z.string({ error: 'Type your store name' }).trim().min(1, 'Type your store name').max(60),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type CloseAccountBody = z.input<typeof closeAccountBody>;

export const accountClosureSchema = z.object({
  requestedAt: z.string(),
  /** ISO-8601: when the account is disabled and its personal data anonymised. */
  closesAt: z.string(),
});
export type AccountClosure = z.infer<typeof accountClosureSchema>;
export const accountClosureResponse = z.object({
  message: z.string(),
  closure: accountClosureSchema.nullable(),
});
export type AccountClosureResponse = z.infer<typeof accountClosureResponse>;
