import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen title="Live Streams" description="Go live, and manage your live shows and auctions." />
  );
}
