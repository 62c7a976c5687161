import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen title="Account" description="Your seller profile, store details and bank account." />
  );
}
