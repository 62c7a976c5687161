import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return <DashboardScreen title="Past Shows" description="Your finished live shows and how they went." />;
}
