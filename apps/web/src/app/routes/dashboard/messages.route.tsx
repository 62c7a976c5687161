import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return <DashboardScreen title="Messages" description="Your conversations with buyers." />;
}
