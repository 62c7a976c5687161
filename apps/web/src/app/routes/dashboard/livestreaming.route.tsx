import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return <DashboardScreen title="Livestreaming" description="Your broadcast while it is on air." />;
}
