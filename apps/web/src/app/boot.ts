import '@/styles/app.css';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';

/*
 * The page's entry: the styles, then the app (app/main.tsx). On a page drawn at build time
 * (login.html) the app's code — React's among it, downloading beside this file from the
 * modulepreload links — is run only once the browser has painted that page, so the screen is on
 * show before any of it runs (issue 20, docs/performance.md).
 */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void (document.getElementById(FIRST_PAINT_ID) ? afterPaint() : Promise.resolve()).then(
  () => import('@/app/main'),
);
