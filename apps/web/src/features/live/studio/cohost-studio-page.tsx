import { Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { CommentList } from '@/features/live/studio/live-feed';
import { ProductRail } from '@/features/live/studio/product-rail';
import { StudioHeader } from '@/features/live/studio/studio-header';
import { StudioLoadFailed, StudioLoading } from '@/features/live/studio/studio-screens';
import { useAuctionRail } from '@/features/live/studio/use-auction-rail';
import { usePin } from '@/features/live/studio/use-pin';
import { useStudioRoom } from '@/features/live/studio/use-studio-room';
import type { ConnectLiveSocket } from '@/features/live-room/live-socket';
import { PinnedComment } from '@/features/live-room/moderation-controls';
import { useRoomModeration } from '@/features/live-room/room-moderation';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useNow } from '@/lib/use-now';
import { buttonClasses } from '@/ui/button';

/** Where a co-host came from: the Live Stream page lists the shows they co-host. */
const BACK = paths.dashboard.liveStreams.liveStream;

/**
 * The host's rail calls, made as the co-host: `POST /streams/{id}/activate-product-bidding` and
 * `/pin` go to their `/cohost/` twins, which the server allows the invited seller until the show
 * ends. Everything else (reads) is unchanged.
 */
export function cohostApi(api: ApiClient): ApiClient {
  const rail = /^(\/streams\/[^/]+)\/(activate-product-bidding|pin)$/;
  return {
    ...api,
    post: (path, body, options) => api.post(path.replace(rail, '$1/cohost/$2'), body, options),
  };
}

/**
 * Issue 21: the co-host's studio, on their own device and account. It runs the product rail
 * (bidding, the pinned product) and reads the chat; it has no camera, no Go Live and no End Show,
 * which stay the host's.
 */
export function CohostStudioPage({
  streamId,
  sellerId,
  api = appApi,
  connect,
}: {
  streamId: string;
  sellerId: string | null;
  api?: ApiClient;
  connect?: ConnectLiveSocket;
}) {
  const cohost = useMemo(() => cohostApi(api), [api]);
  const live = useStudioRoom({ streamId, sellerId, api, connect });
  const now = useNow();
  const { room, stream, status, isLive, auction } = live;
  useDocumentTitle(stream ? `Co-host · ${stream.title}` : 'Co-host studio');
  const rail = useAuctionRail({
    api: cohost,
    streamId,
    products: room.products,
    statuses: auction.statuses,
    startStatus: auction.activate,
    apply: live.apply,
  });
  const pin = usePin({ api: cohost, streamId });
  const moderation = useRoomModeration({ api, streamId, socket: live.socket, viewer: 'cohost' });

  if (live.query.isPending) return <StudioLoading />;
  if (live.query.isError || !stream)
    return <StudioLoadFailed error={live.query.error} onRetry={() => void live.query.refetch()} />;
  if (status === 'ended' || status === 'expired') {
    return (
      <main className="flex h-dvh flex-col items-center justify-center gap-2 bg-canvas p-6 text-center">
        <h1 className="font-semibold text-ink text-xl">This show has ended</h1>
        <p className="max-w-sm text-ink-muted">Your co-host access ended with it. Thanks for helping!</p>
        <Link to={BACK} className={`${buttonClasses({ variant: 'secondary' })} mt-2`}>
          Back to Live Stream
        </Link>
      </main>
    );
  }

  return (
    <main className="flex h-dvh flex-col bg-canvas lg:flex-row">
      <section aria-label="Show" className="shrink-0 bg-ink text-white lg:flex-1">
        <StudioHeader
          stream={stream}
          isLive={isLive}
          viewerCount={room.viewerCount}
          now={now}
          leaveTo={BACK}
        />
        <p className="flex items-center gap-2 px-4 pb-3 text-sm text-white/85">
          <Users className="size-4 shrink-0" aria-hidden />
          Co-host: you run the products; the host runs the camera and ends the show.
        </p>
      </section>
      <div className="flex min-h-0 flex-1 flex-col lg:w-[420px] lg:flex-none lg:border-line lg:border-l">
        <section aria-label="Products" className="min-h-0 flex-1 overflow-y-auto">
          <ProductRail
            products={room.products}
            statuses={auction.statuses}
            auction={live.isAuction}
            live={isLive}
            activatingId={rail.activatingId}
            onActivate={(product) => void rail.activate(product)}
            now={now}
            pin={{ pinnedProductId: pin.pinnedProductId, pinningId: pin.pinningId, onPin: pin.setPinned }}
          />
        </section>
        <section
          aria-label="Chat"
          className="flex max-h-[35dvh] min-h-0 flex-col border-line border-t bg-surface"
        >
          {moderation.pinnedComment && (
            <PinnedComment comment={moderation.pinnedComment} className="m-3 mb-0" />
          )}
          <CommentList items={room.feed} removed={moderation.removed} />
        </section>
      </div>
    </main>
  );
}
