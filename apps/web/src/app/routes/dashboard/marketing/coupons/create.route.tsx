import { useSearchParams } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { CouponForm } from '@/features/coupons/coupon-form';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  const [search] = useSearchParams();
  const editing = search.get('edit');
  return (
    <DashboardScreen
      title={editing ? 'Edit Coupon' : 'Create Coupon'}
      description="Set up a discount code for your buyers."
    >
      <CouponForm key={editing ?? 'new'} api={api} couponId={editing} />
    </DashboardScreen>
  );
}
