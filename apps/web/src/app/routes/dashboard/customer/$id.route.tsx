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
      <div className="mb-3 flex justify-end">
        <MessageBuyerButton api={api} about={{ buyerId: id }} />
      </div>
      <CustomerPage
        key={id}
        customerId={id}
        api={api}
        renderOrders={(orders) => <OrderRows orders={orders} />}
      />
    </DashboardScreen>
  );
}
