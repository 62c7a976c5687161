import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useReplaceFirstPaint } from '@/app/use-replace-first-paint';
import { UpdateAvailableOverlay } from '@/features/app-update/update-available-overlay';
import { NotFoundPage } from '@/features/not-found/not-found-page';
import { isAssetLoadError } from '@/lib/asset-load-error';

/**
 * The errorElement of every route. A chunk or asset that failed to load means this tab runs an
 * outdated build (or lost the network mid-download), which a refresh fixes; anything else shows
 * the not-found page, as the spec asks.
 */
export function RouteErrorElement() {
  const error = useRouteError();
  const assetFailure = isAssetLoadError(error);
  useReplaceFirstPaint();

  useEffect(() => {
    // Not an expected failure: hand it to the browser's error reporting (console and any
    // error-reporting listener on window) instead of swallowing it behind the 404 page.
    if (!assetFailure && error instanceof Error && typeof globalThis.reportError === 'function') {
      globalThis.reportError(error);
    }
  }, [assetFailure, error]);

  return assetFailure ? <UpdateAvailableOverlay /> : <NotFoundPage />;
}
