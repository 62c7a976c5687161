import { useEffect, useState, useSyncExternalStore } from 'react';

/*
 * A failed route chunk both fires Vite's 'vite:preloadError' (shown by PreloadErrorWatcher) and
 * fails the route (shown by its errorElement). Only the first mounted overlay is shown, so the
 * seller sees one dialog, not two stacked ones.
 */
const mounted: symbol[] = [];
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useIsFirstOverlay(): boolean {
  const [token] = useState(() => Symbol('update-overlay'));
  useEffect(() => {
    mounted.push(token);
    notify();
    return () => {
      mounted.splice(mounted.indexOf(token), 1);
      notify();
    };
  }, [token]);
  return useSyncExternalStore(
    subscribe,
    () => mounted[0] === token,
    () => false,
  );
}
