import { useEffect, useState } from 'react';
import { UpdateAvailableOverlay } from '@/features/app-update/update-available-overlay';

/**
 * Vite fires 'vite:preloadError' on window when a lazily imported chunk or its CSS cannot be
 * downloaded, including imports outside the router (a lazy chart, a lazy dialog). Without this the
 * rejection would surface as a crash; instead the seller is offered a refresh.
 */
export function PreloadErrorWatcher() {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // The event is not cancelled: the import must still reject, or its caller would receive
    // `undefined` as the module and fail in a harder-to-read way.
    const onPreloadError = () => setFailed(true);
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  return failed ? <UpdateAvailableOverlay /> : null;
}
