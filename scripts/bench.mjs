// `npm run bench`: builds if needed, then runs every bench/*.bench.ts in turn. Each prints its result
// as a ratio against a baseline measured in the same run, plus its peak memory.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}apps/web/dist/index.html`) || !existsSync(`${root}apps/server/dist/server.js`)) {
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const only = process.argv[2];
const files = readdirSync(`${root}bench`)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n== ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], {
    cwd: root,
    stdio: 'inherit',
    // The benchmarks import the server's sources, whose imports use its path aliases.
    env: { ...process.env, TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json' },
  });
  if (r.status !== 0) failed++;
}
process.stdout.write(`\n${files.length - failed} of ${files.length} benchmarks within budget\n`);
process.exit(failed ? 1 : 0);
