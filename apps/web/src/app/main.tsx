import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { registerServiceWorker } from '@/app/register-service-worker';
import { createAppRouter } from '@/app/router';
import { api } from '@/lib/api-client';
import { AppNavigateProvider } from '@/ui/app-link';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// One query client for the screens and the route loaders that start their data.
const queryClient = createQueryClient();

/*
 * The first render is split into tasks a phone can answer between (issue 20, docs/performance.md):
 * this module's evaluation (and its imports'), then the router's creation (its routes, the first
 * match), then its start (the first screen's loaders and code requests), then React's render. The
 * render is a transition, so React renders in slices of a few milliseconds instead of one long task;
 * nothing is on show before it commits anyway (a prerendered first paint, or the empty root).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void nextTask()
  .then(() => {
    const router = createAppRouter({ queryClient, api });
    return nextTask().then(() => router.initialize());
  })
  .then((router) => nextTask().then(() => router))
  .then((router) => {
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <AppNavigateProvider navigate={router.navigate}>
              <RouterProvider router={router} />
            </AppNavigateProvider>
          </AppProviders>
        </StrictMode>,
      );
    });
  });

// Error reporting only when a DSN is configured; the SDK then loads after the first screen.
if (import.meta.env.VITE_SENTRY_DSN) {
  void import('@/lib/error-reporting').then((m) => m.startErrorReporting(import.meta.env.VITE_SENTRY_DSN));
}

// Installable, and the app shell opens offline (docs/phone.md).
registerServiceWorker({
  serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  production: import.meta.env.PROD,
});
