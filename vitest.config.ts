import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  test: {
    // Two files at a time: vitest's default on a two-core machine is one (cores - 1), which left a core
    // idle while a server test waited on PostgreSQL and made the suite take about 19 minutes.
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
    projects: [
      {
        resolve: { alias: { '@': here('./apps/web/src') } },
        test: {
          name: 'web',
          environment: 'happy-dom',
          // A page origin where nothing listens: a component that opens a real socket or fetch in a
          // test fails at once instead of reaching a developer's server on :3000.
          environmentOptions: { happyDOM: { url: 'http://127.0.0.1:9/' } },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: [here('./apps/web/src/test/setup.ts')],
          // Whole-screen journeys (the product editor, the blip page's sign-up) take 1–3 s on a quiet
          // machine; 5 s failed them on a loaded one, which says nothing about the screens.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias: { '@': here('./apps/server/src') } },
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          // The chaos suite kills servers and services for minutes: `npm run chaos` only (below).
          exclude: ['**/node_modules/**', 'apps/server/src/chaos/**'],
          globalSetup: [here('./apps/server/src/test/global-setup.ts')],
          // One module graph per worker, not per file: each file imported the whole server again
          // (207 of the project's 374 s on a quiet machine; 208 s in all without). Files share no
          // state through modules: each builds its own app on its own database, with dependencies
          // passed in rather than modules mocked.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // `npm run chaos` (scripts/chaos.mjs, issue 18 "Faults"): real server processes killed, and
      // PostgreSQL, Redis, S3, SMTP and the payment provider taken away under them. One file at a time.
      ...(process.env.KASUWA_CHAOS === '1'
        ? [
            {
              resolve: { alias: { '@': here('./apps/server/src') } },
              test: {
                name: 'chaos',
                environment: 'node',
                include: ['apps/server/src/chaos/**/*.chaos.test.ts'],
                // The test PostgreSQL and template, plus a template seeded with the demo once per run.
                globalSetup: [here('./apps/server/src/chaos/global-setup.ts')],
                fileParallelism: false,
                // Starting a server took over a minute on a loaded machine (before the seeded template).
                testTimeout: 300_000,
                hookTimeout: 600_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'packages',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts'],
        },
      },
      {
        // The repository's own rules: the import-boundary checker, its planted breaches and the real tree.
        test: {
          name: 'repo',
          environment: 'node',
          include: ['scripts/**/*.test.mjs'],
        },
      },
    ],
  },
});
