import { useLayoutEffect } from 'react';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';

/** Removes the prerendered first paint, in the same frame as the screen that replaces it. */
export function useReplaceFirstPaint() {
  useLayoutEffect(() => {
    document.getElementById(FIRST_PAINT_ID)?.remove();
  }, []);
}
