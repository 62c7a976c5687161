import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { GiveawaysPage } from '@/features/giveaways/giveaways-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Live Giveaways">
      {seller && <GiveawaysPage sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
