import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Dashboard"
      description="Your sales, orders and upcoming live shows at a glance."
    />
  );
}
