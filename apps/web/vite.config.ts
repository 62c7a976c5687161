import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server's port: the same PORT the dev script gives the server (default 3000).
const api = `http://localhost:${process.env.PORT ?? 3000}`;

/** Same proxy for `vite` and `vite preview`, so both talk to the API server on :3000. */
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: api, changeOrigin: true },
  '/socket.io': { target: api, changeOrigin: true, ws: true },
};

/** index.html is static, so the brand is injected here to keep PRODUCT_NAME the only source of the name. */
function brandHtml(productName: string): Plugin {
  return {
    name: 'brand-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('%PRODUCT_NAME%', productName),
    },
  };
}

/**
 * The web app manifest and the service worker (sw/service-worker.ts, docs/phone.md): installable,
 * and the app shell opens with no connection. The worker is registered by app/register-service-worker.ts
 * after the first screen, never in development.
 */
function installableApp(productName: string) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'service-worker.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg'],
    manifest: {
      id: '/dashboard/home',
      name: `${productName} Seller`,
      short_name: productName,
      description: `${productName} Seller: manage your store, orders and live shows.`,
      start_url: '/dashboard/home',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#12833f',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The shell and every screen; the video SDKs (over 400 KB each) are fetched and kept when a
      // show first needs them, not downloaded on a seller's first visit.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/*.br', '**/*.gz', 'assets/AgoraRTC*', 'assets/livekit-client*'],
      maximumFileSizeToCacheInBytes: 400 * 1024,
    },
    // A chunk over the limit is left to the runtime cache with a warning, not a failed build.
    showMaximumFileSizeToCacheInBytesWarning: true,
    devOptions: { enabled: false },
  });
}

type BuiltChunk = { type: 'chunk'; fileName: string; imports: string[]; moduleIds: string[] };

/**
 * The page's entry is app/boot.ts, which imports the app (app/main.tsx) once the page can paint:
 * the app's chunk and everything it imports are fetched from the start all the same, by
 * modulepreload links in index.html, as Vite writes them for an entry's own imports.
 */
function preloadTheApp(): Plugin {
  return {
    name: 'preload-the-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c): c is BuiltChunk & typeof c => c.type === 'chunk',
        );
        // The chunk holding app/main.tsx (its facade is not named at this point of the build).
        const main = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/app/main.tsx')));
        if (!main) throw new Error('the app chunk (src/app/main.tsx) is missing from the build');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (chunk: BuiltChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        visit(main);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * login.html: index.html with the log-in screen drawn in at build time (app/first-paint.tsx), which
 * the server sends for /login, so a phone paints the screen before any script has arrived (issue 20,
 * docs/performance.md); and dashboard-home.html, -products.html, -orders.html, the same for those
 * dashboard screens. Written after the bundle, from the built index.html.
 */
function firstPaint(): Plugin {
  let outDir = '';
  return {
    name: 'first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const src = fileURLToPath(new URL('./src', import.meta.url));
      const { module } = await runnerImport<typeof import('./src/app/first-paint')>(
        path.join(src, 'app/first-paint.tsx'),
        {
          root: fileURLToPath(new URL('.', import.meta.url)),
          resolve: { alias: { '@': src } },
          // The contracts ship TypeScript: transpiled here, not handed to Node.
          environments: { inline: { resolve: { noExternal: ['@kasuwa/contracts'] } } },
        },
      );
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      await writeFile(path.join(outDir, 'login.html'), module.loginPage(index));
      for (const [page, file] of Object.entries(module.DASHBOARD_FIRST_PAINTS))
        await writeFile(
          path.join(outDir, file),
          module.dashboardPage(index, page as keyof typeof module.DASHBOARD_FIRST_PAINTS),
        );
    },
  };
}

export default defineConfig(async () => {
  // The contracts package ships TypeScript sources, which Node cannot import while loading this
  // config; Vite's module runner transpiles them.
  const { module: contracts } = await runnerImport<typeof import('@kasuwa/contracts')>('@kasuwa/contracts');

  return {
    plugins: [
      react(),
      tailwindcss(),
      brandHtml(contracts.PRODUCT_NAME),
      installableApp(contracts.PRODUCT_NAME),
      preloadTheApp(),
      firstPaint(),
    ],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      emptyOutDir: true,
      // The benchmark reads the manifest to sum the JS that /login needs.
      manifest: true,
      // Phones on patchy 4G: no source maps to download, and small hashed chunks that cache forever.
      sourcemap: false,
      chunkSizeWarningLimit: 400,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // A shared chunk of under 6 KB of source (an icon, a query key factory, a label table, a
            // small feature's queries) is copied into the chunks that use it instead of costing a
            // phone a request of its own: the dashboard's first view was 94 scripts, most under 1 KB,
            // then 39 at 2 KB; at 6 KB a dashboard route loads 21–22, and fewer bytes in all, since
            // each file costs its wrapper and its compression (issue 20, docs/performance.md).
            experimentalInlineCommonChunks: { maxSize: 6144 },
            groups: [
              {
                // React and the router change far less often than our code: in their own chunk
                // they stay cached across deploys, so a returning seller re-downloads only the app.
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              },
              {
                // Two zod-free constants of the contracts share one small chunk, which the entry
                // loads anyway: the brand, and the e-mail pattern of @kasuwa/contracts/limits, so
                // the check /login makes costs no request of its own.
                name: 'brand',
                test: /[\\/]packages[\\/]contracts[\\/]src[\\/](brand|email-pattern)\.ts$/,
              },
            ],
          },
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  };
});
