import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Create Inbox Campaign"
      description="Write a message for your buyers' inboxes and choose when it goes out."
    />
  );
}
