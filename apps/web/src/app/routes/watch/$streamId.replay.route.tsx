import { useParams } from 'react-router';
import { WatchReplayPage } from '@/features/watch/watch-replay';

/** issue 21: an ended show's replay, public like the watch page. */
export function Component() {
  const { streamId = '' } = useParams();
  return <WatchReplayPage key={streamId} streamId={streamId} />;
}
