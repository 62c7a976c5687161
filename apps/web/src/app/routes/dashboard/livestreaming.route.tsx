import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { OnAir } from '@/features/live/on-air';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Livestreaming" description="Your broadcast while it is on air.">
      {seller && <OnAir sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
