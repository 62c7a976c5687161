import { z } from 'zod';
import { kycStatus } from './kyc.ts';
import { accountType } from './seller.ts';

/** The Account screen (issue 17): who the seller is and their store, in one read. */
export const accountOverviewResponse = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phoneNumber: z.string(),
  storeName: z.string(),
  businessName: z.string().nullable(),
  storeAvatarUrl: z.string().nullable(),
  accountType: accountType.nullable(),
  /** Approved to sell by the support team. */
  isVerified: z.boolean(),
  kycStatus: kycStatus,
  /** The store's public address, for the QR code and the share buttons. */
  storeUrl: z.string(),
  referralCode: z.string(),
  /** Sellers who registered with this seller's code. */
  referredSellers: z.number().int().min(0),
  /** ISO-8601. */
  memberSince: z.string(),
  /** From sign-up until the application went to review; null while onboarding is unfinished. */
  onboardingMinutes: z.number().int().min(0).nullable(),
});
export type AccountOverviewResponse = z.infer<typeof accountOverviewResponse>;
