import { useParams } from 'react-router';
import { useAuctionStatus } from '@/features/live/use-auction-status';
import { WatchPage } from '@/features/watch/watch-page';

/**
 * The public watch page: no session needed. The auction status rules of SPEC section 4 live with
 * the live feature; the route hands them to the watch page, as features do not import each other.
 */
export function Component() {
  const { streamId = '' } = useParams();
  const auction = useAuctionStatus();
  return <WatchPage key={streamId} streamId={streamId} auction={auction} />;
}
