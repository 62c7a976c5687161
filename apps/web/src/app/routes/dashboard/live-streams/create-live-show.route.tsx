import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Create Live Show"
      description="Plan an open live show: its title, cover, products and start time."
    />
  );
}
