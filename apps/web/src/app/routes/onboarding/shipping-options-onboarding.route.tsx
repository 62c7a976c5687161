import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Shipping Options"
      description="How your orders are shipped and which returns and exchange policy you offer."
    />
  );
}
