import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Account Approval"
      description="Where your seller application stands after our review."
    />
  );
}
