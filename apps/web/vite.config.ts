import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, runnerImport } from 'vite';

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

export default defineConfig(async () => {
  // The contracts package ships TypeScript sources, which Node cannot import while loading this
  // config; Vite's module runner transpiles them.
  const { module: contracts } = await runnerImport<typeof import('@kasuwa/contracts')>('@kasuwa/contracts');

  return {
    plugins: [react(), tailwindcss(), brandHtml(contracts.PRODUCT_NAME)],
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
