import { PRODUCT_NAME } from '@kasuwa/contracts';
import { useAuthContext } from '@/features/auth/auth-context';
import { ConnectPage } from '@/features/connect/connect-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

// The spec's `{product}-connect` screen; its URL segment is built from the brand in app/paths.ts.
export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title={`${PRODUCT_NAME} Connect`}>
      <ConnectPage api={api} />
    </DashboardScreen>
  );
}
