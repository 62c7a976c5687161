import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Live Giveaways"
      description="Giveaways you run for your viewers during a live show."
    />
  );
}
