// size: the watch page composes video, chat, bidding, giveaways, moderation and the seller-presence banner; each lives in its own file
import {
  type AuctionStatus,
  MODERATION_MESSAGES,
  type PlaceBidBody,
  type PlaceBidResponse,
  PRODUCT_NAME,
  type Stream,
  type VideoProvider,
} from '@kasuwa/contracts';
import { useMutation } from '@tanstack/react-query';
import { Eye, MessageCircle, Radio } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import type { LiveProduct } from '@/features/live-room/live-room';
import { fetchStream } from '@/features/live-room/live-room-queries';
import { type ConnectLiveSocket, sendStreamMessage } from '@/features/live-room/live-socket';
import { PinnedComment } from '@/features/live-room/moderation-controls';
import { type AuctionEventSink, useLiveRoom } from '@/features/live-room/use-live-room';
import type { VideoProviderClient } from '@/features/live-room/video/video-provider';
import { BidPanel } from '@/features/watch/bid-panel';
import { BuyerAccountButton } from '@/features/watch/buyer-account-sheet';
import { buyerApi, readBuyerToken, useBuyerSession } from '@/features/watch/buyer-session';
import { FollowStoreButton } from '@/features/watch/follow-store-button';
import { useLogInSheet } from '@/features/watch/log-in-sheet';
import { MaxBidForm } from '@/features/watch/max-bid';
import { PreBids } from '@/features/watch/pre-bids';
import { WatchShop } from '@/features/watch/product-tray';
import { SellerReconnectingBanner, useSellerPresence } from '@/features/watch/seller-presence';
import { WatchChat } from '@/features/watch/watch-chat';
import { WatchGiveaway } from '@/features/watch/watch-giveaway';
import { useWatchModeration } from '@/features/watch/watch-moderation';
import { WatchVideo } from '@/features/watch/watch-video';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { useNow } from '@/lib/use-now';
import { MediaImage } from '@/ui/media-image';
import { Spinner } from '@/ui/spinner';

const BuyerAuthSheet = lazy(() => import('@/features/watch/buyer-auth-sheet'));

/**
 * The public watch page (`/watch/{streamId}`), what buyers open from a WhatsApp link: the seller's
 * video, the live badge and viewer count, the chat (everyone reads, buyers write), and bidding on
 * the product the seller has open. Watching needs no account; commenting and bidding need a buyer
 * log-in, offered in a sheet over the video.
 */

/** SPEC section 4's statuses per row (LiveProduct.key), kept by the caller (useAuctionStatus). */
export type WatchAuction = AuctionEventSink & { statuses: Readonly<Record<string, AuctionStatus>> };

export interface WatchPageProps {
  streamId: string;
  auction: WatchAuction;
  api?: ApiClient;
  connect?: ConnectLiveSocket;
  loadProvider?: (name: VideoProvider) => Promise<VideoProviderClient>;
}

/** A bid names the row it is for, so it cannot land on another variant of the same product. */
function bidBody(row: LiveProduct, amount: number): PlaceBidBody {
  return row.streamProductId
    ? { productId: row.productId, streamProductId: row.streamProductId, amount }
    : { productId: row.productId, amount };
}

const startFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

export function WatchPage({ streamId, auction, api = buyerApi, connect, loadProvider }: WatchPageProps) {
  const { session, logIn, logOut } = useBuyerSession();
  const live = useLiveRoom({ streamId, getToken: readBuyerToken, auction, api, connect });
  const now = useNow();
  const { room, stream } = live;
  const { sheet, askToLogIn, checkout, setOpen, continueAfterLogIn } = useLogInSheet();
  const [placing, setPlacing] = useState<number | null>(null);
  const [bidError, setBidError] = useState<string | null>(null);

  useEffect(() => {
    document.title = stream ? `${stream.title} · Live on ${PRODUCT_NAME}` : `Live on ${PRODUCT_NAME}`;
  }, [stream]);

  /**
   * The bid a visitor tapped before having an account: placed as soon as they have logged in or
   * signed up in the sheet, if that product is still open and the amount still enough (they asked
   * for exactly that bid, and the clock is running); otherwise they are told it was not placed.
   */
  const pendingBid = useRef<{ key: string; amount: number } | null>(null);
  const [bidAfterLogIn, setBidAfterLogIn] = useState(false);
  const bidQueued = useRef(false);

  // A token the server refuses (expired, revoked) is forgotten, and the socket goes on as a viewer.
  const { connectError, reauthenticate } = live;
  useEffect(() => {
    if (session && connectError === 'Invalid token') {
      logOut();
      reauthenticate();
    }
  }, [session, connectError, logOut, reauthenticate]);

  // A viewer's provider token comes with the public stream answer: a fresh fetch brings a fresh one.
  const renewToken = useCallback(async () => {
    const fresh = await fetchStream(api, streamId);
    if (!fresh.agoraToken) throw new Error('No video token');
    return fresh.agoraToken;
  }, [api, streamId]);

  const status = room.status ?? stream?.status ?? null;
  const isLive = status === 'live';
  // An ended (or never started) show has no audience to count and nothing left to bid on.
  const isOver = status === 'ended' || status === 'expired';
  // By row: with a product auctioned per variant, the running combination is the one bid on.
  const current =
    room.products.find((p) => auction.statuses[p.key] === 'active') ??
    room.products.find((p) => auction.statuses[p.key] === 'ongoing') ??
    null;
  const currentStatus = current ? auction.statuses[current.key] : undefined;
  // issue 20: the seller's studio dropped; the clock stands still and bids wait.
  const sellerAway = useSellerPresence(api, streamId, live.socket, isLive);

  // Failures are shown beside the bid box (or reopen the log-in sheet), not toasted: no errorToast.
  const { mutateAsync: postBid } = useMutation({
    mutationFn: (bid: PlaceBidBody) =>
      api.post<PlaceBidResponse>(`/streams/${encodeURIComponent(streamId)}/bids`, bid),
  });

  const placeBid = useCallback(
    async (amount: number) => {
      if (!current) return;
      if (!session) {
        pendingBid.current = { key: current.key, amount };
        askToLogIn(
          `Log in or sign up to bid. Your ${formatNaira(amount).replace(/\.00$/, '')} bid is placed as soon as you are in.`,
        );
        return;
      }
      setPlacing(amount);
      setBidError(null);
      try {
        const answer = await postBid(bidBody(current, amount));
        live.apply({ type: 'product', product: answer.product });
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          logOut();
          reauthenticate();
          askToLogIn('Your log-in has expired. Log in again to bid.');
        } else {
          setBidError(error instanceof Error ? error.message : 'Your bid was not placed. Try again.');
        }
      } finally {
        setPlacing(null);
      }
    },
    [askToLogIn, current, live, logOut, postBid, reauthenticate, session],
  );

  // After the sheet's log-in the session is there: place the remembered bid, or say why not.
  useEffect(() => {
    if (!bidAfterLogIn || !session) return;
    setBidAfterLogIn(false);
    bidQueued.current = false;
    const wanted = pendingBid.current;
    pendingBid.current = null;
    if (!wanted) return;
    const stillOpen =
      current?.key === wanted.key &&
      currentStatus === 'active' &&
      current.minimumNextBid !== null &&
      wanted.amount >= current.minimumNextBid;
    if (stillOpen) void placeBid(wanted.amount);
    else
      setBidError(
        `Your ${formatNaira(wanted.amount).replace(/\.00$/, '')} bid was not placed: the bidding moved on while you logged in.`,
      );
  }, [bidAfterLogIn, session, current, currentStatus, placeBid]);

  const sendComment = useCallback(
    (text: string) => sendStreamMessage(live.socket, stream?._id, text, 'comment'),
    [live.socket, stream?._id],
  );
  // issue 21: slow mode, a mute, the pinned comment and a moderator's menu.
  const moderation = useWatchModeration({
    api,
    streamId,
    socket: live.socket,
    buyerId: session?.buyer._id ?? null,
    send: sendComment,
  });

  if (live.query.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-ink text-white">
        <Spinner size="lg" label="Loading the show" />
      </div>
    );
  }
  if (!stream) {
    const notFound =
      isApiError(live.query.error) && (live.query.error.status === 404 || live.query.error.status === 400);
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-ink p-6 text-center text-white">
        <h1 className="font-semibold text-xl">
          {notFound ? 'Show not found' : 'This show could not be loaded'}
        </h1>
        <p className="max-w-sm text-white/80">
          {notFound ? 'Check the link you were sent.' : 'Check your connection, then try again.'}
        </p>
        {!notFound && (
          <button
            type="button"
            onClick={() => void live.query.refetch()}
            className="min-h-11 rounded-control bg-white px-4 font-semibold text-ink"
          >
            Try again
          </button>
        )}
      </main>
    );
  }

  return (
    <main className="min-h-dvh bg-ink lg:flex lg:h-dvh">
      <section aria-label="Video" className="relative h-[56dvh] shrink-0 lg:h-auto lg:flex-1">
        {isLive ? (
          <WatchVideo
            stream={stream}
            live={isLive}
            socket={live.socket}
            renewToken={renewToken}
            loadProvider={loadProvider}
          />
        ) : (
          <OffAir stream={stream} status={status} />
        )}
        <header className="absolute inset-x-0 top-0 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent px-3 pt-3 pb-6 text-white">
          <h1 className="min-w-0 flex-1 truncate font-semibold">{stream.title}</h1>
          <Link
            to={paths.myMessagesWith({ streamId })}
            aria-label="Message seller"
            className="flex shrink-0 items-center gap-1 rounded-full bg-black/50 px-2.5 py-1 text-xs hover:bg-black/70"
          >
            <MessageCircle className="size-3.5" aria-hidden />
            <span className="hidden sm:inline">Message seller</span>
          </Link>
          <FollowStoreButton
            api={api}
            sellerId={stream.sellerId}
            buyerId={session?.buyer._id ?? null}
            askToLogIn={askToLogIn}
          />
          <BuyerAccountButton api={api} session={session} onLogOut={logOut} />
          {isLive && (
            <span className="flex shrink-0 items-center gap-1 rounded-full bg-danger-600 px-2.5 py-1 font-bold text-xs">
              <Radio className="size-3.5" aria-hidden />
              LIVE
            </span>
          )}
          {!isOver && (
            <span
              role="status"
              aria-live="off"
              aria-label={`${room.viewerCount} watching`}
              className="flex shrink-0 items-center gap-1 rounded-full bg-black/50 px-2.5 py-1 text-xs"
            >
              <Eye className="size-3.5" aria-hidden />
              {room.viewerCount}
            </span>
          )}
        </header>
        {sellerAway && <SellerReconnectingBanner />}
        {current?.winner && currentStatus === 'ongoing' && (
          <p
            role="status"
            // On a phone the bidding card right under the video shows the result already.
            className="absolute inset-x-3 bottom-16 hidden rounded-card bg-amber-400 px-4 py-3 font-semibold text-amber-950 text-sm shadow-card lg:block"
          >
            {current.winner.buyer._id === session?.buyer._id ? 'You won' : `${current.winner.buyer.name} won`}{' '}
            {current.name} for {formatNaira(current.winner.bidAmount)}!
          </p>
        )}
      </section>

      <div className="flex flex-col gap-3 p-3 lg:w-[420px] lg:overflow-y-auto">
        {moderation.room.pinnedComment && !isOver && (
          <PinnedComment comment={moderation.room.pinnedComment} onUnpin={moderation.unpin} />
        )}
        {current && currentStatus ? (
          <BidPanel
            product={current}
            status={currentStatus}
            now={now}
            buyerId={session?.buyer._id ?? null}
            placing={placing}
            error={bidError}
            onBid={(amount) => void placeBid(amount)}
            paused={sellerAway}
            maxBid={
              <MaxBidForm
                api={api}
                streamId={streamId}
                row={current}
                buyerId={session?.buyer._id ?? null}
                minimum={current.minimumNextBid}
                kind="max_bid"
                askToLogIn={askToLogIn}
                onProduct={(product) => live.apply({ type: 'product', product })}
                paused={sellerAway}
              />
            }
          />
        ) : (
          isLive &&
          stream.type === 'live_auction' && (
            <p className="rounded-card bg-white/10 px-4 py-3 text-sm text-white/85">
              Bidding opens when the seller puts a product up. Stay around!
            </p>
          )
        )}
        <WatchGiveaway
          api={api}
          streamId={streamId}
          socket={live.socket}
          buyerId={session?.buyer._id ?? null}
          askToLogIn={askToLogIn}
          now={now}
        />
        {status === 'scheduled' && stream.type === 'live_auction' && (
          <PreBids
            api={api}
            streamId={streamId}
            products={room.products}
            buyerId={session?.buyer._id ?? null}
            askToLogIn={askToLogIn}
          />
        )}
        <WatchShop api={api} streamId={streamId} socket={live.socket} onCheckout={checkout} />
        <WatchChat
          items={room.feed}
          buyerName={session?.buyer.name ?? null}
          canWrite={live.connected && !isOver}
          closed={isOver}
          send={moderation.sendComment}
          removed={moderation.room.removed}
          commentActions={moderation.commentActions}
          cooldown={moderation.cooldown}
          notice={moderation.notice}
          blocked={moderation.room.muted ? MODERATION_MESSAGES.muted : null}
          onLogIn={() => askToLogIn('Log in or sign up to comment and bid.')}
          onLogOut={() => {
            logOut();
            reauthenticate();
          }}
        />
      </div>

      {sheet.open && (
        <Suspense fallback={null}>
          <BuyerAuthSheet
            open={sheet.open}
            onOpenChange={(open) => {
              // Closed without logging in: the tapped bid is forgotten.
              if (!open && !bidQueued.current) pendingBid.current = null;
              setOpen(open);
            }}
            api={api}
            reason={sheet.reason}
            onLoggedIn={(next) => {
              logIn(next);
              continueAfterLogIn();
              if (pendingBid.current) {
                bidQueued.current = true;
                setBidAfterLogIn(true);
              }
              // The socket learns who is here (comments need a buyer), then the show is fetched again.
              reauthenticate();
            }}
          />
        </Suspense>
      )}
    </main>
  );
}

function OffAir({ stream, status }: { stream: Stream; status: Stream['status'] | null }) {
  const text =
    status === 'ended'
      ? { title: 'This show has ended', body: 'Thanks for watching.' }
      : status === 'expired'
        ? { title: 'This show did not start', body: 'The seller may schedule it again.' }
        : {
            title: `Starts ${startFormat.format(new Date(stream.scheduledStartTime))}`,
            body: 'Keep this page open: the video starts by itself when the seller goes live.',
          };
  return (
    <div className="relative flex h-full w-full flex-col items-center justify-center gap-2 overflow-hidden p-6 text-center text-white">
      {stream.coverImage && (
        <MediaImage
          src={stream.coverImage}
          shownAt={{ sizes: '100vw', width: 390 }}
          className="absolute inset-0 h-full w-full object-cover opacity-40"
        />
      )}
      <p className="relative font-semibold text-xl">{text.title}</p>
      <p className="relative max-w-xs text-sm text-white/85">{text.body}</p>
      {status === 'ended' && (
        <Link
          to={paths.watchReplay(stream._id)}
          className="relative mt-2 rounded-control bg-white px-4 py-2 font-semibold text-ink text-sm"
        >
          Watch the replay
        </Link>
      )}
    </div>
  );
}
