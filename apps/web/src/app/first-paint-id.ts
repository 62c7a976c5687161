import { useLayoutEffect } from 'react';

/**
 * The element a prerendered page (login.html, app/first-paint.tsx) paints before any script: the
 * app shows no loading spinner while it is there, and removes it when it draws its first screen.
 */
export const FIRST_PAINT_ID = 'first-paint';

/** Removes the prerendered first paint, in the same frame as the screen that replaces it. */
export function useReplaceFirstPaint() {
  useLayoutEffect(() => {
    document.getElementById(FIRST_PAINT_ID)?.remove();
  }, []);
}
