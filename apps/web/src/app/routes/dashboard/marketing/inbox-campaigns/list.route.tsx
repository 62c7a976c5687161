import { useAuthContext } from '@/features/auth/auth-context';
import { CampaignsListPage } from '@/features/campaigns/campaigns-list-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen
      title="Inbox Campaigns"
      description="Messages you send to your buyers' inboxes, and how they perform."
    >
      <CampaignsListPage api={api} />
    </DashboardScreen>
  );
}
