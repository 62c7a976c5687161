import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Individual Verification"
      description="Upload your tax or VAT ID, a government ID and a proof of address."
    />
  );
}
