import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return <DashboardScreen title="Create Coupon" description="Set up a discount code for your buyers." />;
}
