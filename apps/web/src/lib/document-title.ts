import { PRODUCT_NAME } from '@kasuwa/contracts';
import { useEffect } from 'react';

export const appTitle = `${PRODUCT_NAME} Seller`;

/** Names the browser tab after the screen, which is also what screen readers announce on navigation. */
export function useDocumentTitle(screenTitle?: string): void {
  useEffect(() => {
    document.title = screenTitle ? `${screenTitle} · ${appTitle}` : appTitle;
  }, [screenTitle]);
}
