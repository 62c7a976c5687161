import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { ScheduledShows } from '@/features/live/scheduled-shows';
import { WaitingShows } from '@/features/live/waiting-shows';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Scheduled Shows">
      {seller && <WaitingShows sellerId={seller._id} />}
      {seller && <ScheduledShows sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
