import type { AccountOverviewResponse } from '@kasuwa/contracts';
import { NotFoundError } from '@/lib/errors.ts';
import type { AccountRepository } from '@/modules/account/account.repository.ts';
import type { KycPort } from '@/modules/kyc/kyc.service.ts';

/** The store's public address: what the QR code and the share buttons carry. */
/**
 * The store's one shareable address: Kasuwa Connect's store link (modules/connect), which opens the live
 * show, else the next show, else the newest blip, else a page naming the store. There is no store page yet.
 */
export const storeUrlOf = (publicUrl: string, sellerId: string) =>
  `${publicUrl.replace(/\/$/, '')}/api/connect/go/${sellerId}`;

/** The Account screen (issue 17): one read of who the seller is and how their store stands. */
export function accountService(deps: {
  repo: AccountRepository;
  kyc: Pick<KycPort, 'status'>;
  publicUrl: string;
}) {
  const { repo } = deps;
  return {
    async overview(sellerId: string): Promise<AccountOverviewResponse> {
      const row = await repo.seller(repo.db, sellerId);
      if (!row) throw new NotFoundError('Seller');
      const { seller, submittedForReviewAt } = row;
      const [referredSellers, kycStatus] = await Promise.all([
        repo.referredCount(repo.db, sellerId),
        deps.kyc.status(repo.db, sellerId),
      ]);
      return {
        firstName: seller.firstName,
        lastName: seller.lastName,
        email: seller.email,
        emailVerified: seller.emailVerified,
        phoneNumber: seller.phoneNumber,
        storeName: seller.storeName,
        businessName: seller.businessName,
        storeAvatarUrl: seller.storeAvatarUrl,
        accountType: seller.accountType,
        isVerified: seller.isVerified,
        kycStatus,
        storeUrl: storeUrlOf(deps.publicUrl, seller.id),
        referralCode: seller.referralCode,
        referredSellers,
        memberSince: seller.createdAt.toISOString(),
        // SPEC section 9: onboarding time in hours and minutes — from sign-up to the application's review.
        onboardingMinutes: submittedForReviewAt
          ? Math.max(0, Math.round((submittedForReviewAt.getTime() - seller.createdAt.getTime()) / 60_000))
          : null,
      };
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
