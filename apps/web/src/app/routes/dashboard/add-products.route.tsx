import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Add Product"
      description="List a new product with its photos, price, stock and variants."
    />
  );
}
