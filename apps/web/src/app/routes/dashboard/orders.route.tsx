import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return <DashboardScreen title="Orders" description="Your orders, their status and fulfilment." />;
}
