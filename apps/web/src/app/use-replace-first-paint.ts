import { useLayoutEffect } from 'react';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';

/**
 * Takes the prerendered first paint away, in the same frame as the screen that replaces it: hidden
 * at once (one style change), its few hundred elements removed from the document in a task of
 * their own once that frame is drawn. Removed within the commit, they made the screen's first
 * commit one of the longest tasks of the dashboard's start (issue 20, docs/performance.md).
 */
export function useReplaceFirstPaint() {
  useLayoutEffect(() => {
    const painted = document.getElementById(FIRST_PAINT_ID);
    if (!painted) return;
    painted.style.display = 'none';
    setTimeout(() => painted.remove(), 0);
  }, []);
}
