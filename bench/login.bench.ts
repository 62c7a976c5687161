// Log-in throughput against the health route in the same process and run, and the cost of one
// Argon2id hash (19 MiB, t=2, p=1). Log-in is meant to be slow: the hash is what protects passwords
// if the database leaks, so the ratio shows the price per log-in rather than a target to chase.
import autocannon from 'autocannon';
import { buildApp } from '@/app.ts';
import { hashPassword } from '@/lib/password.ts';
import { DEMO_SELLER, seedDemo } from '@/seed/demo.ts';
import { benchEnvironment, benchLogger } from './support/bench-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const UNLIMITED = { max: 1_000_000, timeWindow: 60_000 };

const env = await benchEnvironment('login');
await seedDemo(env.database.db);
const app = await buildApp({
  ...env.deps,
  logger: benchLogger(),
  webDist: null,
  // The per-address limits would stop a benchmark from one address after 20 log-ins.
  authRateLimits: { login: UNLIMITED },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const hashTimes: number[] = [];
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  await hashPassword(`Bench-password-${i}`);
  hashTimes.push(performance.now() - t0);
}
hashTimes.sort((a, b) => a - b);
const hashMedianMs = hashTimes[Math.floor(hashTimes.length / 2)] ?? 0;

const run = async (opts: autocannon.Options) => {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.total / SECONDS;
};
const login = () =>
  run({
    url: `${base}/api/seller/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_SELLER.email, password: DEMO_SELLER.password }),
  });
const health = () => run({ url: `${base}/api/health` });

await autocannon({ url: `${base}/api/health`, connections: 5, duration: 1 });
const healthRate = (await health()) / 2 + (await health()) / 2;
const loginRate = await login();
const ratio = loginRate / healthRate;
const peakRssMb = process.resourceUsage().maxRSS / 1024;

await app.close();
await env.close();

process.stdout.write(
  `login: ${loginRate.toFixed(0)} log-ins/s vs ${healthRate.toFixed(0)} health req/s -> ratio ${ratio.toFixed(3)}` +
    ` | Argon2id hash ${hashMedianMs.toFixed(1)} ms (median of 10; 19 MiB, t=2, p=1)` +
    ` | peak RSS ${peakRssMb.toFixed(0)} MB\n`,
);
