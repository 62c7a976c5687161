import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Settings"
      description="Your store preferences, vacation mode and notifications."
    />
  );
}
