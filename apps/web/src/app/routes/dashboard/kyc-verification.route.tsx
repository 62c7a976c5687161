import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="KYC Verification"
      description="Verify your identity so you can keep selling and receive payouts."
    />
  );
}
