import { useAuthContext } from '@/features/auth/auth-context';
import { AccountApproval } from '@/features/onboarding/account-approval';

export function Component() {
  const { logout } = useAuthContext();
  return <AccountApproval onLogout={() => void logout()} />;
}
