// `npm start`: build what is missing, then run the server in this process (migrations run at start).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const needed = ['apps/server/dist/server.js', 'apps/web/dist/index.html'];
const missing = needed.filter((f) => !existsSync(new URL(`../${f}`, import.meta.url)));
if (missing.length > 0) {
  process.stdout.write(`Building the app first (missing: ${missing.join(', ')})...\n`);
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { main } = await import('../apps/server/dist/server.js');
await main(process.env);
