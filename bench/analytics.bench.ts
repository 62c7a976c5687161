// Analytics & Insights (issue 17): the whole page's queries (one GET /api/analytics, which runs them
// in parallel) for a seller with 1,000,000 orders over two years, through the full app stack, cold:
// there is no answer cache, every request is asked anew of PostgreSQL (the rollups are tables kept
// by triggers, not caches of answers).
//   - gated: each preset range (today, 7, 30, 90 days), one request at a time: p99 <= 50 ms
//   - informational: a custom 366-day range, and the 90-day page at 10 connections
// Baseline, in the same run and process: GET /api/health of the same app (one database round-trip).
import autocannon from 'autocannon';
import { buildApp } from '@/app.ts';
import { seedAnalytics } from './support/analytics-seed';
import { benchEnvironment, benchLogger, settle } from './support/bench-app';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_P99_MS = 50;

const env = await benchEnvironment('analytics');
const seedStarted = performance.now();
const { auth } = await seedAnalytics(env.database.db, env.deps.storage, env.deps.jwtSecret, ORDERS);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const app = await buildApp({ ...env.deps, logger: process.env.NOLOG ? false : benchLogger(), webDist: null });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

type Result = { perSecond: number; p50: number; p99: number };
async function measure(path: string, connections: number, duration = SECONDS): Promise<Result> {
  const r = await autocannon({ url: `${base}${path}`, connections, duration, headers: auth });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { perSecond: r.requests.total / duration, p50: r.latency.p50, p99: r.latency.p99 };
}

const check = await fetch(`${base}/api/analytics?range=90d`, { headers: auth }).then((r) => r.json());
if (
  !(check.figures?.orders?.current > ORDERS / 10) ||
  check.salesByState?.length < 30 ||
  check.shows?.length !== 20
) {
  throw new Error(`unexpected answer: ${JSON.stringify(check).slice(0, 400)}`);
}

const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() + 3_600_000 - 365 * 86_400_000).toISOString().slice(0, 10);
const cases = [
  { name: 'Today', path: '/api/analytics?range=today', gated: true },
  { name: '7 days', path: '/api/analytics?range=7d', gated: true },
  { name: '30 days', path: '/api/analytics?range=30d', gated: true },
  { name: '90 days', path: '/api/analytics?range=90d', gated: true },
  { name: 'Custom, 366 days', path: `/api/analytics?range=custom&from=${yearAgo}&to=${today}`, gated: false },
];

const load = await settle();
await measure('/api/health', 1, 1);
for (const c of cases) await measure(c.path, 1, 1);
const health = await measure('/api/health', 1);
const results = [];
for (const c of cases) results.push({ ...c, ...(await measure(c.path, 1)) });
const loaded = await measure('/api/analytics?range=90d', 10);
const healthLoaded = await measure('/api/health', 10);
const rssMb = process.memoryUsage().rss / 1024 / 1024;
await app.close();
await env.close();

const fmt = (n: number) => Math.round(n).toLocaleString('en-NG');
let pass = true;
process.stdout.write(
  `seeded ${fmt(ORDERS)} orders over two years for one seller (+${fmt(ORDERS / 5)} for two others) in ${seedSeconds.toFixed(0)} s;` +
    ` health ${fmt(health.perSecond)} req/s, p99 ${health.p99} ms at 1 connection; no answer cache exists (cold); measured at ${load}\n`,
);
for (const r of results) {
  const ok = r.p99 <= TARGET_P99_MS;
  if (r.gated) pass &&= ok;
  process.stdout.write(
    `${r.name}: ${fmt(r.perSecond)} req/s -> ratio ${(r.perSecond / health.perSecond).toFixed(2)} of health,` +
      ` p50 ${r.p50} / p99 ${r.p99} ms at 1 connection (target <= ${TARGET_P99_MS})` +
      ` ${r.gated ? (ok ? 'PASS' : 'FAIL') : '(informational)'}\n`,
  );
}
process.stdout.write(
  `90 days at 10 connections: ${fmt(loaded.perSecond)} req/s -> ratio ${(loaded.perSecond / healthLoaded.perSecond).toFixed(2)}` +
    ` of health (${fmt(healthLoaded.perSecond)} req/s), p50 ${loaded.p50} / p99 ${loaded.p99} ms (informational)\n`,
);
process.stdout.write(
  `RSS ${rssMb.toFixed(0)} MB, peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (server + load generator)\n`,
);
process.exitCode = pass ? 0 : 1;
