import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { registerServiceWorker } from '@/app/register-service-worker';
import { createAppRouter } from '@/app/router';
import { api } from '@/lib/api-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// One query client for the screens and the route loaders that start their data.
const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter({ queryClient, api })} />
    </AppProviders>
  </StrictMode>,
);

// Error reporting only when a DSN is configured; the SDK then loads after the first screen.
if (import.meta.env.VITE_SENTRY_DSN) {
  void import('@/lib/error-reporting').then((m) => m.startErrorReporting(import.meta.env.VITE_SENTRY_DSN));
}

// Installable, and the app shell opens offline (docs/phone.md).
registerServiceWorker({
  serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  production: import.meta.env.PROD,
});
