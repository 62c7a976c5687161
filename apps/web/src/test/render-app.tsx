import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/app/providers';
import { AuthProvider } from '@/features/auth/auth-provider';
import { createApiClient } from '@/lib/api-client';
import { type SellerSocket, SocketConnectorContext } from '@/lib/socket';

/** Shows where the app is, so tests can wait for a screen by its path. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Stand-ins for screens a test only needs to land on. */
export const landingRoutes: RouteObject[] = [
  '/login',
  '/signup/verify-email',
  '/login/reset-password',
  '/login/forgot-password',
  '/onboarding/profile',
  '/onboarding/account-approval',
  '/onboarding/create-profile',
  '/dashboard/home',
].map((path) => ({ path, element: <h1>{`Landed on ${path}`}</h1> }));

/** A socket that never connects: the dashboard under test works offline, as after a drop. */
const offlineSocket = async (): Promise<SellerSocket> => {
  const stub = {
    connected: false,
    on: () => stub,
    off: () => stub,
    close: () => stub,
    io: { on: () => stub },
  };
  return stub as unknown as SellerSocket;
};

/**
 * Renders routes under the real AuthProvider, inside a memory router, with an API client on the
 * given fetch and a Toaster, as the app does.
 */
export function renderApp(options: { path: string; routes: RouteObject[]; fetch: typeof fetch }) {
  const api = createApiClient({ fetch: options.fetch });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AuthProvider api={api}>
            <Outlet />
            <Where />
          </AuthProvider>
        ),
        // The screen under test first, so it wins over a stand-in for the same path.
        children: [...options.routes, ...landingRoutes],
      },
    ],
    { initialEntries: [options.path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SocketConnectorContext.Provider value={offlineSocket}>
        <RouterProvider router={router} />
      </SocketConnectorContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, api, queryClient };
}
