import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute } from '@/app/lazy-route';
import { RouteErrorElement } from '@/app/route-error';

/** Same shape as the app's routes: a root with a first-load fallback, a group, then the screen. */
function renderFailingRoute(route: Omit<RouteObject, 'path' | 'errorElement' | 'children' | 'index'>) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Outlet,
        HydrateFallback: FirstLoad,
        errorElement: <RouteErrorElement />,
        children: [
          {
            path: 'dashboard',
            errorElement: <RouteErrorElement />,
            children: [{ path: 'orders', errorElement: <RouteErrorElement />, ...route }],
          },
        ],
      },
    ],
    { initialEntries: ['/dashboard/orders'] },
  );
  render(<RouterProvider router={router} />);
}

function FirstLoad() {
  return <p>Loading</p>;
}

// Non-asset errors are handed to window.reportError; keep the test output quiet and observable.
// React and React Router also log a caught render error to the console; that is expected here.
const reported = vi.fn();
beforeEach(() => {
  vi.stubGlobal('reportError', reported);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  reported.mockReset();
});

const boom = new Error('boom');

function ThrowsBoom(): never {
  throw boom;
}

function Orders() {
  return <h1>Orders</h1>;
}

describe('RouteErrorElement', () => {
  it("offers a refresh when the route's chunk cannot be downloaded", async () => {
    renderFailingRoute({
      lazy: lazyRoute(() =>
        Promise.reject(
          new TypeError(
            'Failed to fetch dynamically imported module: http://localhost/assets/orders.route-x1.js',
          ),
        ),
      ),
    });

    const dialog = await screen.findByRole('alertdialog', { name: 'Update Available' });
    expect(dialog.textContent).toContain(
      'A new version of the app is available. Please refresh to continue with the latest updates.',
    );
    expect(screen.getByRole('button', { name: 'Refresh Now' })).toBeVisible();
    expect(screen.queryByText('Oops! Page Not Found')).not.toBeInTheDocument();
    expect(reported).not.toHaveBeenCalled();
  });

  it('offers a refresh when the chunk of a route with a data-starting loader cannot be downloaded', async () => {
    renderFailingRoute({
      loader: () => null,
      lazy: lazyRoute(
        () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/blips.js')),
        { staticLoader: true },
      ),
    });
    expect(await screen.findByRole('alertdialog', { name: 'Update Available' })).toBeVisible();
  });

  it("offers a refresh when the route's stylesheet cannot be preloaded", async () => {
    renderFailingRoute({
      lazy: lazyRoute(() => Promise.reject(new Error('Unable to preload CSS for /assets/orders.css'))),
    });
    expect(await screen.findByRole('alertdialog', { name: 'Update Available' })).toBeVisible();
  });

  it('shows the screen when its chunk loads', async () => {
    renderFailingRoute({ lazy: lazyRoute(async () => ({ Component: Orders })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  });

  it('shows the not-found page for any other route error and reports it', async () => {
    renderFailingRoute({ Component: ThrowsBoom });

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(reported).toHaveBeenCalledWith(boom);
  });

  it('shows the not-found page for a 500 response from a loader', async () => {
    renderFailingRoute({
      loader: () => {
        throw new Response('Internal error', { status: 500 });
      },
      Component: Orders,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
