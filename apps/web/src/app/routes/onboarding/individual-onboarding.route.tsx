import { IndividualInformationStep } from '@/features/onboarding/steps/individual-information-step';

export function Component() {
  return <IndividualInformationStep />;
}
