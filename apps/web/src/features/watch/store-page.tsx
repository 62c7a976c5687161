// size: the public store page and its sections (header, live, coming shows, blips, products with Buy now, past shows), each a small component
import {
  PRODUCT_NAME,
  STOREFRONT_PRODUCTS_PAGE,
  type StorefrontProduct,
  type StorefrontResponse,
} from '@kasuwa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Eye, Play, Radio, Store } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { BuyerAccountButton } from '@/features/watch/buyer-account-sheet';
import { buyerApi, useBuyerSession } from '@/features/watch/buyer-session';
import type { BuyItem } from '@/features/watch/checkout-link';
import { FollowStoreButton, storeRelationQuery } from '@/features/watch/follow-store-button';
import { useLogInSheet } from '@/features/watch/log-in-sheet';
import { trayQueries } from '@/features/watch/tray-api';
import { canBuyNow } from '@/features/watch/variant-choice';
import { storefrontQueries } from '@/features/watch/watch-queries';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNairaRange } from '@/lib/money';
import { BrandMark } from '@/ui/brand-mark';
import { fixedSlot, type ImageSlot, MediaImage } from '@/ui/media-image';
import { Pagination } from '@/ui/pagination';
import { Spinner } from '@/ui/spinner';

/* Where the page's images are shown (issue 20): the page is at most 1024 px wide. */
const BANNER: ImageSlot = { sizes: '(min-width: 1024px) 1024px, 100vw', width: 390 };
const BLIP: ImageSlot = { sizes: '(min-width: 1024px) 160px, (min-width: 640px) 17vw, 33vw', width: 125 };
const PRODUCT: ImageSlot = { sizes: '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw', width: 190 };

const BuyerAuthSheet = lazy(() => import('@/features/watch/buyer-auth-sheet'));
const BuySheet = lazy(() => import('@/features/watch/buy-sheet'));

const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
const showTime = new Intl.DateTimeFormat('en-NG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});
const dayOnly = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Africa/Lagos',
});

export interface StorePageProps {
  slug: string;
  api?: ApiClient;
}

/**
 * A store's public page (`/store/{slug}`), what the link chosen in Settings opens: the store, its
 * show on air, the coming and past shows, blips, and the products on sale with Buy now. Browsing
 * needs no account; following and buying ask for a buyer log-in in the same sheet as the watch pages.
 */
export function StorePage({ slug, api = buyerApi }: StorePageProps) {
  const { session, logIn, logOut } = useBuyerSession();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query = useQuery(storefrontQueries.page(api, slug, page));
  // The buyer's own relation to the store (shared with the Follow button): its count is fresher
  // than the page's after a follow.
  const relation = useQuery(storeRelationQuery(api, query.data?.store.id ?? '', session?.buyer._id ?? null));
  const { sheet, askToLogIn, checkout, setOpen, continueAfterLogIn } = useLogInSheet();
  const data = query.data;

  useEffect(() => {
    document.title = data ? `${data.store.storeName} · ${PRODUCT_NAME}` : `Store · ${PRODUCT_NAME}`;
  }, [data]);

  if (query.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center bg-surface" aria-busy="true">
        <Spinner label="Loading the store" />
      </main>
    );
  }
  if (query.isError || !data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <main className="grid min-h-dvh place-items-center bg-surface px-6 text-center">
        <div className="max-w-sm space-y-3">
          <Store className="mx-auto size-10 text-ink-muted" aria-hidden />
          <h1 className="font-semibold text-xl">{missing ? 'Store not found' : 'The store did not load'}</h1>
          <p className="text-ink-muted">
            {missing
              ? 'No store answers this link. Check it with the seller who shared it.'
              : 'Check your connection and try again.'}
          </p>
          {!missing && (
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white"
            >
              Try again
            </button>
          )}
        </div>
      </main>
    );
  }

  const { store } = data;
  const followers = relation.data?.followerCount ?? store.followers;
  return (
    <main className="min-h-dvh bg-surface pb-12">
      <header className="sticky top-0 z-10 flex items-center justify-between gap-3 border-line border-b bg-white/95 px-4 py-2 backdrop-blur">
        <BrandMark className="h-7" />
        <BuyerAccountButton api={api} session={session} onLogOut={logOut} />
      </header>

      <section aria-labelledby="store-name" className="mx-auto max-w-5xl">
        <div className="aspect-[4/1] w-full overflow-hidden bg-brand-100 sm:rounded-b-2xl">
          {store.bannerUrl && (
            <MediaImage src={store.bannerUrl} shownAt={BANNER} className="size-full object-cover" />
          )}
        </div>
        <div className="-mt-8 flex flex-wrap items-end gap-3 px-4">
          <div className="size-20 shrink-0 overflow-hidden rounded-full border-4 border-white bg-brand-600 shadow-card">
            {store.avatarUrl ? (
              <MediaImage src={store.avatarUrl} shownAt={fixedSlot(80)} className="size-full object-cover" />
            ) : (
              <span className="grid size-full place-items-center font-bold text-2xl text-white" aria-hidden>
                {store.storeName.slice(0, 1).toUpperCase()}
              </span>
            )}
          </div>
          <div className="min-w-0 flex-1 pb-1">
            <h1 id="store-name" className="break-words font-bold text-xl leading-tight">
              {store.storeName}
            </h1>
            <p className="text-ink-muted text-sm">
              {`${compact.format(followers)} ${followers === 1 ? 'follower' : 'followers'}`}
            </p>
          </div>
          <FollowStoreButton
            api={api}
            sellerId={store.id}
            buyerId={session?.buyer._id ?? null}
            askToLogIn={askToLogIn}
            className="mb-1"
          />
        </div>
        {store.description && (
          <p className="whitespace-pre-line px-4 pt-3 text-ink-muted text-sm">{store.description}</p>
        )}
        {store.onVacation && (
          <p role="status" className="mx-4 mt-3 rounded-xl bg-amber-50 px-3 py-2 text-amber-900 text-sm">
            {store.storeName} is away for now. You can still order: your order is sent when they are back.
          </p>
        )}
      </section>

      <div className="mx-auto max-w-5xl space-y-8 px-4 pt-6">
        {data.live && <LiveNow show={data.live} />}
        {data.upcoming.length > 0 && <Upcoming shows={data.upcoming} />}
        {data.blips.length > 0 && <Blips blips={data.blips} />}
        <Products
          api={api}
          products={data.products}
          onCheckout={checkout}
          onPage={(next) => {
            setSearch(next === 1 ? {} : { page: String(next) });
            window.scrollTo({ top: 0 });
          }}
        />
        {data.past.length > 0 && <Past shows={data.past} />}
      </div>

      {sheet.open && (
        <Suspense fallback={null}>
          <BuyerAuthSheet
            open={sheet.open}
            onOpenChange={setOpen}
            api={api}
            reason={sheet.reason}
            loginTitle="Log in to follow and buy"
            onLoggedIn={(next) => {
              logIn(next);
              continueAfterLogIn();
            }}
          />
        </Suspense>
      )}
    </main>
  );
}

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-3 font-semibold text-lg">
      {children}
    </h2>
  );
}

function LiveNow({ show }: { show: NonNullable<StorefrontResponse['live']> }) {
  return (
    <section aria-labelledby="live-now">
      <h2 id="live-now" className="sr-only">
        Live now
      </h2>
      <Link
        to={paths.watch(show.id)}
        className="flex items-center gap-3 overflow-hidden rounded-2xl bg-ink p-3 text-white shadow-card"
      >
        <div className="relative aspect-video w-32 shrink-0 overflow-hidden rounded-xl bg-black">
          {show.coverImage && (
            <MediaImage src={show.coverImage} shownAt={fixedSlot(128)} className="size-full object-cover" />
          )}
          <span className="absolute top-1.5 left-1.5 flex items-center gap-1 rounded bg-red-600 px-1.5 py-0.5 font-bold text-xs">
            <Radio className="size-3" aria-hidden />
            LIVE
          </span>
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{show.title}</p>
          <p className="flex items-center gap-1 text-sm text-white/80">
            <Eye className="size-3.5" aria-hidden />
            {`${compact.format(show.viewers)} watching`}
          </p>
          <span className="mt-2 inline-flex min-h-9 items-center rounded-full bg-red-600 px-4 font-semibold text-sm">
            Watch now
          </span>
        </div>
      </Link>
    </section>
  );
}

function Upcoming({ shows }: { shows: StorefrontResponse['upcoming'] }) {
  return (
    <section aria-labelledby="upcoming-shows">
      <SectionTitle id="upcoming-shows">Coming up</SectionTitle>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-1">
        {shows.map((s) => (
          <li key={s.id} className="w-56 shrink-0 snap-start">
            <Link to={paths.watch(s.id)} className="block overflow-hidden rounded-2xl bg-white shadow-card">
              <div className="aspect-video bg-brand-100">
                {s.coverImage && (
                  <MediaImage
                    src={s.coverImage}
                    shownAt={fixedSlot(224)}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                )}
              </div>
              <div className="p-3">
                <p className="truncate font-medium">{s.title}</p>
                <p className="flex items-center gap-1 text-ink-muted text-sm">
                  <CalendarClock className="size-3.5" aria-hidden />
                  <time dateTime={s.at}>{showTime.format(new Date(s.at))}</time>
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Blips({ blips }: { blips: StorefrontResponse['blips'] }) {
  return (
    <section aria-labelledby="store-blips">
      <SectionTitle id="store-blips">Blips</SectionTitle>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {blips.map((b) => (
          <li key={b.id}>
            <Link
              to={paths.watchBlip(b.id)}
              className="relative block aspect-[9/16] overflow-hidden rounded-xl bg-ink"
              aria-label={b.caption ? `Blip: ${b.caption}` : 'Blip'}
            >
              {b.posterUrl ? (
                <MediaImage
                  src={b.posterUrl}
                  shownAt={BLIP}
                  loading="lazy"
                  className="size-full object-cover"
                />
              ) : (
                <Play className="absolute inset-0 m-auto size-8 text-white/70" aria-hidden />
              )}
              <span className="absolute bottom-1 left-1 flex items-center gap-0.5 rounded bg-black/60 px-1 text-white text-xs">
                <Play className="size-3" aria-hidden />
                {compact.format(b.views)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Products({
  api,
  products,
  onCheckout,
  onPage,
}: {
  api: ApiClient;
  products: StorefrontResponse['products'];
  onCheckout: (item: BuyItem) => void;
  onPage: (page: number) => void;
}) {
  return (
    <section aria-labelledby="store-products">
      <SectionTitle id="store-products">Products</SectionTitle>
      {products.items.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-ink-muted shadow-card">
          No products on sale yet. Follow the store to hear when it goes live.
        </p>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {products.items.map((p) => (
              <li key={p.id}>
                <ProductCard api={api} product={p} onCheckout={onCheckout} />
              </li>
            ))}
          </ul>
          {products.totalPages > 1 && (
            <div className="mt-4 overflow-hidden rounded-2xl bg-white shadow-card">
              <Pagination
                page={products.page}
                totalPages={products.totalPages}
                total={products.total}
                limit={STOREFRONT_PRODUCTS_PAGE}
                onPage={onPage}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function ProductCard({
  api,
  product,
  onCheckout,
}: {
  api: ApiClient;
  product: StorefrontProduct;
  onCheckout: (item: BuyItem) => void;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = useQuery({ ...trayQueries.product(api, product.id), enabled: open });

  const buy = async () => {
    setError(null);
    setLoading(true);
    try {
      const answer = await queryClient.fetchQuery(trayQueries.product(api, product.id));
      if (!canBuyNow(answer)) {
        setError('Sold out');
        return;
      }
      setOpen(true);
    } catch {
      setError('Could not open this product. Try again.');
    } finally {
      setLoading(false);
    }
  };

  const soldOut = product.stock === 0;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-card">
      <div className="relative aspect-square bg-brand-50">
        {product.image ? (
          <MediaImage
            src={product.image}
            shownAt={PRODUCT}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <Store className="absolute inset-0 m-auto size-8 text-ink-muted" aria-hidden />
        )}
        {soldOut && (
          <span className="absolute top-2 left-2 rounded-full bg-black/70 px-2 py-0.5 font-semibold text-white text-xs">
            Sold out
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-medium text-sm">{product.name}</h3>
        <p className="font-semibold">{formatNairaRange({ min: product.price, max: product.maxPrice })}</p>
        <div className="mt-auto pt-2">
          {product.buyNow && !soldOut ? (
            <button
              type="button"
              onClick={() => void buy()}
              disabled={loading}
              aria-label={`Buy now: ${product.name}`}
              className="min-h-10 w-full rounded-full bg-brand-600 px-3 font-semibold text-sm text-white disabled:opacity-60"
            >
              {loading ? 'Opening…' : 'Buy now'}
            </button>
          ) : product.auction && !soldOut ? (
            <p className="text-ink-muted text-xs">Sold in live auctions</p>
          ) : null}
          {error && (
            <p role="alert" className="mt-1 text-red-700 text-xs">
              {error}
            </p>
          )}
        </div>
      </div>
      {open && full.data && (
        <Suspense fallback={null}>
          <BuySheet
            product={full.data}
            open
            onOpenChange={setOpen}
            onContinue={(item) => {
              setOpen(false);
              onCheckout(item);
            }}
          />
        </Suspense>
      )}
    </article>
  );
}

function Past({ shows }: { shows: StorefrontResponse['past'] }) {
  return (
    <section aria-labelledby="past-shows">
      <SectionTitle id="past-shows">Past shows</SectionTitle>
      <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-white shadow-card">
        {shows.map((s) => (
          <li key={s.id}>
            <Link to={paths.watch(s.id)} className="flex items-center gap-3 px-4 py-3">
              <Play className="size-4 shrink-0 text-brand-600" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{s.title}</span>
              <time dateTime={s.at} className="shrink-0 text-ink-muted text-sm">
                {dayOnly.format(new Date(s.at))}
              </time>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
