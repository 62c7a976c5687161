import { STREAM_MESSAGES, STUDIO_OPEN_ELSEWHERE, type Stream, type VideoProvider } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Eye, MonitorSmartphone, Radio, Trophy, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { CameraControls, CameraPreview } from '@/features/live/studio/camera-preview';
import { wantsGoLive } from '@/features/live/studio/go-live-on-arrival';
import { BidFeed, CommentList } from '@/features/live/studio/live-feed';
import { MessageBox } from '@/features/live/studio/message-box';
import { ProductRail } from '@/features/live/studio/product-rail';
import {
  activateProductBidding,
  endStream,
  errorText,
  joinAsSeller,
  renewStreamToken,
  serverMessage,
  startStream,
} from '@/features/live/studio/studio-api';
import { type MediaDevicesLike, useCamera } from '@/features/live/studio/use-camera';
import { useStudioClaim } from '@/features/live/studio/use-studio-claim';
import { useAuctionStatus } from '@/features/live/use-auction-status';
import {
  type ConnectLiveSocket,
  type StreamMessageKind,
  sendStreamMessage,
} from '@/features/live-room/live-socket';
import { useLiveRoom } from '@/features/live-room/use-live-room';
import {
  loadVideoProvider,
  type Publication,
  type VideoProviderClient,
  type VideoStatus,
} from '@/features/live-room/video/video-provider';
import { type ApiClient, api as appApi, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { formatNaira } from '@/lib/money';
import { readBearerToken } from '@/lib/session-token';
import { toast } from '@/lib/toast';
import { formatElapsed, useNow } from '@/lib/use-now';
import { Button, buttonClasses } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Spinner } from '@/ui/spinner';
import { TabList } from '@/ui/tabs';

/**
 * The live-stream studio (SPEC section 2, full screen): the camera, Go Live and End Show, the
 * elapsed time and viewer count, the product rail with bidding, the bid feed, and the live chat.
 * Every outside part (API, socket, media devices, video provider) can be handed in, so tests run
 * it whole with fakes.
 */
export interface StudioPageProps {
  streamId: string;
  sellerId: string | null;
  api?: ApiClient;
  connect?: ConnectLiveSocket;
  mediaDevices?: MediaDevicesLike;
  loadProvider?: (name: VideoProvider) => Promise<VideoProviderClient>;
}

type Panel = 'products' | 'chat' | 'bids';

export function StudioPage({
  streamId,
  sellerId,
  api = appApi,
  connect,
  mediaDevices,
  loadProvider = loadVideoProvider,
}: StudioPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const auction = useAuctionStatus();
  const live = useLiveRoom({ streamId, getToken: readBearerToken, sellerId, auction, api, connect });
  const camera = useCamera(mediaDevices);
  const now = useNow();
  const { room, stream } = live;
  useDocumentTitle(stream ? `Studio · ${stream.title}` : 'Live Stream Studio');

  /** The stream as join-seller answered it, with the publishing token: set while broadcasting. */
  const [broadcast, setBroadcast] = useState<Stream | null>(null);
  const [goingLive, setGoingLive] = useState(false);
  const [ending, setEnding] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [activatingId, setActivatingId] = useState<string | null>(null);
  const [videoStatus, setVideoStatus] = useState<VideoStatus | null>(null);
  const [panel, setPanel] = useState<Panel>('products');
  const joinTried = useRef(false);

  const status = room.status ?? stream?.status ?? null;
  const isLive = status === 'live';
  const isAuction = stream?.type === 'live_auction';

  const goLive = useCallback(async () => {
    if (!stream) return;
    joinTried.current = true;
    setGoingLive(true);
    try {
      if ((room.status ?? stream.status) === 'scheduled') {
        await startStream(api, streamId);
        toast.success(STREAM_MESSAGES.started);
      }
      const joined = await joinAsSeller(api, streamId);
      live.apply({ type: 'hydrate', stream: joined });
      setBroadcast(joined);
    } catch (error) {
      toast.error(STREAM_MESSAGES.startError, serverMessage(error));
    } finally {
      setGoingLive(false);
      void live.refetch();
    }
  }, [api, live, room.status, stream, streamId]);

  // Back in the studio of a show that is already live (a reload, another device): broadcast again.
  // Only a show live when the studio opened: a studio left open while the show went live in
  // another window must not take it from there (the seller can press Go Live here to move it).
  const liveWhenOpened = useRef<boolean | null>(null);
  if (liveWhenOpened.current === null && stream) liveWhenOpened.current = stream.status === 'live';
  useEffect(() => {
    if (liveWhenOpened.current && camera.stream && !broadcast && !joinTried.current) void goLive();
  }, [camera.stream, broadcast, goLive]);

  // Opened by "Submit and go live": start the show once the camera runs. The state is dropped
  // first, so Back to this page or a reload never starts it a second time.
  const goLiveOnArrival = useRef(wantsGoLive(location.state));
  useEffect(() => {
    if (!goLiveOnArrival.current || !stream || !camera.stream || broadcast || joinTried.current) return;
    goLiveOnArrival.current = false;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    void goLive();
  }, [stream, camera.stream, broadcast, goLive, navigate, location.pathname, location.search]);

  const renewToken = useCallback(async () => {
    try {
      return await renewStreamToken(api, streamId);
    } catch (error) {
      toast.error(STREAM_MESSAGES.refreshConnectionError, errorText(error));
      throw error;
    }
  }, [api, streamId]);

  // Publishing: one publication per broadcast; a device switch replaces its tracks (below).
  const publication = useRef<Publication | null>(null);
  const cameraStream = useRef<MediaStream | null>(null);
  cameraStream.current = camera.stream;
  const hasCamera = camera.stream !== null;
  const socket = live.socket;
  // One studio publishes a show at a time: this one sends video only while it holds the show.
  const claim = useStudioClaim({
    socket,
    connected: live.connected,
    streamId,
    ready: broadcast !== null && hasCamera,
  });
  const isPublisher = claim.role === 'publisher';
  const loadRef = useRef(loadProvider);
  loadRef.current = loadProvider;
  // biome-ignore lint/correctness/useExhaustiveDependencies: hasCamera starts publishing once the camera first runs; the stream itself is read from a ref so that a device switch replaces tracks instead of restarting.
  useEffect(() => {
    const media = cameraStream.current;
    if (!broadcast || !socket || !media || !isPublisher) return;
    let cancelled = false;
    let started: Publication | null = null;
    setVideoStatus('connecting');
    loadRef
      .current(broadcast.videoProvider)
      .then((provider) =>
        provider.publish(broadcast, media, {
          signalling: socket,
          iceServers: broadcast.iceServers ?? [],
          renewToken,
          onStatus: (s) => {
            if (!cancelled) setVideoStatus(s);
          },
        }),
      )
      .then((p) => {
        if (cancelled) {
          p.stop();
          return;
        }
        started = p;
        publication.current = p;
        // The camera may have been switched while the provider loaded.
        if (cameraStream.current && cameraStream.current !== media)
          void p.replaceStream(cameraStream.current);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setVideoStatus('failed');
        toast.error('Your video could not be sent', error instanceof Error ? error.message : undefined);
      });
    return () => {
      cancelled = true;
      started?.stop();
      publication.current = null;
    };
  }, [broadcast, socket, hasCamera, renewToken, isPublisher]);

  // Another window took the show: this one stopped sending (above) and lets go of the camera, so
  // the other can use it on the same device.
  const releaseCamera = camera.release;
  useEffect(() => {
    if (claim.role !== 'elsewhere') return;
    releaseCamera();
    setVideoStatus(null);
  }, [claim.role, releaseCamera]);

  const claimFailure = claim.role === 'failed' ? claim.error : null;
  useEffect(() => {
    if (!claimFailure) return;
    setVideoStatus('failed');
    toast.error('Your video could not be sent', claimFailure);
  }, [claimFailure]);

  const retryCamera = camera.retry;
  const takeBack = claim.takeBack;
  const useThisWindow = useCallback(() => {
    takeBack();
    void retryCamera();
  }, [takeBack, retryCamera]);

  useEffect(() => {
    if (camera.stream) void publication.current?.replaceStream(camera.stream);
  }, [camera.stream]);

  const endShow = useCallback(async () => {
    setEnding(true);
    try {
      await endStream(api, streamId);
      toast.success(STREAM_MESSAGES.ended);
      publication.current?.stop();
      camera.release();
      setConfirmEnd(false);
      navigate(paths.dashboard.liveStreams.pastShows);
    } catch (error) {
      toast.error(STREAM_MESSAGES.endError, serverMessage(error));
    } finally {
      setEnding(false);
    }
  }, [api, camera, navigate, streamId]);

  const activate = useCallback(
    async (productId: string) => {
      setActivatingId(productId);
      try {
        const product = await activateProductBidding(api, streamId, productId);
        auction.activate(productId);
        live.apply({ type: 'product', product });
        toast.success(STREAM_MESSAGES.activated);
      } catch (error) {
        toast.error(STREAM_MESSAGES.activateError, serverMessage(error));
      } finally {
        setActivatingId(null);
      }
    },
    [api, auction, live, streamId],
  );

  const send = useCallback(
    (text: string, kind: StreamMessageKind) => sendStreamMessage(live.socket, stream?._id, text, kind),
    [live.socket, stream?._id],
  );

  const names = useMemo(() => new Map(room.products.map((p) => [p.productId, p.name])), [room.products]);
  const productName = useCallback((id: string) => names.get(id) ?? 'a product', [names]);
  const closing = room.products.find((p) => auction.statuses[p.productId] === 'ongoing') ?? null;
  const comments = room.feed.filter((f) => f.kind === 'comment' || f.kind === 'announcement').length;
  // Bids only: the "won" line the feed shows under an auction's last bid is not a bid.
  const bids = room.feed.filter((f) => f.kind === 'bid').length;

  if (live.query.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-ink text-white">
        <Spinner size="lg" label="Loading the studio" />
      </div>
    );
  }
  if (live.query.isError || !stream) {
    const error = live.query.error;
    const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <StudioMessage
        title={notFound ? 'Show not found' : 'This show could not be loaded'}
        text={
          notFound ? 'It may have been deleted. Your shows are under Scheduled Shows.' : serverMessage(error)
        }
        action={
          <Button variant="secondary" onClick={() => void live.query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (status === 'ended') {
    return (
      <StudioMessage
        title="This show has ended"
        text="See how it went in your past shows."
        action={
          <Link
            to={paths.dashboard.liveStreams.pastShows}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Past Shows
          </Link>
        }
      />
    );
  }
  if (status === 'expired') {
    return (
      <StudioMessage
        title="This show has expired"
        text="It was not started in time. Reschedule it from your scheduled shows to go live."
        action={
          <Link
            to={paths.dashboard.liveStreams.scheduledShows}
            className={buttonClasses({ variant: 'secondary' })}
          >
            Scheduled Shows
          </Link>
        }
      />
    );
  }

  const elapsed =
    isLive && stream.actualStartTime ? formatElapsed(now - Date.parse(stream.actualStartTime)) : null;

  return (
    <main className="flex h-dvh flex-col bg-canvas lg:flex-row">
      <section aria-label="Broadcast" className="flex min-h-0 flex-col bg-ink text-white lg:flex-1">
        <header className="flex h-14 shrink-0 items-center gap-2 px-2 sm:px-4">
          <Link
            to={paths.dashboard.liveStreams.scheduledShows}
            aria-label="Leave the studio"
            className="flex size-11 shrink-0 items-center justify-center rounded-control hover:bg-white/10"
          >
            <X className="size-5" aria-hidden />
          </Link>
          <h1 className="min-w-0 flex-1 truncate font-semibold">{stream.title}</h1>
          {isLive ? (
            <span className="flex shrink-0 items-center gap-1.5 rounded-full bg-danger-600 px-2.5 py-1 font-bold text-xs">
              <Radio className="size-3.5" aria-hidden />
              <span>LIVE</span>
              {elapsed && (
                <span role="timer" className="font-semibold tabular-nums" aria-label={`Live for ${elapsed}`}>
                  {elapsed}
                </span>
              )}
            </span>
          ) : (
            <span className="shrink-0 rounded-full bg-white/15 px-2.5 py-1 font-semibold text-xs">
              Not live yet
            </span>
          )}
          <span
            role="status"
            aria-live="off"
            className="flex shrink-0 items-center gap-1 text-sm"
            aria-label={`${room.viewerCount} watching`}
          >
            <Eye className="size-4" aria-hidden />
            <span className="tabular-nums">{room.viewerCount}</span>
          </span>
        </header>
        <div className="relative h-[42dvh] shrink-0 sm:h-[50dvh] lg:h-auto lg:min-h-0 lg:flex-1">
          <CameraPreview
            camera={camera}
            overlay={
              <>
                {closing && <WinnerBanner name={closing.name} winner={closing.winner} />}
                {claim.role === 'elsewhere' && <OpenElsewhere onUseThisWindow={useThisWindow} />}
                {isLive && videoStatus === 'failed' && (
                  <p
                    role="alert"
                    className="absolute inset-x-3 top-3 rounded-control bg-danger-600 px-3 py-2 text-sm"
                  >
                    Viewers cannot see you right now. Check your connection.
                  </p>
                )}
              </>
            }
          />
        </div>
        <div className="flex shrink-0 items-center gap-2 px-3 py-3 sm:gap-3">
          <CameraControls camera={camera} />
          <div className="flex-1" />
          {!broadcast && (
            <Button onClick={() => void goLive()} loading={goingLive} disabled={!camera.stream}>
              <Radio className="size-4" aria-hidden />
              Go Live
            </Button>
          )}
          {isLive && (
            <Button variant="danger" onClick={() => setConfirmEnd(true)}>
              End Show
            </Button>
          )}
        </div>
      </section>

      <aside
        aria-label="Show"
        className="flex min-h-0 flex-1 flex-col lg:w-[420px] lg:flex-none lg:border-line lg:border-l"
      >
        <TabList
          label="Studio panels"
          className="flex shrink-0 border-line border-b bg-surface"
          selected={panel}
          onSelect={setPanel}
          items={(
            [
              ['products', 'Products', room.products.length],
              ['chat', 'Chat', comments],
              ['bids', 'Bids', bids],
            ] as const
          ).map(([id, label, count]) => ({
            id,
            tabId: `studio-tab-${id}`,
            controls: `studio-panel-${id}`,
            label: (
              <>
                {label} <span className="font-normal text-ink-subtle">({count})</span>
              </>
            ),
          }))}
          tabClassName={(selected) =>
            clsx(
              'min-h-12 flex-1 border-b-2 font-semibold text-sm',
              selected ? 'border-brand-600 text-brand-800' : 'border-transparent text-ink-muted',
            )
          }
        />
        <div
          role="tabpanel"
          id={`studio-panel-${panel}`}
          aria-labelledby={`studio-tab-${panel}`}
          className="flex min-h-0 flex-1 flex-col overflow-y-auto"
        >
          {panel === 'products' && (
            <ProductRail
              products={room.products}
              statuses={auction.statuses}
              auction={isAuction}
              live={isLive}
              activatingId={activatingId}
              onActivate={(id) => void activate(id)}
              now={now}
            />
          )}
          {panel === 'chat' && <CommentList items={room.feed} />}
          {panel === 'bids' && <BidFeed items={room.feed} productName={productName} />}
        </div>
        {panel === 'chat' && <MessageBox send={send} connected={live.connected} />}
      </aside>

      <Dialog
        open={confirmEnd}
        onOpenChange={(open) => !ending && setConfirmEnd(open)}
        title="End this show?"
        description="Viewers will see that the show has ended, and you cannot go live with it again."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmEnd(false)} disabled={ending}>
              Keep streaming
            </Button>
            <Button variant="danger" onClick={() => void endShow()} loading={ending}>
              End Show
            </Button>
          </>
        }
      />
    </main>
  );
}

function WinnerBanner({
  name,
  winner,
}: {
  name: string;
  winner: { bidAmount: number; buyer: { name: string } } | null;
}) {
  return (
    <div
      role="status"
      className="absolute inset-x-3 bottom-3 flex items-center gap-3 rounded-card bg-amber-400 px-4 py-3 text-amber-950 shadow-card"
    >
      <Trophy className="size-6 shrink-0" aria-hidden />
      {winner ? (
        <p className="text-sm">
          <span className="block font-bold text-base">Sold to {winner.buyer.name}!</span>
          {name} for {formatNaira(winner.bidAmount)}
        </p>
      ) : (
        <p className="text-sm">
          <span className="block font-bold text-base">Bidding closed</span>
          {name}
        </p>
      )}
    </div>
  );
}

/** This studio lost the show to another window (or device) of the seller. */
function OpenElsewhere({ onUseThisWindow }: { onUseThisWindow: () => void }) {
  return (
    <div
      role="alert"
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink p-6 text-center text-white"
    >
      <MonitorSmartphone className="size-10 text-white/80" aria-hidden />
      <p className="font-semibold text-lg">{STUDIO_OPEN_ELSEWHERE}</p>
      <p className="max-w-sm text-sm text-white/85">
        Viewers see the camera of the other window, so the camera here is off. Use this window to move the
        show back here.
      </p>
      <Button variant="secondary" onClick={onUseThisWindow}>
        Use this window
      </Button>
    </div>
  );
}

function StudioMessage({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-ink p-6 text-center text-white">
      <h1 className="font-semibold text-xl">{title}</h1>
      <p className="max-w-sm text-white/80">{text}</p>
      {action}
    </main>
  );
}
