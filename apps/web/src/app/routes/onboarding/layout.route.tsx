import { Outlet } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { OnboardingProvider } from '@/features/onboarding/onboarding-provider';

/**
 * One provider for every step, so the form survives moving between them. It uses the session's API
 * client, so a 401 from any step (an upload included) ends the session the one way.
 */
export function Component() {
  const { api } = useAuthContext();
  return (
    <OnboardingProvider api={api}>
      <Outlet />
    </OnboardingProvider>
  );
}
