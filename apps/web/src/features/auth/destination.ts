import type { Seller } from '@kasuwa/contracts';
import { paths } from '@/app/paths';

/**
 * Where a seller goes after logging in or verifying their e-mail, from their onboarding marker:
 * none yet starts onboarding, 'account-approval' is the dashboard once approved (the approval
 * screen until then), and any other marker resumes that step.
 */
export function destinationAfterLogin(user: Pick<Seller, 'onboardingProcess' | 'isVerified'>): string {
  const marker = user.onboardingProcess;
  if (marker === null) return paths.onboarding.profile;
  if (marker === 'account-approval') {
    return user.isVerified ? paths.dashboard.home : paths.onboarding.accountApproval;
  }
  return paths.onboarding.step(marker);
}
