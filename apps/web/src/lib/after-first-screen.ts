import type { QueryClient } from '@tanstack/react-query';

let passed = false;

/**
 * Resolves once the first screen is drawn: the page has loaded, no query of `queryClient` is on its
 * way (the screen's data has come, or failed), and the browser has had an idle moment; at the latest
 * after `latestMs`. From then on it resolves at once. What the first screen does not need (the
 * notifications socket) waits for it, so it does not compete with the screen's code and data on a
 * slow connection (issue 20, docs/performance.md).
 */
export function afterFirstScreen(queryClient: QueryClient, latestMs = 10_000): Promise<void> {
  if (passed) return Promise.resolve();
  return new Promise((resolve) => {
    let finished = false;
    let unsubscribe: (() => void) | null = null;
    const finish = () => {
      if (finished) return;
      finished = true;
      passed = true;
      clearTimeout(cap);
      unsubscribe?.();
      window.removeEventListener('load', whenLoaded);
      resolve();
    };
    const cap = setTimeout(finish, latestMs);
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(finish, { timeout: 2000 });
      else setTimeout(finish, 100);
    };
    const whenQuiet = () => {
      if (queryClient.isFetching() === 0) {
        idle();
        return;
      }
      unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() !== 0) return;
        unsubscribe?.();
        unsubscribe = null;
        idle();
      });
    };
    function whenLoaded() {
      whenQuiet();
    }
    if (document.readyState === 'complete') whenQuiet();
    else window.addEventListener('load', whenLoaded, { once: true });
  });
}
