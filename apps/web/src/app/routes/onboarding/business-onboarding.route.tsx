import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Business Details"
      description="Your business name, business type and tax information."
    />
  );
}
