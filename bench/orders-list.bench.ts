// The Orders list of one seller with 100,000 orders (issue 14), through the full app stack, cold:
// the orders lists have no answer cache at all, so every request is a question asked anew.
//   - gated: page 50 (limit 20) of the Delivered tab searched for a product ("ankara", ~10% of orders)
//   - informational: page 50 of a tab unsearched, a buyer-name search, a search sorted by total
// Baseline, in the same run and process: GET /api/health of the same app (one database round-trip).
// Targets: p99 ≤ 25 ms at 50 connections and ≥ 0.25 of the health route's throughput.
import autocannon from 'autocannon';
import { buildApp } from '@/app.ts';
import { benchEnvironment, benchLogger } from './support/bench-app';
import { seedOrders } from './support/orders-seed';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const TARGET_RATIO = 0.25;
const TARGET_P99_MS = 25;

const env = await benchEnvironment('orders_list');
const seedStarted = performance.now();
const { auth } = await seedOrders(env.database.db, env.deps.jwtSecret, ORDERS);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const app = await buildApp({ ...env.deps, logger: process.env.NOLOG ? false : benchLogger(), webDist: null });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

type Result = { perSecond: number; p50: number; p99: number };
async function measure(path: string, duration = SECONDS, connections = CONNECTIONS): Promise<Result> {
  const r = await autocannon({ url: `${base}${path}`, connections, duration, headers: auth });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { perSecond: r.requests.total / duration, p50: r.latency.p50, p99: r.latency.p99 };
}

const gatedPath = '/api/orders?tab=delivered&search=ankara&page=50&limit=20';
const check = await fetch(`${base}${gatedPath}`, { headers: auth }).then((r) => r.json());
if (check.orders?.length !== 20 || check.counts?.all < ORDERS * 0.99) {
  throw new Error(`unexpected list answer: ${JSON.stringify(check).slice(0, 300)}`);
}

const cases = [
  { name: 'Delivered, search "ankara", page 50', path: gatedPath, gated: true },
  { name: 'To ship, page 50, unsearched', path: '/api/orders?tab=to_ship&page=50&limit=20', gated: false },
  {
    name: 'All, search "amaka okafor", page 5',
    path: '/api/orders?search=amaka+okafor&page=5&limit=20',
    gated: false,
  },
  {
    name: 'All, search "gele", by total, page 50',
    path: '/api/orders?search=gele&sort=total_desc&page=50&limit=20',
    gated: false,
  },
];

await measure('/api/health', 1);
for (const c of cases) await measure(c.path, 1);
const health = await measure('/api/health');
const results = [];
for (const c of cases) results.push({ ...c, ...(await measure(c.path)), alone: await measure(c.path, 2, 1) });
const healthAgain = await measure('/api/health');
const healthPerSecond = (health.perSecond + healthAgain.perSecond) / 2;
const rssMb = process.memoryUsage().rss / 1024 / 1024;
await app.close();
await env.close();

const fmt = (n: number) => Math.round(n).toLocaleString('en-NG');
let pass = true;
process.stdout.write(
  `seeded ${fmt(ORDERS)} orders for one seller (+${fmt(ORDERS)} for four others) in ${seedSeconds.toFixed(1)} s;` +
    ` health ${fmt(healthPerSecond)} req/s, p99 ${health.p99} ms at ${CONNECTIONS} connections; no answer cache exists (cold)\n`,
);
for (const r of results) {
  const ratio = r.perSecond / healthPerSecond;
  const ok = ratio >= TARGET_RATIO && r.p99 <= TARGET_P99_MS;
  if (r.gated) pass &&= ok;
  process.stdout.write(
    `${r.name}: ${fmt(r.perSecond)} req/s -> ratio ${ratio.toFixed(2)} of health (target >= ${TARGET_RATIO}),` +
      ` p50 ${r.p50} / p99 ${r.p99} ms at ${CONNECTIONS} connections (target <= ${TARGET_P99_MS}), p99 ${r.alone.p99} ms alone` +
      ` ${r.gated ? (ok ? 'PASS' : 'FAIL') : '(informational)'}\n`,
  );
}
process.stdout.write(
  `RSS ${rssMb.toFixed(0)} MB, peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (server + load generator)\n`,
);
process.exitCode = pass ? 0 : 1;
