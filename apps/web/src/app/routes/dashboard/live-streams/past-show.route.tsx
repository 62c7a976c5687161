import { useParams } from 'react-router';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { PastShowPage } from '@/features/live/replay/past-show-page';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { id = '' } = useParams();
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Past Show">
      {seller && <PastShowPage key={id} streamId={id} sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
