import { Outlet } from 'react-router';
import { OnboardingProvider } from '@/features/onboarding/onboarding-provider';

/** One provider for every step, so the form survives moving between them. */
export function Component() {
  return (
    <OnboardingProvider>
      <Outlet />
    </OnboardingProvider>
  );
}
