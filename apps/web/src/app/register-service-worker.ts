/**
 * Registers the service worker (sw/service-worker.ts) once the first screen has loaded, so its
 * precache download never competes with what the seller is waiting for. Production builds only:
 * in development Vite serves modules the worker knows nothing of.
 *
 * A new version's worker installs in the background and waits; it takes over when every tab of the
 * app has closed, so a seller's screen is never reloaded under them. Refresh Now on the Update
 * Available overlay unregisters the workers, then reloads (features/app-update/refresh-to-latest.ts).
 */
export function registerServiceWorker(environment: {
  serviceWorker?: Pick<ServiceWorkerContainer, 'register'> | undefined;
  production: boolean;
}): void {
  const { serviceWorker, production } = environment;
  if (!production || !serviceWorker) return;
  const register = () => {
    serviceWorker.register('/service-worker.js', { scope: '/', type: 'classic' }).catch(() => {
      // No worker (private mode, storage blocked): the app works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
