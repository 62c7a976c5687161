import { z } from 'zod';

/** Where a seller is in onboarding (SPEC section 3 "Onboarding process markers"). */
export const onboardingProcessMarker = z.enum([
  'business-onboarding',
  'business-information-onboarding',
  'business-verification-onboarding',
  'business-bank-onboarding',
  'business-category-onboarding',
  // Not in the spec's list: the shipping step sits between categories and the profile images
  // (docs/spec-deviations.md), and a seller who leaves there must come back to it.
  'shipping-options-onboarding',
  'individual-onboarding',
  'individual-verification-onboarding',
  'create-profile',
  'account-approval',
]);
export type OnboardingProcessMarker = z.infer<typeof onboardingProcessMarker>;

export const accountType = z.enum(['individual', 'business']);
export type AccountType = z.infer<typeof accountType>;

const addressSummary = z.object({
  country: z.string(),
  state: z.string(),
  city: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  zipCode: z.string().optional(),
});

/** The seller record as the API returns it and the web stores it (SPEC section 3 "Seller"). */
export const sellerSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  storeName: z.string(),
  businessName: z.string().nullable(),
  storeAvatar: z.object({ url: z.string().nullable() }),
  storeBanner: z.object({ url: z.string().nullable() }),
  createdAt: z.string(),
  accountType: accountType.nullable(),
  emailVerified: z.boolean(),
  /** Approved to sell by the support team. */
  isVerified: z.boolean(),
  isDisabled: z.boolean(),
  hasFilledAddress: z.boolean(),
  hasFilledBusinessAddress: z.boolean(),
  onboardingProcess: onboardingProcessMarker.nullable(),
  /** Naira (the database keeps kobo). */
  walletBalance: z.number(),
  bankDetails: z
    .object({
      accountNumber: z.string(),
      accountName: z.string(),
      bankName: z.string(),
      accountCurrency: z.string(),
    })
    .nullable(),
  sellerAddress: addressSummary.nullable(),
  businessAddress: addressSummary.nullable(),
  /** This seller's own code, to share with other sellers. */
  referralCode: z.string(),
  vacationMode: z.boolean(),
});
export type Seller = z.infer<typeof sellerSchema>;
