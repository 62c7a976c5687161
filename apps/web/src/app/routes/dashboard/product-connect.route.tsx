import { PRODUCT_NAME } from '@kasuwa/contracts';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

// The spec's `{product}-connect` screen; its URL segment is built from the brand in app/paths.ts.
export function Component() {
  return (
    <DashboardScreen
      title={`${PRODUCT_NAME} Connect`}
      description={`Link your store to the services and partners of ${PRODUCT_NAME} Connect.`}
    />
  );
}
