import { useParams } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { MessageBuyerButton } from '@/features/conversations/message-buyer-button';
import { CustomerPage } from '@/features/customers/customer-page';
import { OrderRows } from '@/features/orders/order-list';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  const { id = '' } = useParams();
  return (
    <DashboardScreen title="Customer">
      <CustomerPage
        key={id}
        customerId={id}
        api={api}
        actions={<MessageBuyerButton api={api} about={{ buyerId: id }} />}
        renderOrders={(orders) => <OrderRows orders={orders} />}
      />
    </DashboardScreen>
  );
}
