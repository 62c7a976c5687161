import { useCallback } from 'react';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { ProductsPage } from '@/features/products/products-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller, setVacationMode } = useDashboardContext();
  const { api } = useAuthContext();
  const current = seller?.vacationMode;
  // The list answers the store's vacation state too; when it differs, the header banner follows it.
  const onVacationMode = useCallback(
    (isOn: boolean) => {
      if (current !== undefined && current !== isOn) setVacationMode(isOn);
    },
    [current, setVacationMode],
  );
  return (
    <DashboardScreen title="Products">
      {seller && <ProductsPage sellerId={seller._id} api={api} onVacationMode={onVacationMode} />}
    </DashboardScreen>
  );
}
