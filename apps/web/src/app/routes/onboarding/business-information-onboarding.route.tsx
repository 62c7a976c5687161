import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return (
    <OnboardingScreen
      title="Business Information"
      description="Your business e-mail, phone, address and, if you have one, your warehouse."
    />
  );
}
