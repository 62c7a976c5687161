import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Returns Center"
      description="Return requests from buyers and how each one was resolved."
    />
  );
}
