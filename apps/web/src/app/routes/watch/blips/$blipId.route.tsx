import { useParams } from 'react-router';
import { BlipWatchPage } from '@/features/watch/blip-watch-page';

/** The public page of one blip: no session needed, a buyer log-in to like and comment. */
export function Component() {
  const { blipId = '' } = useParams();
  return <BlipWatchPage key={blipId} blipId={blipId} />;
}
