import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Order Details"
      description="One order's items, buyer, payment and delivery progress."
    />
  );
}
