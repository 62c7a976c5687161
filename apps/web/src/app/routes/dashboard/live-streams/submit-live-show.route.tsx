import { useSearchParams } from 'react-router';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { useAuthContext } from '@/features/auth/auth-context';
import { showKindFrom } from '@/features/live/live-paths';
import { SubmitLiveShow } from '@/features/live/submit-live-show';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { seller } = useDashboardContext();
  const { api } = useAuthContext();
  const [search] = useSearchParams();
  const kind = showKindFrom(search);
  return (
    <DashboardScreen title="Submit Live Show">
      {seller && <SubmitLiveShow key={`${seller._id}.${kind}`} kind={kind} sellerId={seller._id} api={api} />}
    </DashboardScreen>
  );
}
