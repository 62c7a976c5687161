import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="What Will You Sell"
      description="Choose the categories and sub-categories of the products you sell."
    />
  );
}
