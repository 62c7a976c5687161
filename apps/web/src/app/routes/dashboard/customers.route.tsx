import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return <DashboardScreen title="Customers" description="The buyers who have ordered from your store." />;
}
