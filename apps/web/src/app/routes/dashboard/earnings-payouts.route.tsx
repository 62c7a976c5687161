import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Earnings & Payouts"
      description="Your wallet balance, your earnings and the payouts to your bank account."
    />
  );
}
