import { BusinessInformationStep } from '@/features/onboarding/steps/business-information-step';

export function Component() {
  return <BusinessInformationStep />;
}
