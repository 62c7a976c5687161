import type { Seller } from '@kasuwa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';
import { paths } from '@/app/paths';
import type { DashboardContext } from '@/app/routes/dashboard/dashboard-context';
import { Component as OrdersScreen } from '@/app/routes/dashboard/orders.route';
import { Component as ProductsScreen } from '@/app/routes/dashboard/products.route';
import { Component as LoginScreen } from '@/app/routes/login.route';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { signedOutState } from '@/features/auth/auth-state';
import { MessagesBadgeLink } from '@/features/conversations/messages-badge-link';
import { Greeting, QuickActions } from '@/features/home/home-overview';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { DashboardShell } from '@/features/shell/dashboard-shell';
import { ShellAccountProvider } from '@/features/shell/shell-account';
import { createApiClient } from '@/lib/api-client';

/*
 * The log-in screen as static HTML, drawn at build time (vite.config.ts, `firstPaint`) into
 * login.html, which the server sends for /login: a phone paints the screen before any script has
 * arrived (issue 20, docs/performance.md). It is the real screen's markup for a signed-out visitor,
 * rendered once with nothing to do. It is `inert` (nothing in it can be focused or typed into) and
 * the app removes it as it draws its own screen (app/router.tsx).
 *
 * The dashboard's home, products and orders screens are drawn the same way (dashboard-*.html): the
 * frame (header, and the sidebar on a wide screen) and what each screen shows before its data, for
 * nobody in particular. No seller's data is in them: home's greeting is written in on the phone from
 * the stored session by app/boot.ts (app/dashboard-first-paint.ts), and the rest waits for the app.
 */

const nothing = () => Promise.reject(new Error('the first paint is static'));

const staticAuth: AuthContextValue = {
  state: signedOutState,
  api: createApiClient(),
  login: nothing,
  signUp: nothing,
  verifyOtp: nothing,
  resendOtp: nothing,
  requestPasswordReset: nothing,
  cancelPasswordReset: () => undefined,
  resetPassword: nothing,
  dismissResetSuccess: () => undefined,
  profileLoaded: () => undefined,
  sellerBlocked: () => undefined,
  logout: () => Promise.resolve(),
};

/**
 * index.html with the log-in screen painted in, before the app's root, and without index.html's
 * modulepreload links: here the page paints first, with the styles alone on the connection, and the
 * app's code is fetched after (app/boot.ts imports it once the page has painted).
 */
export function loginPage(indexHtml: string): string {
  return paintedPage(indexHtml, loginScreen(), {});
}

/** The dashboard screens painted at build time, by path; the server sends each its page. */
export const DASHBOARD_FIRST_PAINTS = {
  [paths.dashboard.home]: 'dashboard-home.html',
  [paths.dashboard.products]: 'dashboard-products.html',
  [paths.dashboard.orders]: 'dashboard-orders.html',
} as const;

export type PaintedDashboardPath = keyof typeof DASHBOARD_FIRST_PAINTS;

/** index.html with a dashboard screen painted in, as loginPage does for /login. */
export function dashboardPage(indexHtml: string, path: PaintedDashboardPath): string {
  return paintedPage(indexHtml, blankGreeting(dashboardScreen(path)), { 'data-dashboard': '' });
}

/**
 * Home's greeting lines are left empty, for boot.ts to write: a line painted before it is filled in
 * would count as the screen's largest paint at its first, shorter size, and the app's full line
 * would then be a new, later one.
 */
function blankGreeting(markup: string): string {
  return markup.replace(
    /(<div data-greeting="">)<p([^>]*)>[^<]*<\/p><p([^>]*)>[^<]*<\/p>/,
    '$1<p$2></p><p$3></p>',
  );
}

function paintedPage(indexHtml: string, markup: string, attributes: Record<string, string>): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html must contain <div id="root"></div>');
  const extra = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return indexHtml
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(root, `<div id="${FIRST_PAINT_ID}" inert${extra}>${markup}</div>${root}`);
}

function loginScreen(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[paths.login]}>
      <AuthContext.Provider value={staticAuth}>
        <LoginScreen />
      </AuthContext.Provider>
    </MemoryRouter>,
  );
}

/** Home before the app runs: the title and the greeting's place (boot.ts writes the words in). */
function HomeFirstPaint() {
  return (
    <DashboardScreen title="Dashboard">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col justify-between gap-3 sm:flex-row sm:items-end">
          <Greeting seller={{ firstName: '', storeName: '' } as Seller} />
          <QuickActions />
        </div>
      </div>
    </DashboardScreen>
  );
}

const screens: Record<PaintedDashboardPath, ComponentType> = {
  [paths.dashboard.home]: HomeFirstPaint,
  [paths.dashboard.products]: ProductsScreen,
  [paths.dashboard.orders]: OrdersScreen,
};

/**
 * The screens' own components, as they first render: no data yet (a query client that never asks),
 * no one signed in to the header (an empty avatar, the badges without counts), and a seller with no
 * id for the screens that key their queries by it.
 */
function dashboardScreen(path: PaintedDashboardPath): string {
  const Screen = screens[path];
  const nobody = { _id: '', firstName: '', lastName: '', storeName: '' } as Seller;
  const context: DashboardContext = { seller: nobody, setVacationMode: () => undefined };
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={staticAuth}>
          <ShellAccountProvider
            value={{
              account: { firstName: '', lastName: '', storeName: '', avatarUrl: null },
              onLogout: () => undefined,
              tools: (
                <>
                  <MessagesBadgeLink sellerId={null} api={staticAuth.api} />
                  <NotificationBell sellerId={null} api={staticAuth.api} />
                </>
              ),
            }}
          >
            <DashboardShell>
              <Routes>
                <Route element={<Outlet context={context} />}>
                  <Route path={path} element={<Screen />} />
                </Route>
              </Routes>
            </DashboardShell>
          </ShellAccountProvider>
        </AuthContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
