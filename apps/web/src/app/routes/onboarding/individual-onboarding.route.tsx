import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Individual Seller Information"
      description="Your name and address as an individual seller."
    />
  );
}
