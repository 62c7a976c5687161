import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const accountTypeEnum = pgEnum('account_type', ['individual', 'business']);

export type AddressRecord = {
  country: string;
  state: string;
  city: string;
  addressLine1: string;
  addressLine2?: string;
  zipCode?: string;
};

export type BankDetailsRecord = {
  bankName: string;
  bankCountry: string;
  bankAccountType: string;
  accountCurrency: string;
  accountNumber: string;
  accountName: string;
  swiftCode: string;
  bankIdentifierCode: string;
};

/** A seller account: SPEC section 3 "Seller". Money is integer kobo (house rule 8). */
export const sellers = pgTable(
  'sellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    storeName: text('store_name').notNull(),
    businessName: text('business_name'),
    passwordHash: text('password_hash').notNull(),
    storeAvatarUrl: text('store_avatar_url'),
    storeBannerUrl: text('store_banner_url'),
    accountType: accountTypeEnum('account_type'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Approved to sell by the support team. */
    isVerified: boolean('is_verified').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** A blocked seller's profile call answers 404 (SPEC section 4). */
    isBlocked: boolean('is_blocked').notNull().default(false),
    hasFilledAddress: boolean('has_filled_address').notNull().default(false),
    hasFilledBusinessAddress: boolean('has_filled_business_address').notNull().default(false),
    onboardingProcess: text('onboarding_process'),
    walletBalanceKobo: bigint('wallet_balance_kobo', { mode: 'number' }).notNull().default(0),
    bankDetails: jsonb('bank_details').$type<BankDetailsRecord>(),
    sellerAddress: jsonb('seller_address').$type<AddressRecord>(),
    businessAddress: jsonb('business_address').$type<AddressRecord>(),
    vacationMode: boolean('vacation_mode').notNull().default(false),
    /** The store's public link (Settings); unique whatever its case, null until the seller saves one. */
    storeSlug: text('store_slug'),
    storeDescription: text('store_description').notNull().default(''),
    /** "Close account" (Settings): the account closes 30 days after this unless the seller cancels. */
    closureRequestedAt: timestamp('closure_requested_at', { withTimezone: true }),
    /** When the closure job disabled the account and anonymised its personal data. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Per group and channel (contracts/settings.ts); null means the defaults. */
    notificationPreferences:
      jsonb('notification_preferences').$type<Record<string, { inApp: boolean; email: boolean }>>(),
    /**
     * Bumped by statement triggers on products (migration 0008) with every insert, update and delete of
     * this seller's products: the products lists' answers are cached per node against it.
     */
    catalogueVersion: bigint('catalogue_version', { mode: 'number' }).notNull().default(0),
    /** This seller's code to share; a new seller who registers with it is counted as referred. */
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => sellers.id, { onDelete: 'set null' }),
    /** Bumped on password reset: every token issued before it stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail and store name are unique whatever their case.
    uniqueIndex('sellers_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('sellers_store_name_lower_key').on(sql`lower(${t.storeName})`),
    index('sellers_created_at_idx').on(t.createdAt),
    uniqueIndex('sellers_referral_code_key').on(t.referralCode),
    uniqueIndex('sellers_store_slug_lower_key').on(sql`lower(${t.storeSlug})`),
  ],
);

export type SellerRow = typeof sellers.$inferSelect;
export type NewSellerRow = typeof sellers.$inferInsert;
