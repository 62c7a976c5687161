import { useAuthContext } from '@/features/auth/auth-context';
import { InsightsPage } from '@/features/insights/insights-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Analytics & Insights">
      <InsightsPage api={api} />
    </DashboardScreen>
  );
}
