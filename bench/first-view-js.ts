// The deterministic half of `npm run bench lighthouse`: for each of its four routes, every script a
// cold load fetches (gzip -9 of each, as the Lighthouse bench counts them) and, of those, the ones
// asked for before the route's largest contentful paint — the JavaScript the first view waited for.
// No throttling: which files are fetched, and in which order, does not depend on the machine's load.
//   TSX_TSCONFIG_PATH=apps/server/tsconfig.json node --import tsx bench/first-view-js.ts [route...]
// (FIRST_VIEW_JS_LIST=1 lists the files.)
import { gzipSync } from 'node:zlib';
import { chromium, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { startBuiltServer } from './support/built-server';
import { demoLogin, storeDemoSession } from './support/demo-session';

const ROUTES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/login', '/dashboard/home', '/dashboard/products', '/dashboard/orders'];
const LIST = process.env.FIRST_VIEW_JS_LIST === '1';

const server = await startBuiltServer();
const { base } = server;
try {
  const login = await demoLogin(base);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const sizes = new Map<string, number>();
  for (const route of ROUTES) {
    // A fresh context per route: nothing cached, no service worker (as Lighthouse's cold load).
    const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' });
    if (route !== '/login') {
      const setup = await context.newPage();
      await storeDemoSession(setup, base, login);
      await setup.close();
    }
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string };
      w.__lcp = 0;
      w.__lcpElement = '';
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element; size: number })[]) {
          w.__lcp = e.startTime;
          const el = e.element;
          w.__lcpElement = el
            ? `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().slice(0, 60)}" (${e.size} px²)`
            : `(removed, ${e.size} px²)`;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const { lcp, lcpElement, scripts } = await page.evaluate(() => ({
      lcp: (window as unknown as { __lcp: number }).__lcp,
      lcpElement: (window as unknown as { __lcpElement: string }).__lcpElement,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => ({ url: e.name, start: e.startTime })),
    }));
    await context.close();
    let all = 0;
    let beforeLcp = 0;
    let nBefore = 0;
    const lines: string[] = [];
    for (const s of scripts) {
      if (!s.url.endsWith('.js')) continue;
      let size = sizes.get(s.url);
      if (size === undefined) {
        size = gzipSync(Buffer.from(await (await fetch(s.url)).arrayBuffer()), { level: 9 }).length;
        sizes.set(s.url, size);
      }
      all += size;
      const before = s.start < lcp;
      if (before) {
        beforeLcp += size;
        nBefore++;
      }
      lines.push(
        `    ${before ? 'before' : 'after '} LCP ${s.start.toFixed(0).padStart(5)} ms ${(size / 1024).toFixed(1).padStart(6)} KB ${new URL(s.url).pathname}`,
      );
    }
    const n = scripts.filter((s) => s.url.endsWith('.js')).length;
    process.stdout.write(
      `${route}: ${(all / 1024).toFixed(1)} KB gzip in ${n} files fetched by the load;` +
        ` ${(beforeLcp / 1024).toFixed(1)} KB in ${nBefore} asked for before the LCP (${lcp.toFixed(0)} ms unthrottled)\n` +
        `  LCP element: ${lcpElement}\n` +
        (LIST ? `${lines.join('\n')}\n` : ''),
    );
  }
  await browser.close();
} finally {
  await server.stop();
}
