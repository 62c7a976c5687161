import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Create Profile"
      description="Add the banner and profile images buyers see on your store."
    />
  );
}
