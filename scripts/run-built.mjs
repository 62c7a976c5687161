// Shared by `npm run cluster` and `npm run soak`: builds if the server's bundle is missing, then runs
// a bench/ script with tsx (it imports the server's sources through their path aliases), passing on
// its exit code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function runBuilt(script) {
  if (!existsSync(`${root}apps/server/dist/server.js`)) {
    const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json' },
  });
  process.exit(r.status ?? 1);
}
