import { AppStoreBadges } from '@/features/app-promotion/app-store-badges';
import { AccountTypeStep } from '@/features/onboarding/steps/account-type-step';

// SPEC section 1: the mobile app promotion belongs on the account-type screen.
export function Component() {
  return (
    <>
      <AccountTypeStep />
      <div className="mx-auto w-full max-w-xl px-4 pb-8">
        <AppStoreBadges />
      </div>
    </>
  );
}
