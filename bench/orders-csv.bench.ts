// The Orders CSV export of one seller with 100,000 orders (issue 14): streamed from a PostgreSQL
// cursor through csv-stringify, so the server's memory stays flat however long the file.
// Budget: the server's RSS grows by < 50 MB while the whole export is downloaded. The server runs
// in a process of its own (support/app-process.ts) and its RSS is read from outside it
// (/proc/<pid>/status every 10 ms), so the download, the seeding and this process's heap are not
// counted, and nothing in the server allocates to measure it. The download is read and thrown away
// as it arrives, at the speed this process reads it.
import { setTimeout as sleep } from 'node:timers/promises';
import { startAppProcess } from './support/app-process';
import { benchEnvironment } from './support/bench-app';
import { seedOrders } from './support/orders-seed';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const BUDGET_MB = 50;

const env = await benchEnvironment('orders_csv');
const { auth } = await seedOrders(env.database.db, env.deps.jwtSecret, ORDERS);
const server = await startAppProcess(env.databaseUrl, env.deps.jwtSecret);
const { base } = server;

// Warm-up on a small export (JIT, the pool's connections), then the baseline: the server idle,
// its RSS the lowest of a second's samples.
await fetch(`${base}/api/orders/export.csv?tab=to_pay&to=2000-01-01`, { headers: auth }).then((r) =>
  r.text(),
);
await fetch(`${base}/api/orders?tab=to_pay`, { headers: auth }).then((r) => r.text());
let before = Number.POSITIVE_INFINITY;
for (let i = 0; i < 100; i++) {
  before = Math.min(before, server.rssMb());
  await sleep(10);
}
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, server.rssMb());
}, 10);
const started = performance.now();
const res = await fetch(`${base}/api/orders/export.csv`, { headers: auth });
if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
let bytes = 0;
let lines = 0;
const reader = res.body.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  for (const b of value) if (b === 10) lines++;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, server.rssMb());
const after = server.rssMb();
await server.stop();
await env.close();

const rows = lines - 1;
const growth = peak - before;
const ok = growth < BUDGET_MB && rows === ORDERS;
process.stdout.write(
  `exported ${rows.toLocaleString('en-NG')} orders (${(bytes / 1024 / 1024).toFixed(1)} MB of CSV) in ${seconds.toFixed(1)} s` +
    ` (${Math.round(rows / seconds).toLocaleString('en-NG')} rows/s)\n` +
    `server RSS (its own process, read from /proc) ${before.toFixed(0)} MB idle before, peak ${peak.toFixed(0)} MB,` +
    ` ${after.toFixed(0)} MB after: growth ${growth.toFixed(1)} MB -> ratio ${(growth / BUDGET_MB).toFixed(2)} of the` +
    ` ${BUDGET_MB} MB budget ${ok ? 'PASS' : 'FAIL'}\n`,
);
process.exitCode = ok ? 0 : 1;
