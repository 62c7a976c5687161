import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { CampaignCreatePage } from '@/features/campaigns/campaign-create-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  const { seller } = useDashboardContext();
  return (
    <DashboardScreen
      title="Create Inbox Campaign"
      description="Write a message for your buyers' inboxes and choose when it goes out."
    >
      {seller && <CampaignCreatePage api={api} sellerId={seller._id} />}
    </DashboardScreen>
  );
}
