import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return <DashboardScreen title="Products" description="Your product catalogue with its prices and stock." />;
}
