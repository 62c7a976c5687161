import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen title="Submit Live Show" description="Review your live show's details and submit it." />
  );
}
