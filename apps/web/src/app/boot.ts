import '@/styles/app.css';
import { fillDashboardFirstPaint } from '@/app/dashboard-first-paint';
import { FIRST_PAINT_ID } from '@/app/first-paint-id';

/*
 * The page's entry: the styles, then the app (app/main.tsx). On a page drawn at build time
 * (login.html, dashboard-*.html) the app's code — React's among it — is fetched and run only once the
 * browser has painted that page, so the screen is on show before any of it runs (issue 20,
 * docs/performance.md). A painted dashboard screen gets its greeting from the stored session first
 * (or is taken away when there is none), and the screen's own code is fetched beside the app's
 * instead of after it.
 */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** What the router loads for a painted dashboard screen (app/router.tsx): its layout, screen and data. */
const dashboardCode: Record<string, () => Promise<unknown>> = {
  '/dashboard/home': () => import('@/app/routes/dashboard/home.route'),
  '/dashboard/products': () => import('@/app/routes/dashboard/products.route'),
  '/dashboard/orders': () => import('@/app/routes/dashboard/orders.route'),
};

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();

let painted = document.getElementById(FIRST_PAINT_ID);
if (painted?.hasAttribute('data-dashboard') && !fillDashboardFirstPaint(painted, storage)) painted = null;
const screenCode = painted?.hasAttribute('data-dashboard') ? dashboardCode[location.pathname] : undefined;

// Each import below adds a modulepreload link for every file it needs, which costs the main thread
// about half a millisecond a link: each import has a task of its own, so none of them is long.
const inTaskOfItsOwn = (load: () => Promise<unknown>) =>
  setTimeout(() => {
    // A chunk that fails here fails again in the router, which shows its error screen.
    void load().catch(() => undefined);
  }, 0);

void (painted ? afterPaint() : Promise.resolve()).then(() => {
  // The page's first read of sessionStorage waits for the browser to hand it over (1 ms on a quiet
  // desktop, ~14 ms under load); the router's start reads it (saved view transitions). Here it has
  // a task of its own while the code downloads, instead of lengthening the router's.
  setTimeout(() => {
    try {
      void window.sessionStorage?.length;
    } catch {
      // Storage refused: the router does without it.
    }
  }, 0);
  // React's chunk (React, React DOM, the router) is evaluated as soon as it is here, in a task of its
  // own: otherwise it is evaluated with the app's modules that import it, in one long task.
  inTaskOfItsOwn(() => import('react-dom/client'));
  if (screenCode) {
    inTaskOfItsOwn(() => import('@/app/routes/dashboard/layout.route'));
    inTaskOfItsOwn(screenCode);
    inTaskOfItsOwn(() => import('@/app/routes/dashboard/screen-data'));
    if (location.pathname === '/dashboard/products')
      inTaskOfItsOwn(() => import('@/app/routes/dashboard/products-data'));
  }
  return import('@/app/main');
});
