import { AccountPage } from '@/features/account/account-page';
import { useAuthContext } from '@/features/auth/auth-context';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Account">
      <AccountPage api={api} />
    </DashboardScreen>
  );
}
