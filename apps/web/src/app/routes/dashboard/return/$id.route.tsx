import { useParams } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { ReturnPage } from '@/features/returns/return-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  const { id = '' } = useParams();
  return (
    <DashboardScreen title="Return Details">
      <ReturnPage key={id} returnId={id} api={api} />
    </DashboardScreen>
  );
}
