import { useParams } from 'react-router';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { CohostStudioPage } from '@/features/live/studio/cohost-studio-page';

/** issue 21: the co-host's studio, full screen like the host's (the layout matches live-stream-studio/*). */
export function Component() {
  const { id = '' } = useParams();
  const { seller } = useDashboardContext();
  return <CohostStudioPage key={id} streamId={id} sellerId={seller?._id ?? null} />;
}
