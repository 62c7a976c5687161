import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { LiveShowWizard } from '@/features/live/live-show-wizard';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Create Live Show">
      {seller && <LiveShowWizard key={seller._id} kind="live_show" sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
