import { BankDetailsStep } from '@/features/onboarding/steps/bank-details-step';

export function Component() {
  return <BankDetailsStep />;
}
