/** The browser APIs a refresh needs, passed in so tests can hand over stubs. */
export interface RefreshEnvironment {
  serviceWorker?: Pick<ServiceWorkerContainer, 'getRegistrations'>;
  reload: () => void;
}

export function browserRefreshEnvironment(): RefreshEnvironment {
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    reload: () => window.location.reload(),
  };
}

/**
 * A service worker could keep serving the old build's index.html, which points at chunks that no
 * longer exist; unregistering every worker first makes the reload fetch the new build.
 */
export async function refreshToLatestVersion(environment: RefreshEnvironment): Promise<void> {
  try {
    const registrations = (await environment.serviceWorker?.getRegistrations()) ?? [];
    await Promise.allSettled(registrations.map((registration) => registration.unregister()));
  } catch {
    // Workers could not be listed (e.g. storage blocked): a plain reload is still the best next step.
  }
  environment.reload();
}
