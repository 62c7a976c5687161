import { useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes. Used where rendering both layouts and
 * hiding one with CSS would double the work (the products table and its phone cards).
 */
export function useMediaQuery(query: string): boolean {
  // One MediaQueryList per query: React reads the snapshot on every render.
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
