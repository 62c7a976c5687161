// size: one route table — every route of the app, its loaders and their revalidation in one place
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  type LoaderFunction,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  Outlet,
  type RouteObject,
  redirect,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from 'react-router';
import { requireSession, rootRedirect } from '@/app/entry-redirect';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';
import { lazyRoute } from '@/app/lazy-route';
import { connectSegment, paths } from '@/app/paths';
import { type Prefetch, prefetchProfile, type RouteData } from '@/app/route-data';
import { RouteErrorElement } from '@/app/route-error';
import { useReplaceFirstPaint } from '@/app/use-replace-first-paint';
import { AuthProvider } from '@/features/auth/auth-provider';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { Spinner } from '@/ui/spinner';

/*
 * Every screen is its own lazily loaded module under app/routes (mirroring the URL), so a phone
 * opening /login downloads the app core plus the login screen, nothing else. The error element is
 * imported statically: it has to work precisely when a route's chunk cannot be downloaded.
 *
 * A screen whose first data is known from its URL and the stored session names a Prefetch: its
 * route gets a loader (appRoutes) that starts that data while the screen's code downloads, so a
 * phone waits for one round trip, not the code's and then the data's. The prefetchers live in small
 * chunks of their own (`screen-data.ts` beside the route modules), keeping the query factories out of /login.
 */

type Load = Parameters<typeof lazyRoute>[0];
type LoadPrefetch = () => Promise<Prefetch>;

const errorElement = <RouteErrorElement />;

/** The routes whose loader starts their screen's data, and how to get the code that does it. */
const prefetches = new WeakMap<RouteObject, LoadPrefetch>();

function page(path: string, load: Load, prefetch?: LoadPrefetch): RouteObject {
  const route: RouteObject = {
    path,
    lazy: lazyRoute(load, { staticLoader: prefetch !== undefined }),
    errorElement,
  };
  if (prefetch) prefetches.set(route, prefetch);
  return route;
}

const dashboardData = () => import('@/app/routes/dashboard/screen-data');
const onboardingData = () => import('@/app/routes/onboarding/screen-data');
const watchData = () => import('@/app/routes/watch/screen-data');

function indexPage(load: Load): RouteObject {
  return { index: true, lazy: lazyRoute(load), errorElement };
}

// `element: null` marks the route as intentionally empty: the loader redirects before it renders.
function indexRedirect(to: string): RouteObject {
  return { index: true, loader: () => redirect(to), element: null, errorElement };
}

function group(path: string, children: RouteObject[]): RouteObject {
  return { path, errorElement, children };
}

const couponRoutes = (listPath: string): RouteObject[] => [
  indexRedirect(listPath),
  page('list', () => import('@/app/routes/dashboard/marketing/coupons/list.route')),
  page('create', () => import('@/app/routes/dashboard/marketing/coupons/create.route')),
];

const inboxCampaignRoutes = (listPath: string): RouteObject[] => [
  indexRedirect(listPath),
  page('list', () => import('@/app/routes/dashboard/marketing/inbox-campaigns/list.route')),
  page('create', () => import('@/app/routes/dashboard/marketing/inbox-campaigns/create.route')),
];

const onboardingRoutes: RouteObject[] = [
  indexRedirect(paths.onboarding.profile),
  page('profile', () => import('@/app/routes/onboarding/profile.route')),
  page('business-onboarding', () => import('@/app/routes/onboarding/business-onboarding.route')),
  page('individual-onboarding', () => import('@/app/routes/onboarding/individual-onboarding.route')),
  page(
    'business-information-onboarding',
    () => import('@/app/routes/onboarding/business-information-onboarding.route'),
  ),
  page(
    'business-verification-onboarding',
    () => import('@/app/routes/onboarding/business-verification-onboarding.route'),
  ),
  page('business-bank-onboarding', () => import('@/app/routes/onboarding/business-bank-onboarding.route')),
  page(
    'business-category-onboarding',
    () => import('@/app/routes/onboarding/business-category-onboarding.route'),
    () => onboardingData().then((m) => m.categories),
  ),
  page(
    'shipping-options-onboarding',
    () => import('@/app/routes/onboarding/shipping-options-onboarding.route'),
  ),
  page('create-profile', () => import('@/app/routes/onboarding/create-profile.route')),
  page(
    'individual-verification-onboarding',
    () => import('@/app/routes/onboarding/individual-verification-onboarding.route'),
  ),
  page('account-approval', () => import('@/app/routes/onboarding/account-approval.route')),
];

const liveStreamRoutes: RouteObject[] = [
  indexRedirect(paths.dashboard.liveStreams.liveStream),
  page(
    'live-stream',
    () => import('@/app/routes/dashboard/live-streams/live-stream.route'),
    () => dashboardData().then((m) => m.upcomingShows),
  ),
  page('create-live-show', () => import('@/app/routes/dashboard/live-streams/create-live-show.route')),
  page('create-live-auction', () => import('@/app/routes/dashboard/live-streams/create-live-auction.route')),
  page('live-giveaways', () => import('@/app/routes/dashboard/live-streams/live-giveaways.route')),
  page(
    'past-shows',
    () => import('@/app/routes/dashboard/live-streams/past-shows.route'),
    () => dashboardData().then((m) => m.pastShows),
  ),
  page('past-shows/:id', () => import('@/app/routes/dashboard/live-streams/past-show.route')),
  page(
    'scheduled-shows',
    () => import('@/app/routes/dashboard/live-streams/scheduled-shows.route'),
    () => dashboardData().then((m) => m.upcomingShows),
  ),
  page('submit-live-show', () => import('@/app/routes/dashboard/live-streams/submit-live-show.route')),
  page(
    'live-stream-studio/:id',
    () => import('@/app/routes/dashboard/live-streams/live-stream-studio/$id.route'),
  ),
  page(
    'live-stream-studio/:id/cohost',
    () => import('@/app/routes/dashboard/live-streams/live-stream-studio/$id.cohost.route'),
  ),
];

const dashboardRoutes: RouteObject[] = [
  // The spec lists no /dashboard index; the sidebar's first entry is the sensible landing.
  indexRedirect(paths.dashboard.home),
  page(
    'home',
    () => import('@/app/routes/dashboard/home.route'),
    () => dashboardData().then((m) => m.home),
  ),
  page(
    'customers',
    () => import('@/app/routes/dashboard/customers.route'),
    () => dashboardData().then((m) => m.customers),
  ),
  page(
    'customer/:id',
    () => import('@/app/routes/dashboard/customer/$id.route'),
    () => dashboardData().then((m) => m.customer),
  ),
  page(
    'orders',
    () => import('@/app/routes/dashboard/orders.route'),
    () => dashboardData().then((m) => m.orders),
  ),
  page(
    'order/:orderId',
    () => import('@/app/routes/dashboard/order/$orderId.route'),
    () => dashboardData().then((m) => m.order),
  ),
  page(
    'returns',
    () => import('@/app/routes/dashboard/returns.route'),
    () => dashboardData().then((m) => m.returns),
  ),
  page(
    'return/:id',
    () => import('@/app/routes/dashboard/return/$id.route'),
    () => dashboardData().then((m) => m.returnDetail),
  ),
  page(
    'products',
    () => import('@/app/routes/dashboard/products.route'),
    () => import('@/app/routes/dashboard/products-data').then((m) => m.products),
  ),
  page('add-products', () => import('@/app/routes/dashboard/add-products.route')),
  group('edit-product', [
    indexPage(() => import('@/app/routes/dashboard/edit-product/index.route')),
    page(':id', () => import('@/app/routes/dashboard/edit-product/$id.route')),
  ]),
  page('drafts', () => import('@/app/routes/dashboard/drafts.route')),
  page(
    'blips',
    () => import('@/app/routes/dashboard/blips.route'),
    () => dashboardData().then((m) => m.blips),
  ),
  group('marketing', [
    indexPage(() => import('@/app/routes/dashboard/marketing/index.route')),
    group('coupons', couponRoutes(paths.dashboard.marketing.coupons.list)),
    group('inbox-campaigns', inboxCampaignRoutes(paths.dashboard.marketing.inboxCampaigns.list)),
  ]),
  // The spec also lists coupons and inbox-campaigns directly under /dashboard; both URLs work and
  // show the same screens, while links (paths.ts) use the /dashboard/marketing/... form.
  group('coupons', couponRoutes('/dashboard/coupons/list')),
  group('inbox-campaigns', inboxCampaignRoutes('/dashboard/inbox-campaigns/list')),
  page(
    'earnings-payouts',
    () => import('@/app/routes/dashboard/earnings-payouts.route'),
    () => dashboardData().then((m) => m.earnings),
  ),
  page('messages', () => import('@/app/routes/dashboard/messages.route')),
  page(connectSegment, () => import('@/app/routes/dashboard/product-connect.route')),
  group('live-streams', liveStreamRoutes),
  page('livestreaming', () => import('@/app/routes/dashboard/livestreaming.route')),
  page('settings', () => import('@/app/routes/dashboard/settings.route')),
  page('account', () => import('@/app/routes/dashboard/account.route')),
  page('help', () => import('@/app/routes/dashboard/help.route')),
  page('analytics-insights', () => import('@/app/routes/dashboard/analytics-insights.route')),
  page('kyc-verification', () => import('@/app/routes/dashboard/kyc-verification.route')),
];

/**
 * Where a screen's scroll position is kept. React Router keys it by the history entry, and every
 * page opened by its address (typed, a link from outside, a bookmark) has the same key, "default":
 * each one then opened at the place the last one was left, a form opening at its foot. Those are
 * kept by their address instead; an entry the app pushed keeps its own key (back and forward).
 */
export const scrollKey = (location: { key: string; pathname: string; search: string }) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

function AppRoot() {
  // A prerendered first paint (login.html) gives way to the app's own screen in the same frame.
  useReplaceFirstPaint();
  return (
    <AuthProvider>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </AuthProvider>
  );
}

const loginScreen: Load = () => import('@/app/routes/login.route');
const signupScreen: Load = () => import('@/app/routes/signup.route');

const loginRoutes: RouteObject[] = [
  indexPage(loginScreen),
  page('forgot-password', () => import('@/app/routes/login/forgot-password.route')),
  page('reset-password', () => import('@/app/routes/login/reset-password.route')),
  // Any other subpath (e.g. /login/anything) shows the log-in screen.
  page('*', loginScreen),
];

const signupRoutes: RouteObject[] = [
  indexPage(signupScreen),
  page('verify-email', () => import('@/app/routes/signup/verify-email.route')),
  page('*', signupScreen),
];

/**
 * The dashboard and onboarding need a session: the branch's loader sends a visitor without a token
 * to /login. The layout sits in a pathless child so its lazy module can fail into the error element
 * (see lazyRoute) without clashing with the statically defined loader.
 */
function guarded(path: string, children: RouteObject[], layout?: Load, prefetch?: Prefetch): RouteObject {
  const route: RouteObject = {
    path,
    loader: requireSession,
    errorElement,
    children: layout ? [{ lazy: lazyRoute(layout), errorElement, children }] : children,
  };
  if (prefetch) prefetches.set(route, () => Promise.resolve(prefetch));
  return route;
}

/** Shown while the first screen's chunk downloads, which on slow 4G can take a moment. */
function FirstLoad() {
  // The prerendered screen stays on show instead.
  if (document.getElementById(FIRST_PAINT_ID)) return null;
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand-600">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}

export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: AppRoot,
    HydrateFallback: FirstLoad,
    errorElement,
    children: [
      { index: true, loader: rootRedirect, element: null, errorElement },
      group('login', loginRoutes),
      group('signup', signupRoutes),
      guarded('onboarding', onboardingRoutes, () => import('@/app/routes/onboarding/layout.route')),
      guarded(
        'dashboard',
        dashboardRoutes,
        () => import('@/app/routes/dashboard/layout.route'),
        prefetchProfile,
      ),
      // Public: buyers open it from a WhatsApp link, with or without an account.
      page(
        'watch/:streamId',
        () => import('@/app/routes/watch/$streamId.route'),
        () => watchData().then((m) => m.stream),
      ),
      // issue 21: an ended show's replay with its sold moments.
      page('watch/:streamId/replay', () => import('@/app/routes/watch/$streamId.replay.route')),
      // Public too: one blip, full height, for buyers to watch, like and comment on.
      page(
        'watch/blips/:blipId',
        () => import('@/app/routes/watch/blips/$blipId.route'),
        () => watchData().then((m) => m.blip),
      ),
      // Public: a store's page, from the link the seller chose in Settings.
      page(
        'store/:slug',
        () => import('@/app/routes/store/$slug.route'),
        () => watchData().then((m) => m.store),
      ),
      // Buyers: Buy now and paying an auction win, then the buyer's orders (each asks for a buyer log-in).
      group('checkout', [
        page('buy', () => import('@/app/routes/checkout/buy.route')),
        page(':orderId', () => import('@/app/routes/checkout/$orderId.route')),
      ]),
      group('my-orders', [
        indexPage(() => import('@/app/routes/my-orders/index.route')),
        page(':orderId', () => import('@/app/routes/my-orders/$orderId.route')),
        page(':orderId/return', () => import('@/app/routes/my-orders/$orderId/return.route')),
      ]),
      group('my-returns', [page(':returnId', () => import('@/app/routes/my-returns/$returnId.route'))]),
      // issue 16: the buyer's inbox; `new` opens the conversation with a show's, blip's or order's store.
      group('my-messages', [
        indexPage(() => import('@/app/routes/my-messages/index.route')),
        page('new', () => import('@/app/routes/my-messages/new.route')),
        page(':conversationId', () => import('@/app/routes/my-messages/$conversationId.route')),
      ]),
      // issue 16: the buyer's Updates inbox.
      group('my-updates', [indexPage(() => import('@/app/routes/my-updates/index.route'))]),
      // Public: the Terms, Privacy Policy and Seller Agreement the Create Profile step links to.
      group('legal', [
        page('terms', () => import('@/app/routes/legal/terms.route')),
        page('privacy', () => import('@/app/routes/legal/privacy.route')),
        page('seller-agreement', () => import('@/app/routes/legal/seller-agreement.route')),
      ]),
      // The location pickers and phone input in a real form, until the onboarding steps use them.
      page('dev/location-pickers', () => import('@/app/routes/dev/location-pickers.route')),
      // Static, not lazy: the page is already in the entry chunk as the error view.
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/**
 * A route that names a Prefetch gets a loader which, once the route's own loader (the session
 * check) lets the visitor in, starts the screen's data and returns without waiting for it. React
 * Router runs a statically defined loader in parallel with the route's lazy() code.
 */
function withData(route: RouteObject, data: RouteData): RouteObject {
  const children = route.children?.map((child) => withData(child, data));
  const prefetch = prefetches.get(route);
  if (!prefetch) return (children ? { ...route, children } : route) as RouteObject;
  const own = route.loader;
  const loader: LoaderFunction = async (args) => {
    const answer: unknown = typeof own === 'function' ? await own(args) : null;
    // A redirect (no session): the screen will not be shown, so neither is its data wanted.
    if (answer instanceof Response) return answer;
    // The prefetcher's chunk is tiny and downloads beside the screen's, so waiting for it holds
    // nothing up and the data is always on its way before the screen renders; the data itself is
    // not awaited. A chunk that fails to download costs nothing: the screen fetches as it renders.
    try {
      (await prefetch())(data, args);
    } catch {
      // The screen's own query asks instead.
    }
    return answer ?? null;
  };
  return {
    ...route,
    loader,
    shouldRevalidate: samePathStays,
    ...(children ? { children } : {}),
  } as RouteObject;
}

/**
 * A move that keeps the path (a page turn, a filter: only the search changes) runs no data loader
 * again: the screen's own queries fetch what it shows next, and the session was checked on the way
 * in. With every loader run again, a 100-row page turn of the products list cost 26.3 ms of script;
 * without, 15.8–16.5 ms (bench/products-page.bench.ts, 01:30, quiet machine).
 */
const samePathStays: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

/** The routes with the loaders that start each screen's data in the given query client. */
export function appRoutes(data: RouteData): RouteObject[] {
  return routes.map((route) => withData(route, data));
}

/**
 * The app's browser router, not started yet: `createBrowserRouter` is this and then `initialize()`
 * (listening to history, reading the saved view transitions from sessionStorage, matching and
 * running the first screen's loaders), which app/main.tsx calls in a task of its own — the two
 * together were one long task on a phone's start (issue 20, docs/performance.md).
 */
export function createAppRouter(data: RouteData) {
  return createRouter({
    history: createBrowserHistory(),
    routes: appRoutes(data),
    mapRouteProperties,
    hydrationRouteProperties,
  });
}
