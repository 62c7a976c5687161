import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Apply To Sell"
      description="Tell us whether you sell as a registered business or as an individual."
    />
  );
}
