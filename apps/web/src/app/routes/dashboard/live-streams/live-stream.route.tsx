import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { CohostingShows } from '@/features/live/cohosting-shows';
import { LiveShowTypes } from '@/features/live/live-show-types';
import { UpcomingShows } from '@/features/live/upcoming-shows';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Live Streams" description="Choose the kind of live show you want to run.">
      <LiveShowTypes />
      {seller && <CohostingShows api={api} />}
      {seller && <UpcomingShows sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
