import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Edit Product"
      description="Choose a product from your catalogue to change its details."
    />
  );
}
