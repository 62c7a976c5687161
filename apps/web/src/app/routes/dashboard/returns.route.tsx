import { useAuthContext } from '@/features/auth/auth-context';
import { ReturnsPage } from '@/features/returns/returns-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Returns Center">
      <ReturnsPage api={api} />
    </DashboardScreen>
  );
}
