import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Marketing"
      description="Coupons and inbox campaigns that bring buyers back to your store."
    />
  );
}
