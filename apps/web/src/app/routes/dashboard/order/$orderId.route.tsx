import { useParams } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { OrderPage } from '@/features/orders/order-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  const { orderId = '' } = useParams();
  return (
    <DashboardScreen title="Order Details">
      <OrderPage key={orderId} orderId={orderId} api={api} />
    </DashboardScreen>
  );
}
