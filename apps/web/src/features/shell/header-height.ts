import { type RefObject, useEffect } from 'react';

/**
 * The dashboard's sticky header publishes its drawn height on the page as this CSS variable, so what
 * floats at the top of the screen can sit under it instead of over the menu, Back and the title
 * (the toasts, app/providers.tsx). On a phone the header is one or two rows, as the title needs.
 */
export const SHELL_HEADER_HEIGHT = '--shell-header-height';

export function usePublishedHeaderHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const style = document.documentElement.style;
    const publish = () => style.setProperty(SHELL_HEADER_HEIGHT, `${element.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.removeProperty(SHELL_HEADER_HEIGHT);
    };
  }, [ref]);
}
