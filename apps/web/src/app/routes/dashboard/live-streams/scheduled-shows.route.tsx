import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Scheduled Shows"
      description="Your upcoming live shows, ready to start or reschedule."
    />
  );
}
