// `npm run cluster` (issue 18, "Scale-out, proven on this machine"): two API nodes — the built server,
// as `npm start` runs it — on one external PostgreSQL, one Redis and one S3-compatible server, behind a
// small load balancer (bench/support/balancer.ts), and a load test through the balancer: one live
// auction watched by CLUSTER_VIEWERS (2,000) socket.io viewers, CLUSTER_BIDDERS (50) buyers bidding
// (CLUSTER_BIDS_PER_SECOND, 10 a second between them, each at the minimum it last heard), and
// CLUSTER_SELLERS (5) sellers browsing their orders and products, for CLUSTER_SECONDS (30 s). The same
// load runs first with one node behind the balancer, then with two; it prints both and their ratios.
//
// Measured: accepted bids/s; the bid answer's p99; bid-to-viewer delivery (from `new_bid`'s server
// `timestamp`, taken after the bid committed, to its arrival at each viewer: one machine, one clock),
// p50/p99 over every receipt of every viewer; messages lost (every viewer must receive every accepted
// bid); errors (5xx, refused connections, bids refused for anything but being outbid, dropped
// viewers); each node's peak RSS; where the balancer sent the viewers and requests.
//
// Where the clients run: viewers in child processes of ≤ CLUSTER_VIEWERS_PER_PROCESS (1,000) each
// (bench/support/live-viewers.ts: bare WebSockets speaking socket.io's protocol, each distinct frame
// parsed once per process), joining CLUSTER_CONNECT_BATCH (50) at a time per process and retrying
// with back-off as a watch page does; bidders and sellers in this process (a few requests a second). All on the same 2 cores as the nodes,
// PostgreSQL and Redis: two nodes cannot add CPU here, so the two-node run shows that fan-out across
// nodes through Redis keeps delivery whole and fast, not that it doubles capacity.
// Fails (exit 1) on any error or lost message. Quick run: CLUSTER_VIEWERS=40 CLUSTER_SECONDS=3.
import type { StreamProduct } from '@kasuwa/contracts';
import {
  type ApiNode,
  cpuSeconds,
  histogramPercentile,
  loadAverage,
  portBase,
  sampleRss,
  sleep,
  startNode,
  startServices,
  stopAll,
} from './support/cluster-services';
import { liveAuctionFixture, percentile, spawnLoad } from './support/live-auction';

const VIEWERS = Number(process.env.CLUSTER_VIEWERS ?? 2000);
const BIDDERS = Number(process.env.CLUSTER_BIDDERS ?? 50);
const SELLERS = Number(process.env.CLUSTER_SELLERS ?? 5);
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 30);
const RATE = Number(process.env.CLUSTER_BIDS_PER_SECOND ?? 10);
const PER_PROCESS = Number(process.env.CLUSTER_VIEWERS_PER_PROCESS ?? 1000);
const CONNECT_BATCH = Number(process.env.CLUSTER_CONNECT_BATCH ?? 50);

type ViewerReport = {
  viewers: number;
  received: number;
  lost: number;
  duplicates: number;
  unexpected: number;
  disconnects: number;
  p99: number;
  histogram: Record<string, number>;
  peakRssMb: number;
  retries: Record<string, number>;
};

type RunResult = {
  label: string;
  seconds: number;
  attempted: number;
  accepted: number;
  refused: number;
  errors: Record<string, number>;
  bidP99: number;
  deliveryP50: number;
  deliveryP99: number;
  deliveryMax: number;
  received: number;
  lost: number;
  disconnects: number;
  browse: number;
  browseP99: number;
  rss: Record<string, { peakMb: number; nowMb: number }>;
  routed: Record<string, { requests: number; upgrades: number; failures: number }>;
  connectSeconds: number;
  /** Handshakes and subscribes tried again (busy server, time-outs), by reason. */
  retries: Record<string, number>;
  load: { before: string; after: string };
  /** CPU used while bidding, in cores (CPU seconds per second), by process. */
  cpu: Record<string, number>;
};

/** A failed fetch with its cause ("fetch failed" alone says nothing). */
const describe = (err: unknown) => {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  return e.cause ? `${e.message} (${e.cause.code ?? e.cause.message})` : e.message;
};

const started = Date.now();
const loadBefore = loadAverage();
process.stdout.write(
  `cluster: ${VIEWERS} viewers, ${BIDDERS} bidders at ${RATE} bids/s offered, ${SELLERS} sellers browsing, ${SECONDS} s per run` +
    ` (load average ${loadBefore})\n`,
);

const services = await startServices('cluster');
const balancer = spawnLoad('balancer.ts');
let exitCode = 1;
try {
  const { port: proxyPort } = await balancer.call<{ port: number }>({ type: 'listen', port: portBase });
  const base = `http://127.0.0.1:${proxyPort}`;
  const nodeA = await startNode(services, 'A', portBase + 2, { seed: true });
  process.stdout.write(`  node A up (pid ${nodeA.pid}), balancer on ${base}\n`);

  await balancer.call({ type: 'upstreams', urls: [nodeA.url] });
  const show = await liveAuctionFixture(services.fixtureEnv, base, { buyerCount: BIDDERS });
  const login = await fetch(`${base}/api/seller/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' }),
  });
  if (!login.ok) throw new Error(`demo seller login: ${login.status} ${await login.text()}`);
  const seller = (await login.json()) as { token: string; user: { _id: string } };
  let minimum = show.minimumNextBid;

  async function run(label: string, nodes: ApiNode[]): Promise<RunResult> {
    await balancer.call({ type: 'upstreams', urls: nodes.map((n) => n.url) });
    await balancer.call({ type: 'stats' });
    const loadBefore = loadAverage();
    process.stdout.write(`  ${label}: connecting ${VIEWERS} viewers (load average ${loadBefore})\n`);
    // Viewers, through the balancer, in processes of ≤ 1,000.
    const processes = Math.max(1, Math.ceil(VIEWERS / PER_PROCESS));
    const loads = Array.from({ length: processes }, () => spawnLoad('live-viewers.ts'));
    const connectStarted = performance.now();
    const joinFailures: Record<string, number> = {};
    try {
      await Promise.all(
        loads.map(async (l, i) => {
          const count = Math.floor(VIEWERS / processes) + (i < VIEWERS % processes ? 1 : 0);
          const r = await l.call<{ connected: number; failures: Record<string, number> }>({
            type: 'connect',
            url: base,
            streamId: show.streamId,
            count,
            batch: CONNECT_BATCH,
            connectTimeoutMs: 30_000,
          });
          for (const [why, n] of Object.entries(r.failures)) {
            const key = `viewer could not join: ${why}`;
            joinFailures[key] = (joinFailures[key] ?? 0) + n;
          }
        }),
      );
      const connectSeconds = (performance.now() - connectStarted) / 1000;
      process.stdout.write(
        `  ${label}: ${VIEWERS} viewers in ${connectSeconds.toFixed(1)} s; bidding for ${SECONDS} s (load average ${loadAverage()})\n`,
      );
      await sleep(1000);
      await Promise.all(loads.map((l) => l.call({ type: 'start' })));
      const rss = sampleRss(nodes);
      // Who spends the machine's two cores while bidding: the nodes, the balancer, the viewers, and
      // this process (bidders, sellers).
      const cpuOf = () => {
        const by: Record<string, number> = {};
        for (const n of nodes) by[`node ${n.name}`] = cpuSeconds(n.pid);
        by.balancer = cpuSeconds(balancer.pid);
        by.viewers = loads.reduce((sum, l) => sum + cpuSeconds(l.pid), 0);
        const own = process.cpuUsage();
        by['bidders, sellers'] = (own.user + own.system) / 1e6;
        return by;
      };
      const cpuBefore = cpuOf();

      const errors: Record<string, number> = { ...joinFailures };
      const error = (what: string) => {
        errors[what] = (errors[what] ?? 0) + 1;
      };
      const keys: number[] = [];
      const bidMs: number[] = [];
      let attempted = 0;
      let refused = 0;
      const t0 = performance.now();
      const deadline = t0 + SECONDS * 1000;
      const interval = (BIDDERS / RATE) * 1000;
      const bidders = show.buyers.map(async (buyer, i) => {
        // Staggered, so the bids arrive evenly at RATE a second between them.
        let at = t0 + (i * interval) / BIDDERS;
        for (;;) {
          const wait = at - performance.now();
          if (wait > 0) await sleep(wait);
          if (performance.now() >= deadline) return;
          at += interval;
          attempted += 1;
          const t = performance.now();
          try {
            const res = await fetch(`${base}/api/streams/${show.streamId}/bids`, {
              method: 'POST',
              headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ productId: show.productId, amount: minimum }),
            });
            const body = (await res.json()) as {
              message?: string;
              minimumNextBid?: number;
              product?: StreamProduct;
            };
            bidMs.push(performance.now() - t);
            if (res.status === 200 && body.product) {
              keys.push(body.product.bidsCount);
              minimum = Math.max(minimum, body.product.minimumNextBid ?? minimum);
            } else if (res.status === 409) {
              // Outbid by someone faster, or already the highest: what an auction is.
              refused += 1;
              minimum = Math.max(minimum, body.minimumNextBid ?? minimum);
            } else error(`bid ${res.status} ${body.message ?? ''}`.trim());
          } catch (err) {
            error(`bid ${describe(err)}`);
          }
        }
      });
      const browseMs: number[] = [];
      const sellers = Array.from({ length: SELLERS }, async (_, i) => {
        const auth = { authorization: `Bearer ${seller.token}` };
        const pages = [
          `/api/orders?page=${1 + (i % 3)}`,
          `/api/products/seller/${seller.user._id}?page=1`,
          '/api/orders?tab=to_ship',
        ];
        let k = i;
        while (performance.now() < deadline) {
          const url = pages[k++ % pages.length] as string;
          const t = performance.now();
          try {
            const res = await fetch(`${base}${url}`, { headers: auth });
            await res.arrayBuffer();
            browseMs.push(performance.now() - t);
            if (!res.ok) error(`browse ${res.status} ${url.split('?')[0]}`);
          } catch (err) {
            error(`browse ${describe(err)}`);
          }
          await sleep(500);
        }
      });
      await Promise.all([...bidders, ...sellers]);
      const seconds = (performance.now() - t0) / 1000;
      const cpuAfter = cpuOf();
      const cpu = Object.fromEntries(
        Object.entries(cpuAfter).map(([k, v]) => [k, (v - (cpuBefore[k] ?? 0)) / seconds]),
      );
      const reports = await Promise.all(
        loads.map((l) => l.call<ViewerReport>({ type: 'drain', expected: keys, quietMs: 5000 })),
      );
      const memory = rss.stop();
      const routed = await balancer.call<RunResult['routed']>({ type: 'stats' });
      await Promise.all(loads.map((l) => l.call({ type: 'close' }).catch(() => null)));
      const histograms = reports.map((r) => r.histogram);
      const retries: Record<string, number> = {};
      for (const r of reports) {
        for (const [why, n] of Object.entries(r.retries)) retries[why] = (retries[why] ?? 0) + n;
      }
      const lost = reports.reduce((n, r) => n + r.lost + r.unexpected, 0);
      const disconnects = reports.reduce((n, r) => n + r.disconnects, 0);
      if (disconnects) errors['viewer disconnected'] = disconnects;
      const failures = Object.values(routed).reduce((n, r) => n + r.failures, 0);
      if (failures) errors['balancer could not reach a node'] = failures;
      const sortedBids = Float64Array.from(bidMs).sort();
      const sortedBrowse = Float64Array.from(browseMs).sort();
      return {
        label,
        seconds,
        attempted,
        accepted: keys.length,
        refused,
        errors,
        bidP99: percentile(sortedBids, 99),
        deliveryP50: histogramPercentile(histograms, 50),
        deliveryP99: histogramPercentile(histograms, 99),
        deliveryMax: histogramPercentile(histograms, 100),
        received: reports.reduce((n, r) => n + r.received, 0),
        lost,
        disconnects,
        browse: browseMs.length,
        browseP99: percentile(sortedBrowse, 99),
        rss: memory,
        cpu,
        routed,
        connectSeconds,
        retries,
        load: { before: loadBefore, after: loadAverage() },
      };
    } finally {
      await Promise.all(loads.map((l) => l.stop()));
    }
  }

  const one = await run('one node', [nodeA]);
  const nodeB = await startNode(services, 'B', portBase + 3);
  process.stdout.write(`  node B up (pid ${nodeB.pid})\n`);
  const two = await run('two nodes', [nodeA, nodeB]);

  const fmt = (n: number, d = 0) =>
    n.toLocaleString('en-NG', { maximumFractionDigits: d, minimumFractionDigits: d });
  const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–');
  const row = (name: string, a: string, b: string, r: string) =>
    `  ${name.padEnd(34)}${a.padStart(18)}${b.padStart(22)}${r.padStart(12)}\n`;
  const rssOf = (r: RunResult) =>
    Object.entries(r.rss)
      .map(([n, m]) => `${n} ${fmt(m.peakMb)} MB`)
      .join(', ');
  const rssTotal = (r: RunResult) => Object.values(r.rss).reduce((n, m) => n + m.peakMb, 0);
  const routedOf = (r: RunResult) =>
    Object.values(r.routed)
      .map((c) => `${c.upgrades}`)
      .join(' / ');
  const cpuOf = (r: RunResult) =>
    Object.entries(r.cpu)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ');
  const retryCount = (r: RunResult) => Object.values(r.retries).reduce((n, v) => n + v, 0);
  const errorCount = (r: RunResult) => Object.values(r.errors).reduce((n, v) => n + v, 0);
  process.stdout.write(
    row('', 'one node', 'two nodes', 'two / one') +
      row(
        'bids/s accepted',
        fmt(one.accepted / one.seconds, 1),
        fmt(two.accepted / two.seconds, 1),
        ratio(two.accepted / two.seconds, one.accepted / one.seconds),
      ) +
      row(
        'bids/s answered (accepted or outbid)',
        fmt((one.accepted + one.refused) / one.seconds, 1),
        fmt((two.accepted + two.refused) / two.seconds, 1),
        ratio((two.accepted + two.refused) / two.seconds, (one.accepted + one.refused) / one.seconds),
      ) +
      row(
        'bids attempted / refused (outbid)',
        `${one.attempted} / ${one.refused}`,
        `${two.attempted} / ${two.refused}`,
        '',
      ) +
      row('bid answer p99', `${fmt(one.bidP99)} ms`, `${fmt(two.bidP99)} ms`, ratio(two.bidP99, one.bidP99)) +
      row(
        'bid-to-viewer p50',
        `${fmt(one.deliveryP50)} ms`,
        `${fmt(two.deliveryP50)} ms`,
        ratio(two.deliveryP50, one.deliveryP50),
      ) +
      row(
        'bid-to-viewer p99',
        `${fmt(one.deliveryP99)} ms`,
        `${fmt(two.deliveryP99)} ms`,
        ratio(two.deliveryP99, one.deliveryP99),
      ) +
      row('bid-to-viewer max', `${fmt(one.deliveryMax)} ms`, `${fmt(two.deliveryMax)} ms`, '') +
      row(
        'messages delivered / lost',
        `${fmt(one.received)} / ${one.lost}`,
        `${fmt(two.received)} / ${two.lost}`,
        '',
      ) +
      row(
        'seller page loads (p99)',
        `${one.browse} (${fmt(one.browseP99)} ms)`,
        `${two.browse} (${fmt(two.browseP99)} ms)`,
        ratio(two.browseP99, one.browseP99),
      ) +
      row('errors', String(errorCount(one)), String(errorCount(two)), '') +
      row('viewers per node', routedOf(one), routedOf(two), '') +
      row('peak RSS per node', rssOf(one), rssOf(two), '') +
      row(
        'peak RSS, all nodes',
        `${fmt(rssTotal(one))} MB`,
        `${fmt(rssTotal(two))} MB`,
        ratio(rssTotal(two), rssTotal(one)),
      ) +
      row('viewers connected in', `${fmt(one.connectSeconds, 1)} s`, `${fmt(two.connectSeconds, 1)} s`, '') +
      row('viewer joins retried', String(retryCount(one)), String(retryCount(two)), '') +
      row('load average before', one.load.before, two.load.before, '') +
      row('load average after', one.load.after, two.load.after, ''),
  );
  for (const r of [one, two]) {
    process.stdout.write(`  ${r.label}, CPU while bidding (cores): ${cpuOf(r)}\n`);
    if (retryCount(r)) process.stdout.write(`  ${r.label} retried joins: ${JSON.stringify(r.retries)}\n`);
    if (errorCount(r)) process.stdout.write(`  ${r.label} errors: ${JSON.stringify(r.errors)}\n`);
  }
  const pass = errorCount(one) === 0 && errorCount(two) === 0 && one.lost === 0 && two.lost === 0;
  process.stdout.write(
    `  -> ${pass ? 'PASS' : 'FAIL'}: ${pass ? 'no error, no message lost' : 'errors or lost messages above'}` +
      ` (load average ${loadAverage()} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s in all)\n`,
  );
  exitCode = pass ? 0 : 1;
} finally {
  await balancer.stop();
  await stopAll();
}
process.exit(exitCode);
