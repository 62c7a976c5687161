import type { OnboardingProcessMarker, Seller } from '@kasuwa/contracts';
import type { AddressRecord, SellerRow } from '@/db/schema/index.ts';

const address = (a: AddressRecord | null) =>
  a
    ? {
        country: a.country,
        state: a.state,
        city: a.city,
        addressLine1: a.addressLine1,
        ...(a.addressLine2 ? { addressLine2: a.addressLine2 } : {}),
        ...(a.zipCode ? { zipCode: a.zipCode } : {}),
      }
    : null;

/** The seller record as the API answers it (SPEC section 3): ids as `_id`, money in naira. */
export function toSellerView(row: SellerRow): Seller {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    storeName: row.storeName,
    businessName: row.businessName,
    storeAvatar: { url: row.storeAvatarUrl },
    storeBanner: { url: row.storeBannerUrl },
    createdAt: row.createdAt.toISOString(),
    accountType: row.accountType,
    emailVerified: row.emailVerified,
    isVerified: row.isVerified,
    isDisabled: row.isDisabled,
    hasFilledAddress: row.hasFilledAddress,
    hasFilledBusinessAddress: row.hasFilledBusinessAddress,
    onboardingProcess: row.onboardingProcess as OnboardingProcessMarker | null,
    // The ledger's available balance: kept equal to it by every posting (modules/ledger, issue 15).
    walletBalance: row.walletBalanceKobo / 100,
    bankDetails: row.bankDetails
      ? {
          accountNumber: row.bankDetails.accountNumber,
          accountName: row.bankDetails.accountName,
          bankName: row.bankDetails.bankName,
          accountCurrency: row.bankDetails.accountCurrency,
        }
      : null,
    sellerAddress: address(row.sellerAddress),
    businessAddress: address(row.businessAddress),
    referralCode: row.referralCode,
    vacationMode: row.vacationMode,
  };
}
