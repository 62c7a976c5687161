import { useParams } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { MessageBuyerButton } from '@/features/conversations/message-buyer-button';
import { OrderPage } from '@/features/orders/order-page';
import { OrderReturnsPanel } from '@/features/returns/order-returns-panel';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  const { orderId = '' } = useParams();
  return (
    <DashboardScreen title="Order Details">
      <div className="flex flex-col gap-4">
        <OrderPage
          key={orderId}
          orderId={orderId}
          api={api}
          actions={<MessageBuyerButton api={api} about={{ orderId }} />}
        />
        <OrderReturnsPanel key={`returns-${orderId}`} orderId={orderId} api={api} />
      </div>
    </DashboardScreen>
  );
}
