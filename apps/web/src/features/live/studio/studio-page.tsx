import type { VideoProvider } from '@kasuwa/contracts';
import { Radio } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { recordingStore } from '@/features/live/replay/recording-store';
import { useReplayRecorder } from '@/features/live/replay/use-replay-recorder';
import { CameraControls, CameraPreview } from '@/features/live/studio/camera-preview';
import { EndShow } from '@/features/live/studio/end-show';
import { PreviewTools, usePreviewHidden } from '@/features/live/studio/preview-tools';
import { ProductRail } from '@/features/live/studio/product-rail';
import { StudioGiveaways } from '@/features/live/studio/studio-giveaways';
import { StudioHeader } from '@/features/live/studio/studio-header';
import { useStudioModeration } from '@/features/live/studio/studio-moderation';
import { OpenElsewhere, VideoFailed, WinnerBanner } from '@/features/live/studio/studio-overlays';
import { StudioPanels } from '@/features/live/studio/studio-panels';
import {
  ShowEnded,
  ShowExpired,
  StudioLoadFailed,
  StudioLoading,
} from '@/features/live/studio/studio-screens';
import { useAuctionRail } from '@/features/live/studio/use-auction-rail';
import { type MediaDevicesLike, useCamera } from '@/features/live/studio/use-camera';
import { useGoLive } from '@/features/live/studio/use-go-live';
import { usePin } from '@/features/live/studio/use-pin';
import { usePublishing } from '@/features/live/studio/use-publishing';
import { useStudioRoom } from '@/features/live/studio/use-studio-room';
import type { LiveProduct } from '@/features/live-room/live-room';
import type { ConnectLiveSocket } from '@/features/live-room/live-socket';
import { PinnedComment } from '@/features/live-room/moderation-controls';
import { loadVideoProvider, type VideoProviderClient } from '@/features/live-room/video/video-provider';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { studioVideoProfile, useDataSaver } from '@/lib/data-saver';
import { useDocumentTitle } from '@/lib/document-title';
import { useNow } from '@/lib/use-now';
import { Button } from '@/ui/button';

/**
 * The live-stream studio (SPEC section 2, full screen): the camera, Go Live and End Show, the
 * elapsed time and viewer count, the product rail with bidding, the bid feed, and the live chat.
 * Every outside part (API, socket, media devices, video provider) can be handed in, so tests run
 * it whole with fakes. Each concern is a hook of its own: the show and its chat (useStudioRoom),
 * the camera (useCamera), going live (useGoLive), sending the video (usePublishing) and the
 * auction controls of the product rail (useAuctionRail); this page lays them out.
 */
export interface StudioPageProps {
  streamId: string;
  sellerId: string | null;
  api?: ApiClient;
  connect?: ConnectLiveSocket;
  mediaDevices?: MediaDevicesLike;
  loadProvider?: (name: VideoProvider) => Promise<VideoProviderClient>;
}

export function StudioPage({
  streamId,
  sellerId,
  api = appApi,
  connect,
  mediaDevices,
  loadProvider = loadVideoProvider,
}: StudioPageProps) {
  const navigate = useNavigate();
  const live = useStudioRoom({ streamId, sellerId, api, connect });
  // Data-saver (docs/phone.md): a lighter camera and encoder, the data used, the preview hidden.
  const dataSaver = useDataSaver();
  const profile = studioVideoProfile(dataSaver);
  const [previewHidden, togglePreview] = usePreviewHidden();
  const camera = useCamera(mediaDevices, profile);
  const now = useNow();
  const { room, stream, status, isLive, auction } = live;
  useDocumentTitle(stream ? `Studio · ${stream.title}` : 'Live Stream Studio');

  const { broadcast, goingLive, goLive } = useGoLive({
    api,
    streamId,
    stream,
    status,
    cameraStream: camera.stream,
    apply: live.apply,
    refetch: live.refetch,
  });
  const publishing = usePublishing({
    api,
    streamId,
    broadcast,
    socket: live.socket,
    connected: live.connected,
    camera,
    loadProvider,
    profile,
  });
  const rail = useAuctionRail({
    api,
    streamId,
    products: room.products,
    statuses: auction.statuses,
    startStatus: auction.activate,
    apply: live.apply,
  });

  const pin = usePin({ api, streamId });
  // issue 21: moderators, slow mode, muted words, the pinned comment, the co-host.
  const moderation = useStudioModeration({ api, streamId, socket: live.socket });
  // issue 21: with the local provider this window records the show for its replay.
  const recorder = useReplayRecorder({
    streamId,
    stream: camera.stream,
    active: isLive && publishing.role === 'publisher' && stream?.videoProvider === 'local',
    store: recordingStore(),
  });

  const { stop: stopPublishing } = publishing;
  const releaseCamera = camera.release;
  const stopRecording = recorder.stop;
  const onEnded = useCallback(async () => {
    await stopRecording().catch(() => false);
    stopPublishing();
    releaseCamera();
    navigate(paths.dashboard.liveStreams.pastShow(streamId));
  }, [stopRecording, stopPublishing, releaseCamera, navigate, streamId]);

  // What the memoised parts are given keeps its identity between renders, so that a bid or a
  // comment (a render of this page a frame) redraws only the panels (issue 20, INP).
  const { closing, activate } = rail;
  const onActivate = useCallback((product: LiveProduct) => void activate(product), [activate]);
  const { pinnedProductId, pinningId, setPinned } = pin;
  const pinControls = useMemo(
    () => ({ pinnedProductId, pinningId, onPin: setPinned }),
    [pinnedProductId, pinningId, setPinned],
  );
  const { role, bytesUsed, reclaim, videoStatus } = publishing;
  const previewOverlay = useMemo(
    () => (
      <>
        {camera.stream && (
          <PreviewTools
            hidden={previewHidden}
            onToggleHidden={togglePreview}
            bytesUsed={role === 'publisher' ? bytesUsed : null}
            dataSaver={dataSaver ? profile : null}
          />
        )}
        {closing && <WinnerBanner name={closing.name} winner={closing.winner} />}
        {role === 'elsewhere' && <OpenElsewhere onUseThisWindow={reclaim} />}
        {isLive && videoStatus === 'failed' && <VideoFailed />}
      </>
    ),
    [
      camera.stream,
      previewHidden,
      togglePreview,
      role,
      bytesUsed,
      dataSaver,
      profile,
      closing,
      reclaim,
      isLive,
      videoStatus,
    ],
  );

  if (live.query.isPending) return <StudioLoading />;
  if (live.query.isError || !stream)
    return <StudioLoadFailed error={live.query.error} onRetry={() => void live.query.refetch()} />;
  if (status === 'ended') return <ShowEnded />;
  if (status === 'expired') return <ShowExpired />;

  return (
    <main className="flex h-dvh flex-col bg-canvas lg:flex-row">
      <section aria-label="Broadcast" className="flex min-h-0 flex-col bg-ink text-white lg:flex-1">
        <StudioHeader stream={stream} isLive={isLive} viewerCount={room.viewerCount} now={now} />
        <div className="relative h-[42dvh] shrink-0 sm:h-[50dvh] lg:h-auto lg:min-h-0 lg:flex-1">
          <CameraPreview camera={camera} hidden={previewHidden} overlay={previewOverlay} />
        </div>
        <div className="flex shrink-0 items-center gap-2 px-3 py-3 sm:gap-3">
          <CameraControls camera={camera} />
          <div className="flex-1" />
          <StudioGiveaways api={api} streamId={streamId} socket={live.socket} live={isLive} now={now} />
          {!broadcast && (
            <Button onClick={() => void goLive()} loading={goingLive} disabled={!camera.stream}>
              <Radio className="size-4" aria-hidden />
              Go Live
            </Button>
          )}
          {isLive && <EndShow api={api} streamId={streamId} onEnded={onEnded} />}
        </div>
      </section>

      <StudioPanels
        productCount={room.products.length}
        feed={room.feed}
        productName={rail.productName}
        send={live.send}
        connected={live.connected}
        room={{
          panel: moderation.panel,
          pinned: moderation.room.pinnedComment && (
            <PinnedComment
              comment={moderation.room.pinnedComment}
              onUnpin={moderation.unpin}
              className="m-3 mb-0"
            />
          ),
          removed: moderation.room.removed,
          commentActions: moderation.commentActions,
        }}
        productRail={
          <ProductRail
            products={room.products}
            statuses={auction.statuses}
            auction={live.isAuction}
            live={isLive}
            activatingId={rail.activatingId}
            onActivate={onActivate}
            now={now}
            pin={pinControls}
          />
        }
      />
    </main>
  );
}
