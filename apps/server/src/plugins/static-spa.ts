import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/api/', '/socket.io/'];

const FILE_EXTENSION =
  /\.(js|mjs|css|map|json|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|webmanifest)$/i;

/** The pages the web build draws at build time (apps/web/src/app/first-paint.tsx), by path. */
const PRERENDERED_PAGES: [string, string][] = [
  ['/login', 'login.html'],
  ['/dashboard/home', 'dashboard-home.html'],
  ['/dashboard/products', 'dashboard-products.html'],
  ['/dashboard/orders', 'dashboard-orders.html'],
];

/** Paths that must never get index.html: API routes, and files (a missing chunk of an old deploy must 404). */
function isPagePath(url: string) {
  const p = url.split('?')[0] ?? '';
  if (p === '/api' || p === '/socket.io' || API_PREFIXES.some((prefix) => p.startsWith(prefix))) return false;
  return !p.startsWith('/assets/') && !FILE_EXTENSION.test(p);
}

/**
 * Serves the built SPA at `/`: hashed files under /assets are cached for a year, index.html is
 * revalidated on every load so a deploy is picked up at once; .br/.gz siblings made at build time
 * are sent to browsers that accept them. Unknown non-API paths get index.html (history fallback);
 * unknown API paths get a JSON 404.
 */
export async function registerStaticSpa(app: FastifyInstance, webDist: string | null) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasSpa = indexFile !== null && fs.existsSync(indexFile);

  if (hasSpa && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const rel = path.relative(webDist, filePath).split(path.sep).join('/');
        res.header(
          'cache-control',
          rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'no built web app found: run `npm run build` to serve the dashboard');
  }

  // Pages the web build drew at build time, so they paint before any script (issue 20: login.html,
  // the log-in screen, and the dashboard's home, products and orders screens, drawn for nobody in
  // particular; apps/web/src/app/first-paint.tsx); every other page is index.html.
  const prerendered = new Map<string, string>();
  for (const [page, file] of PRERENDERED_PAGES)
    if (hasSpa && webDist && fs.existsSync(path.join(webDist, file))) prerendered.set(page, file);
  const sendPage = (reply: FastifyReply, url: string) =>
    reply
      .header('cache-control', 'no-cache')
      .sendFile(prerendered.get(url.split('?')[0] ?? '') ?? 'index.html');

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url);
    if (isPage && hasSpa) return sendPage(reply, request.url);
    const p = request.url.split('?')[0];
    return reply.code(404).send({ message: `Route ${request.method} ${p} not found` });
  });
}
