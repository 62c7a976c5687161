import { BusinessDetailsStep } from '@/features/onboarding/steps/business-details-step';

export function Component() {
  return <BusinessDetailsStep />;
}
