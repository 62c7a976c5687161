import { AccountTypeStep } from '@/features/onboarding/steps/account-type-step';

export function Component() {
  return <AccountTypeStep />;
}
