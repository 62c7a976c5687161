import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { DraftsPage } from '@/features/products/drafts-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Drafts">
      {seller && <DraftsPage sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
