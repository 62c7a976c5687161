import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Customer"
      description="A buyer's details and their order history with your store."
    />
  );
}
