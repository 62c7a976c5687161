import type { AccountType, OnboardingProcessMarker, OnboardingStepResponse } from '@kasuwa/contracts';
import type { SellerRow } from '@/db/schema/index.ts';
import { ConflictError } from '@/lib/errors.ts';
import type { TokenService } from '@/lib/tokens.ts';

/**
 * What every onboarding step shares, whether it carries a form (onboarding.service.ts) or files
 * (seller-files.service.ts): where it moves the seller, who may take it, and its answer.
 */

/**
 * The marker a step moves the seller to. A seller who finished onboarding stays finished when they
 * revisit a step (e.g. to change their bank details).
 */
export function advance(current: string | null, next: OnboardingProcessMarker): OnboardingProcessMarker {
  return current === 'account-approval' ? 'account-approval' : next;
}

/** A business step taken by an individual (or the reverse) is refused: the seller chose the other. */
export function requireAccountType(row: SellerRow, type: AccountType): void {
  if (row.accountType !== type) {
    throw new ConflictError(
      `This step is for ${type} sellers. Choose ${type === 'business' ? 'Business' : 'Individual'} on Apply To Sell first.`,
    );
  }
}

/** Every step answers a refreshed token and the step the seller resumes at. */
export const stepAnswer =
  (tokens: TokenService) =>
  async (row: SellerRow): Promise<OnboardingStepResponse> => ({
    token: await tokens.sign({ id: row.id, tokenVersion: row.tokenVersion }),
    onboardingProcess: row.onboardingProcess as OnboardingProcessMarker | null,
  });
