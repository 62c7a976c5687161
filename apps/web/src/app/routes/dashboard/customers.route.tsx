import { useAuthContext } from '@/features/auth/auth-context';
import { CustomersPage } from '@/features/customers/customers-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Customers">
      <CustomersPage api={api} />
    </DashboardScreen>
  );
}
