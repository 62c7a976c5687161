import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Business Verification"
      description="Upload your certificate of incorporation and business tax ID."
    />
  );
}
