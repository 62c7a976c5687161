// The Earnings screen and the statements of one seller with 1,000,000 ledger entries (issue 15),
// through the full app in a process of its own (support/app-process.ts), cold (no answer cache):
//   - gated: GET /api/earnings/summary (the balance cards) p99 <= 10 ms at 1 and at 10 connections;
//     printed as a ratio of the health route's throughput, measured in the same run against the same
//     server (one database round-trip: the floor of any answer);
//   - gated: the CSV statement of the last 365 days (about 1,000,000 lines) streamed while the
//     server's RSS, read from outside it (/proc), grows by < 50 MB over its idle baseline;
//   - informational: the transactions table's pages, the busiest month's PDF statement.
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { addDays, lagosDay, lagosDayStart } from '@/lib/lagos-time.ts';
import { startAppProcess } from './support/app-process';
import { benchEnvironment } from './support/bench-app';
import { seedLedger } from './support/ledger-seed';

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_P99_MS = 10;
const BUDGET_MB = 50;

const env = await benchEnvironment('earnings');
const seedStarted = performance.now();
const { auth, entries, sellerId } = await seedLedger(env.databaseUrl, env.deps.jwtSecret, ENTRIES);
const seedSeconds = (performance.now() - seedStarted) / 1000;
const server = await startAppProcess(env.databaseUrl, env.deps.jwtSecret);
const { base } = server;
let serverPeak = server.rssMb();
const peakSampler = setInterval(() => {
  serverPeak = Math.max(serverPeak, server.rssMb());
}, 50);

type Result = { perSecond: number; p50: number; p99: number };
async function measure(path: string, duration = SECONDS, connections = 10): Promise<Result> {
  const r = await autocannon({ url: `${base}${path}`, connections, duration, headers: auth });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { perSecond: r.requests.total / duration, p50: r.latency.p50, p99: r.latency.p99 };
}

const summaryCheck = await fetch(`${base}/api/earnings/summary`, { headers: auth });
if (summaryCheck.status !== 200) throw new Error(`summary answered ${summaryCheck.status}`);
const summary = (await summaryCheck.json()) as { available: number; pending: number };

// Warm-up (JIT, the pool's connections), not counted.
await measure('/api/health', 1);
await measure('/api/earnings/summary', 1);
await measure('/api/earnings/transactions?page=1&limit=20', 1);

const health = await measure('/api/health');
const summary10 = await measure('/api/earnings/summary');
const summary1 = await measure('/api/earnings/summary', SECONDS, 1);
const healthAgain = await measure('/api/health');
const healthPerSecond = (health.perSecond + healthAgain.perSecond) / 2;
const pages = [
  { name: 'transactions page 1', path: '/api/earnings/transactions?page=1&limit=20' },
  { name: 'transactions page 50', path: '/api/earnings/transactions?page=50&limit=20' },
  { name: 'transactions, fees, page 5', path: '/api/earnings/transactions?filter=fees&page=5&limit=20' },
  {
    name: 'transactions, payouts, page 1',
    path: '/api/earnings/transactions?filter=payouts&page=1&limit=20',
  },
];
const pageResults = [];
for (const p of pages) pageResults.push({ ...p, ...(await measure(p.path, Math.min(SECONDS, 3))) });

// The CSV of the last 365 days, against the server idle: its RSS the lowest of a second's samples.
const today = lagosDay(new Date());
const from = addDays(today, -364);
const expected = Number(
  (
    await env.database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ledger_entries
      WHERE seller_id = ${sellerId} AND shown AND at >= ${lagosDayStart(from).toISOString()}::timestamptz
        AND at < ${lagosDayStart(addDays(today, 1)).toISOString()}::timestamptz`)
  ).rows[0]?.n,
);
await fetch(`${base}/api/earnings/statement.csv?from=${today}&to=${today}`, { headers: auth }).then((r) =>
  r.text(),
);
clearInterval(peakSampler);
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
const res = await fetch(`${base}/api/earnings/statement.csv?from=${from}&to=${today}`, { headers: auth });
if (res.status !== 200 || !res.body) throw new Error(`statement.csv answered ${res.status}`);
let firstByteMs = 0;
let bytes = 0;
let lines = 0;
const reader = res.body.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  if (bytes === 0) firstByteMs = performance.now() - started;
  bytes += value.byteLength;
  for (const b of value) if (b === 10) lines++;
}
const csvSeconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, server.rssMb());
const csvRows = lines - 1;
const growth = peak - before;
serverPeak = Math.max(serverPeak, peak);

// The busiest month's PDF (the last whole month), informational.
const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
const pdfStarted = performance.now();
const pdfRes = await fetch(`${base}/api/earnings/statements/${lastMonth}.pdf`, { headers: auth });
const pdfBytes = (await pdfRes.arrayBuffer()).byteLength;
const pdfSeconds = (performance.now() - pdfStarted) / 1000;
if (pdfRes.status !== 200) throw new Error(`statement pdf answered ${pdfRes.status}`);
serverPeak = Math.max(serverPeak, server.rssMb());

await server.stop();
await env.close();

const fmt = (n: number) => Math.round(n).toLocaleString('en-NG');
const summaryOk = summary1.p99 <= TARGET_P99_MS && summary10.p99 <= TARGET_P99_MS;
const csvOk = growth < BUDGET_MB && csvRows === expected;
process.stdout.write(
  `seeded ${fmt(entries)} ledger entries for one seller (+1 % for another) in ${seedSeconds.toFixed(1)} s;` +
    ` available ₦${summary.available.toLocaleString('en-NG')}, pending ₦${summary.pending.toLocaleString('en-NG')}; no answer cache (cold)\n` +
    `health ${fmt(healthPerSecond)} req/s, p99 ${health.p99} ms at 10 connections\n` +
    `earnings summary: ${fmt(summary10.perSecond)} req/s -> ratio ${(summary10.perSecond / healthPerSecond).toFixed(2)} of health;` +
    ` p50 ${summary10.p50} / p99 ${summary10.p99} ms at 10 connections, p50 ${summary1.p50} / p99 ${summary1.p99} ms at 1` +
    ` (target p99 <= ${TARGET_P99_MS} ms at both) ${summaryOk ? 'PASS' : 'FAIL'}\n`,
);
for (const r of pageResults) {
  process.stdout.write(
    `${r.name}: ${fmt(r.perSecond)} req/s -> ratio ${(r.perSecond / healthPerSecond).toFixed(2)} of health,` +
      ` p50 ${r.p50} / p99 ${r.p99} ms at 10 connections (informational)\n`,
  );
}
process.stdout.write(
  `statement CSV ${from} to ${today}: ${fmt(csvRows)} lines (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${csvSeconds.toFixed(1)} s` +
    ` (${fmt(csvRows / csvSeconds)} lines/s, first byte after ${fmt(firstByteMs)} ms);` +
    ` server RSS ${before.toFixed(0)} MB idle, peak ${peak.toFixed(0)} MB: growth ${growth.toFixed(1)} MB ->` +
    ` ratio ${(growth / BUDGET_MB).toFixed(2)} of the ${BUDGET_MB} MB budget${csvRows === expected ? '' : ` (expected ${fmt(expected)} lines)`}` +
    ` ${csvOk ? 'PASS' : 'FAIL'}\n` +
    `statement PDF ${lastMonth}: ${(pdfBytes / 1024).toFixed(0)} KB in ${pdfSeconds.toFixed(1)} s (informational)\n` +
    `server peak RSS ${serverPeak.toFixed(0)} MB (its own process); bench process peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`,
);
process.exitCode = summaryOk && csvOk ? 0 : 1;
