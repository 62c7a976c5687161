import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen title="Drafts" description="Products you started listing and have not published yet." />
  );
}
