import '@/styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { createAppRouter } from '@/app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);

// Error reporting only when a DSN is configured; the SDK then loads after the first screen.
if (import.meta.env.VITE_SENTRY_DSN) {
  void import('@/lib/error-reporting').then((m) => m.startErrorReporting(import.meta.env.VITE_SENTRY_DSN));
}
