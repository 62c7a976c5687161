import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Create Live Auction"
      description="Plan a live auction and choose the products buyers bid on."
    />
  );
}
