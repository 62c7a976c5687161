import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Product Blips"
      description="Short product videos and the comments buyers leave on them."
    />
  );
}
