import { useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes. Lists use it to render either their
 * table or their phone cards, not both hidden by CSS (twice the work on a long page).
 */
export function useMediaQuery(query: string): boolean {
  const list = useMemo(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null),
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
    () => list?.matches ?? false,
    () => false,
  );
}

/** Tables from this width, cards below (the products list's breakpoint). */
export const WIDE_LIST_QUERY = '(min-width: 768px)';
