import { useParams } from 'react-router';
import { useDashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { StudioPage } from '@/features/live/studio/studio-page';

/** Full screen (the dashboard layout drops the sidebar for this path). */
export function Component() {
  const { id = '' } = useParams();
  const { seller } = useDashboardContext();
  return <StudioPage key={id} streamId={id} sellerId={seller?._id ?? null} />;
}
