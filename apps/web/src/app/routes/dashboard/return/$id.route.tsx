import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Return Details"
      description="One return request, its reason and the refund decision."
    />
  );
}
