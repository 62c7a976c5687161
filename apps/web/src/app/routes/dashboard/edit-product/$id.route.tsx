import { useParams } from 'react-router';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { EditProductForm } from '@/features/products/edit-product-form';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  const { id = '' } = useParams();
  return (
    <DashboardScreen title="Edit Product">
      {seller && <EditProductForm key={id} sellerId={seller._id} productId={id} api={api} />}
    </DashboardScreen>
  );
}
