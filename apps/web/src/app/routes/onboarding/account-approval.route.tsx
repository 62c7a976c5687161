import { useAuthContext } from '@/features/auth/auth-context';
import { AccountApproval } from '@/features/onboarding/account-approval';

export function Component() {
  const { state, logout } = useAuthContext();
  return <AccountApproval sellerId={state.user?._id ?? null} onLogout={() => void logout()} />;
}
