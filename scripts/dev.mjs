// `npm run dev`: the API server from source (restarts on change) and Vite's dev server, which proxies
// /api and /socket.io to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server.ts'], {
    cwd: `${root}apps/server`,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env, DATA_DIR: process.env.DATA_DIR ?? `${root}data` },
  }),
  spawn('npx', ['vite'], { cwd: `${root}apps/web`, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
