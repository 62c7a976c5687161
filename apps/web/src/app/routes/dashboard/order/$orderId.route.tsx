import { useParams } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { MessageBuyerButton } from '@/features/conversations/message-buyer-button';
import { OrderPage } from '@/features/orders/order-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  const { orderId = '' } = useParams();
  return (
    <DashboardScreen title="Order Details">
      <div className="mb-3 flex justify-end">
        <MessageBuyerButton api={api} about={{ orderId }} />
      </div>
      <OrderPage key={orderId} orderId={orderId} api={api} />
    </DashboardScreen>
  );
}
