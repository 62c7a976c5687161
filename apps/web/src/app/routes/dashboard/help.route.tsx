import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Help & Support"
      description="Answers to common questions and ways to reach our support team."
    />
  );
}
