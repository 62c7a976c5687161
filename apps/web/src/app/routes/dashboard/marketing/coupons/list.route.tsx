import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen title="Coupons" description="Your discount coupons and how often buyers use them." />
  );
}
