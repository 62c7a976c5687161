import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/app/providers';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders screens at their patterns in a memory router, with the app's query client settings and
 * toasts, for screens that take their API client as a prop (no AuthProvider needed). `where` shows
 * the current URL, also after a navigation to a path none of the routes match.
 */
export function renderRoutes(path: string, routes: { path: string; element: ReactNode }[]) {
  const queryClient = createQueryClient();
  const objects: RouteObject[] = [
    ...routes.map((route) => ({
      path: route.path,
      element: (
        <>
          {route.element}
          <Where />
        </>
      ),
    })),
    { path: '*', element: <Where /> },
  ];
  const router = createMemoryRouter(objects, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one screen at a path matching `pattern`; see renderRoutes. */
export function renderScreen(path: string, pattern: string, element: ReactNode) {
  return renderRoutes(path, [{ path: pattern, element }]);
}
