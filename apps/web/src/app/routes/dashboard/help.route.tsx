import { useAuthContext } from '@/features/auth/auth-context';
import { HelpPage } from '@/features/help/help-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Help & Support">
      <HelpPage api={api} />
    </DashboardScreen>
  );
}
