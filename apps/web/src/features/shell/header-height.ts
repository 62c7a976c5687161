import { type RefObject, useEffect } from 'react';

/*
 * The dashboard's sticky header tells what floats at the top of the screen how tall it is drawn, so
 * that can sit under it instead of over the menu, Back and the title (the toasts, app/providers.tsx).
 * On a phone the header is one or two rows, as the title needs. A small store rather than a CSS
 * variable on the page: a custom property changed on the root restyles every element under it, and
 * only the toaster, mounted with the first toast or tap, needs the figure.
 */
let height = 0;
const listeners = new Set<() => void>();

const publish = (next: number) => {
  if (next === height) return;
  height = next;
  for (const listener of listeners) listener();
};

/** The drawn header's height in CSS pixels; 0 on a screen without one (log-in, onboarding). */
export const shellHeaderHeight = () => height;

export function subscribeShellHeaderHeight(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePublishedHeaderHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => publish(element.offsetHeight));
    observer.observe(element);
    return () => {
      observer.disconnect();
      publish(0);
    };
  }, [ref]);
}
