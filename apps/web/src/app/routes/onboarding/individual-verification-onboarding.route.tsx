import { VerificationStep } from '@/features/onboarding/steps/verification-step';

export function Component() {
  return <VerificationStep form="individual" />;
}
