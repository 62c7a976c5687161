import { useAuthContext } from '@/features/auth/auth-context';
import { CouponsPage } from '@/features/coupons/coupons-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Coupons" description="Your discount coupons and how often buyers use them.">
      <CouponsPage api={api} />
    </DashboardScreen>
  );
}
