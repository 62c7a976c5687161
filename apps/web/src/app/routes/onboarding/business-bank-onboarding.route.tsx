import { OnboardingScreen } from '@/features/onboarding/onboarding-screen';

export function Component() {
  return <OnboardingScreen title="Bank Details" description="The bank account your payouts are sent to." />;
}
