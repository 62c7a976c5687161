import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { ProductForm } from '@/features/products/product-form';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Add Product">
      {seller && <ProductForm sellerId={seller._id} mode={{ kind: 'add' }} api={api} />}
    </DashboardScreen>
  );
}
