import { useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes. Lists use it to render either their
 * table or their phone cards, not both hidden by CSS (twice the work on a long page). `unknown` is
 * the answer where there is no screen to ask: at build time (the painted pages, app/first-paint.tsx)
 * and without matchMedia.
 */
export function useMediaQuery(query: string, unknown = false): boolean {
  const list = useMemo(
    () =>
      typeof window !== 'undefined' && typeof window.matchMedia === 'function'
        ? window.matchMedia(query)
        : null,
    [query],
  );
  const subscribe = useMemo(
    () => (notify: () => void) => {
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? unknown,
    () => unknown,
  );
}

/** Tables from this width, cards below (the products list's breakpoint). */
export const WIDE_LIST_QUERY = '(min-width: 768px)';
