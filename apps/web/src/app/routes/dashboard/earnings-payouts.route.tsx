import { useAuthContext } from '@/features/auth/auth-context';
import { EarningsPage } from '@/features/earnings/earnings-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Earnings & Payouts">
      <EarningsPage api={api} />
    </DashboardScreen>
  );
}
