import { type Blip, type BlipLikeResponse, PRODUCT_NAME } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Eye, Heart, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { BlipBuy } from '@/features/watch/blip-buy';
import { recordView, setLiked } from '@/features/watch/blip-watch-api';
import { BlipWatchComments } from '@/features/watch/blip-watch-comments';
import { BuyerAccountButton } from '@/features/watch/buyer-account-sheet';
import { buyerApi, readBuyerSession, useBuyerSession } from '@/features/watch/buyer-session';
import { FollowStoreButton } from '@/features/watch/follow-store-button';
import { useLogInSheet } from '@/features/watch/log-in-sheet';
import { blipViewerId } from '@/features/watch/viewer-id';
import { watchKeys, watchQueries } from '@/features/watch/watch-queries';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { isDataSaverOn } from '@/lib/data-saver';
import { formatNaira } from '@/lib/money';
import { useSingleImageUrl } from '@/ui/media-image';
import { Spinner } from '@/ui/spinner';

const BuyerAuthSheet = lazy(() => import('@/features/watch/buyer-auth-sheet'));

/** The comments' anchor: the comments button on the video jumps to it (the app scrolls to hash anchors). */
const COMMENTS_ID = 'comments';

const count = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

export interface BlipWatchPageProps {
  blipId: string;
  api?: ApiClient;
}

/**
 * The public page of one blip (`/watch/blips/{blipId}`), what buyers open from a link the seller
 * shared: the video at full height, the product's name and price, likes and comments. Watching
 * needs no account; liking, commenting and replying need a buyer log-in, offered in the same sheet
 * as on a live show's watch page. A view is counted when the video first plays.
 */
export function BlipWatchPage({ blipId, api = buyerApi }: BlipWatchPageProps) {
  const { session, logIn, logOut } = useBuyerSession();
  const queryClient = useQueryClient();
  const { sheet, askToLogIn, checkout, setOpen, continueAfterLogIn } = useLogInSheet();
  const [likeError, setLikeError] = useState<string | null>(null);
  const [views, setViews] = useState<number | null>(null);
  const viewSent = useRef(false);
  // The like a visitor asked for before logging in, carried out once they have.
  const likeAfterLogIn = useRef(false);
  // A Buy now chosen before logging in: checkout opens once they have.

  const query = useQuery(watchQueries.blip(api, blipId));
  const blip = query.data;
  const likeQuery = useQuery({
    ...watchQueries.like(api, blipId, session?.buyer._id ?? null),
    enabled: blip !== undefined,
  });
  const like = likeQuery.data ?? (blip ? { liked: false, likesCount: blip.likesCount } : null);
  // The poster fills the screen's height; a 9:16 frame there is about 480 CSS pixels wide.
  const poster = useSingleImageUrl(blip?.posterUrl, 480);

  useEffect(() => {
    document.title = blip ? `${blip.product.name} · ${PRODUCT_NAME}` : `Blip · ${PRODUCT_NAME}`;
  }, [blip]);

  const toggle = useMutation({
    mutationFn: (liked: boolean) => setLiked(api, blipId, liked),
    onMutate: async (liked) => {
      setLikeError(null);
      // The buyer whose token this call carries: a log-in just before it has not re-rendered yet.
      const key = watchKeys.like(blipId, readBuyerSession()?.buyer._id ?? null);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BlipLikeResponse>(key);
      const base = before ?? { liked: !liked, likesCount: blip?.likesCount ?? 0 };
      if (base.liked !== liked) {
        queryClient.setQueryData<BlipLikeResponse>(key, {
          liked,
          likesCount: Math.max(0, base.likesCount + (liked ? 1 : -1)),
        });
      }
      return { key, before };
    },
    onSuccess: (answer, _liked, context) => {
      queryClient.setQueryData<BlipLikeResponse>(context.key, answer);
      queryClient.setQueryData<Blip>(watchKeys.blip(blipId), (b) =>
        b ? { ...b, likesCount: answer.likesCount } : b,
      );
    },
    onError: (error, liked, context) => {
      if (context) queryClient.setQueryData(context.key, context.before);
      if (isApiError(error) && error.status === 401) {
        logOut();
        likeAfterLogIn.current = liked;
        askToLogIn('Your log-in has expired. Log in again to like this blip.');
        return;
      }
      setLikeError(error instanceof Error ? error.message : 'Your like was not saved. Try again.');
    },
  });

  const onLike = () => {
    if (!like) return;
    if (!session) {
      likeAfterLogIn.current = true;
      askToLogIn('Log in or sign up to like this blip. It takes a few seconds.');
      return;
    }
    toggle.mutate(!like.liked);
  };

  // The first time the video plays on this page, the view is counted (once a day per viewer, by
  // the server). A buyer's token that has expired is forgotten and the view counted anonymously.
  // No errorToast: a view that could not be counted is not worth bothering the viewer about.
  const view = useMutation({
    mutationFn: async () => {
      const send = () => recordView(api, blipId, blipViewerId());
      try {
        return await send();
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
        logOut();
        return send();
      }
    },
    onSuccess: (answer) => setViews(answer.viewsCount),
  });
  const countView = () => {
    if (viewSent.current) return;
    viewSent.current = true;
    view.mutate();
  };

  if (query.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-ink text-white">
        <Spinner size="lg" label="Loading the blip" />
      </div>
    );
  }
  if (!blip) {
    const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-ink p-6 text-center text-white">
        <h1 className="font-semibold text-xl">
          {notFound ? 'Blip not found' : 'This blip could not be loaded'}
        </h1>
        <p className="max-w-sm text-white/80">
          {notFound
            ? 'It may have been removed. Check the link you were sent.'
            : 'Check your connection, then try again.'}
        </p>
        {!notFound && (
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="min-h-11 rounded-control bg-white px-4 font-semibold text-ink"
          >
            Try again
          </button>
        )}
      </main>
    );
  }

  const liked = like?.liked ?? false;
  const likesCount = like?.likesCount ?? blip.likesCount;
  const viewsCount = views ?? blip.viewsCount;

  return (
    <main className="min-h-dvh bg-ink lg:flex lg:h-dvh">
      <section aria-label="Blip" className="relative h-dvh shrink-0 bg-black lg:h-auto lg:flex-1">
        <video
          src={blip.videoUrl}
          poster={poster}
          aria-label={`Blip of ${blip.product.name}`}
          // Data-saver: the blip waits for a tap, and only its poster is downloaded until then.
          autoPlay={!isDataSaverOn()}
          muted
          loop
          playsInline
          controls
          preload={isDataSaverOn() ? 'none' : 'auto'}
          onPlaying={countView}
          className="absolute inset-0 h-full w-full object-contain"
        />
        <header className="absolute inset-x-0 top-0 flex items-start gap-3 bg-gradient-to-b from-black/80 to-transparent px-4 pt-4 pb-10 text-white">
          <div className="min-w-0 flex-1">
            <h1 className="truncate font-semibold text-lg">{blip.product.name}</h1>
            <p className="font-semibold text-amber-300 tabular-nums">{formatNaira(blip.product.price)}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <BlipBuy api={api} blipId={blip._id} productId={blip.productId} onCheckout={checkout} />
              <FollowStoreButton
                api={api}
                sellerId={blip.sellerId}
                buyerId={session?.buyer._id ?? null}
                askToLogIn={askToLogIn}
              />
            </div>
          </div>
          <Link
            to={paths.myMessagesWith({ blipId: blip._id })}
            aria-label="Message seller"
            className="flex shrink-0 items-center gap-1 rounded-full bg-black/60 px-2.5 py-1 text-xs hover:bg-black/80"
          >
            <MessageCircle className="size-3.5" aria-hidden />
            <span className="hidden sm:inline">Message seller</span>
          </Link>
          <BuyerAccountButton api={api} session={session} onLogOut={logOut} />
          <p className="flex shrink-0 items-center gap-1 rounded-full bg-black/60 px-2.5 py-1 text-xs">
            <Eye className="size-3.5" aria-hidden />
            <span aria-hidden>{count.format(viewsCount)}</span>
            <span className="sr-only">{`${viewsCount} ${viewsCount === 1 ? 'view' : 'views'}`}</span>
          </p>
        </header>

        <div className="absolute right-3 bottom-24 flex flex-col items-center gap-4 text-white">
          <div className="flex flex-col items-center gap-1">
            <button
              type="button"
              aria-pressed={liked}
              aria-label="Like"
              onClick={onLike}
              disabled={toggle.isPending}
              className="flex size-12 items-center justify-center rounded-full bg-black/60 disabled:opacity-80"
            >
              <Heart
                className={clsx('size-6', liked ? 'fill-red-500 text-red-500' : 'text-white')}
                aria-hidden
              />
            </button>
            <span className="rounded-full bg-black/60 px-1.5 font-semibold text-xs tabular-nums">
              <span aria-hidden>{count.format(likesCount)}</span>
              <span className="sr-only">{`${likesCount} ${likesCount === 1 ? 'like' : 'likes'}`}</span>
            </span>
          </div>
          <div className="flex flex-col items-center gap-1">
            <a
              href={`#${COMMENTS_ID}`}
              aria-label="Comments"
              className="flex size-12 items-center justify-center rounded-full bg-black/60"
            >
              <MessageCircle className="size-6" aria-hidden />
            </a>
            <span className="rounded-full bg-black/60 px-1.5 font-semibold text-xs tabular-nums">
              <span aria-hidden>{count.format(blip.commentsCount)}</span>
              <span className="sr-only">{`${blip.commentsCount} ${blip.commentsCount === 1 ? 'comment' : 'comments'}`}</span>
            </span>
          </div>
        </div>

        {(blip.caption || likeError) && (
          <div className="absolute inset-x-0 bottom-14 flex flex-col gap-2 px-4 pr-20 text-white">
            {likeError && (
              <p role="alert" className="self-start rounded-control bg-danger-700 px-3 py-1.5 text-sm">
                {likeError}
              </p>
            )}
            {blip.caption && (
              <p className="line-clamp-3 self-start whitespace-pre-line break-words rounded-control bg-black/60 px-3 py-1.5 text-sm">
                {blip.caption}
              </p>
            )}
          </div>
        )}
      </section>

      <div id={COMMENTS_ID} className="bg-surface lg:w-[420px] lg:overflow-y-auto">
        <BlipWatchComments
          api={api}
          blip={blip}
          session={session}
          askToLogIn={askToLogIn}
          onSessionExpired={logOut}
          onLogOut={logOut}
        />
      </div>

      {sheet.open && (
        <Suspense fallback={null}>
          <BuyerAuthSheet
            open={sheet.open}
            onOpenChange={(open) => {
              if (!open) likeAfterLogIn.current = false;
              setOpen(open);
            }}
            api={api}
            reason={sheet.reason}
            loginTitle="Log in to like and comment"
            onLoggedIn={(next) => {
              logIn(next);
              continueAfterLogIn();
              if (likeAfterLogIn.current) {
                likeAfterLogIn.current = false;
                toggle.mutate(true);
              }
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
