import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { BlipsPage } from '@/features/blips/blips-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Product Blips">
      {seller && <BlipsPage sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
