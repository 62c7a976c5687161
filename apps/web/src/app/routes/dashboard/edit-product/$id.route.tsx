import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Edit Product"
      description="Change a listed product's details, price, stock and variants."
    />
  );
}
