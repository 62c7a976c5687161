import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Inbox Campaigns"
      description="Messages you send to your buyers' inboxes, and how they perform."
    />
  );
}
