import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Analytics & Insights"
      description="How your store, products and live shows are performing."
    />
  );
}
