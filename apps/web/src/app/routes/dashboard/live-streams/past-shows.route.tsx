import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { PastShows } from '@/features/live/past-shows';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Past Shows">
      {seller && <PastShows sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
