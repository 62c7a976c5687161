// The Orders CSV export of one seller with 100,000 orders (issue 14): streamed from a PostgreSQL
// cursor through csv-stringify, so the server's memory stays flat however long the file.
// Budget: the server's RSS grows by < 50 MB while the whole export is downloaded (sampled every
// 10 ms; the server runs in this process, the download is read and thrown away as it arrives).
import { buildApp } from '@/app.ts';
import { benchEnvironment } from './support/bench-app';
import { seedOrders } from './support/orders-seed';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const BUDGET_MB = 50;

const env = await benchEnvironment('orders_csv');
const { auth } = await seedOrders(env.database.db, env.deps.jwtSecret, ORDERS);
const app = await buildApp({ ...env.deps, logger: false, webDist: null });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

// Warm-up on a small export (JIT, pool), then let the heap settle before the baseline.
await fetch(`${base}/api/orders/export.csv?tab=to_pay&to=2000-01-01`, { headers: auth }).then((r) =>
  r.text(),
);
global.gc?.();
const mb = () => process.memoryUsage().rss / 1024 / 1024;
const before = mb();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, mb());
}, 10);
const started = performance.now();
const res = await fetch(`${base}/api/orders/export.csv`, { headers: auth });
if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
let bytes = 0;
let lines = 0;
const decoder = new TextDecoder();
for await (const chunk of res.body) {
  bytes += chunk.byteLength;
  for (const c of decoder.decode(chunk, { stream: true })) if (c === '\n') lines++;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, mb());
await app.close();
await env.close();

const rows = lines - 1;
const growth = peak - before;
const ok = growth < BUDGET_MB && rows === ORDERS;
process.stdout.write(
  `exported ${rows.toLocaleString('en-NG')} orders (${(bytes / 1024 / 1024).toFixed(1)} MB of CSV) in ${seconds.toFixed(1)} s` +
    ` (${Math.round(rows / seconds).toLocaleString('en-NG')} rows/s)\n` +
    `server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB: growth ${growth.toFixed(1)} MB` +
    ` -> ratio ${(growth / BUDGET_MB).toFixed(2)} of the ${BUDGET_MB} MB budget ${ok ? 'PASS' : 'FAIL'}\n`,
);
process.exitCode = ok ? 0 : 1;
