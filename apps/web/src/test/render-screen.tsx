import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/app/providers';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders one screen at a path, with the app's query client settings and toasts, for screens that
 * take their API client as a prop (no AuthProvider needed). `where` shows the current URL.
 */
export function renderScreen(path: string, pattern: string, element: ReactNode) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
