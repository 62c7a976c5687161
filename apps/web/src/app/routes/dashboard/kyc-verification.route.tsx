import { useAuthContext } from '@/features/auth/auth-context';
import { KycPage } from '@/features/kyc/kyc-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="KYC Verification">
      <KycPage api={api} />
    </DashboardScreen>
  );
}
