// `npm run soak` (issue 18, "Backups, soak and audit"): one API node (the built server, on an external
// PostgreSQL and s3rver, as in `npm run cluster`) under a steady mixed workload for SOAK_SECONDS (600):
// a live auction watched by SOAK_VIEWERS (200) socket.io viewers with SOAK_BIDDERS (10) buyers bidding
// SOAK_BIDS_PER_SECOND (5) between them, SOAK_SELLERS (4) sellers browsing orders, products and
// analytics, and one seller creating a product a second (writes that stay: the tables grow). After a
// warm-up (SOAK_WARMUP_SECONDS, 15) the run is cut into ten windows (a minute each by default) and
// each prints the node's RSS and the p99 of every HTTP answer in it.
//
// Pass: the last window's RSS is at most SOAK_RSS_GROWTH_MB (40) above the first's, the last window's
// p99 at most SOAK_P99_RATIO (2) times the first's (or under 50 ms: noise on a shared machine), no
// error (5xx, refused connection, a viewer dropped) and every viewer received every accepted bid. A
// leak of a few hundred bytes per request (a listener, a map never pruned) grows RSS by tens of MB
// over the ~20,000 requests of ten minutes; a table scan that slows as rows accumulate shows in p99.
// Quick run: SOAK_SECONDS=60 SOAK_VIEWERS=20.
import os from 'node:os';
import type { StreamProduct } from '@kasuwa/contracts';
import { subCategories } from '@/db/schema/index.ts';
import {
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

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WARMUP = Number(process.env.SOAK_WARMUP_SECONDS ?? 15);
const VIEWERS = Number(process.env.SOAK_VIEWERS ?? 200);
const BIDDERS = Number(process.env.SOAK_BIDDERS ?? 10);
const RATE = Number(process.env.SOAK_BIDS_PER_SECOND ?? 5);
const SELLERS = Number(process.env.SOAK_SELLERS ?? 4);
const RSS_GROWTH_MB = Number(process.env.SOAK_RSS_GROWTH_MB ?? 40);
const P99_RATIO = Number(process.env.SOAK_P99_RATIO ?? 2);
const P99_FLOOR_MS = 50;
const WINDOWS = 10;

const started = Date.now();
process.stdout.write(
  `soak: one node, ${SECONDS} s after a ${WARMUP} s warm-up: ${VIEWERS} viewers, ${BIDDERS} bidders at ${RATE} bids/s,` +
    ` ${SELLERS} sellers browsing, a product created every second (load average ${loadAverage()})\n`,
);
const services = await startServices('soak', { redis: false });
let exitCode = 1;
try {
  const node = await startNode(services, 'A', portBase + 2, { seed: true, redis: false });
  const base = node.url;
  const show = await liveAuctionFixture(services.fixtureEnv, base, { buyerCount: BIDDERS });
  const [sub] = await services.fixtureEnv.database.db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('no sub-category');
  const login = await fetch(`${base}/api/seller/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' }),
  });
  if (!login.ok) throw new Error(`demo seller login: ${login.status} ${await login.text()}`);
  const seller = (await login.json()) as { token: string; user: { _id: string } };
  const auth = { authorization: `Bearer ${seller.token}` };

  const viewers = spawnLoad('live-viewers.ts');
  try {
    const joined = await viewers.call<{ failures: Record<string, number> }>({
      type: 'connect',
      url: base,
      streamId: show.streamId,
      count: VIEWERS,
      batch: 50,
    });
    await viewers.call({ type: 'start' });

    // Every HTTP answer's time, by the window it finished in (-1: the warm-up).
    const t0 = performance.now();
    const measureFrom = t0 + WARMUP * 1000;
    const deadline = measureFrom + SECONDS * 1000;
    const windowMs = (SECONDS * 1000) / WINDOWS;
    const windowOf = (t: number) =>
      t < measureFrom ? -1 : Math.min(WINDOWS - 1, Math.floor((t - measureFrom) / windowMs));
    const latencies: number[][] = Array.from({ length: WINDOWS }, () => []);
    const rssByWindow: number[][] = Array.from({ length: WINDOWS }, () => []);
    // The machine's 1-minute load average, sampled with RSS: other work on a shared machine.
    const loadByWindow: number[][] = Array.from({ length: WINDOWS }, () => []);
    const errors: Record<string, number> = {};
    for (const [why, n] of Object.entries(joined.failures)) errors[`viewer could not join: ${why}`] = n;
    const error = (what: string) => {
      errors[what] = (errors[what] ?? 0) + 1;
    };
    const timed = async (what: string, init: () => Promise<Response>, ok: (r: Response) => boolean) => {
      const t = performance.now();
      try {
        const res = await init();
        const body = await res.text();
        const end = performance.now();
        const w = windowOf(end);
        if (w >= 0) latencies[w]?.push(end - t);
        if (!ok(res)) error(`${what} ${res.status}`);
        return { res, body };
      } catch (err) {
        error(`${what} ${(err as Error).message}`);
        return null;
      }
    };
    const rssTimer = setInterval(() => {
      const w = windowOf(performance.now());
      if (w >= 0) {
        rssByWindow[w]?.push(node.rssMb());
        loadByWindow[w]?.push(os.loadavg()[0] ?? 0);
      }
    }, 1000);
    const peak = sampleRss([node]);

    let minimum = show.minimumNextBid;
    const keys: number[] = [];
    const interval = (BIDDERS / RATE) * 1000;
    const bidders = show.buyers.map(async (buyer, i) => {
      let at = t0 + (i * interval) / BIDDERS;
      for (;;) {
        const wait = at - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() >= deadline) return;
        at += interval;
        const r = await timed(
          'bid',
          () =>
            fetch(`${base}/api/streams/${show.streamId}/bids`, {
              method: 'POST',
              headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ productId: show.productId, amount: minimum }),
            }),
          (res) => res.status === 200 || res.status === 409,
        );
        if (!r) continue;
        const body = JSON.parse(r.body) as { minimumNextBid?: number; product?: StreamProduct };
        if (r.res.status === 200 && body.product) {
          keys.push(body.product.bidsCount);
          minimum = Math.max(minimum, body.product.minimumNextBid ?? minimum);
        } else minimum = Math.max(minimum, body.minimumNextBid ?? minimum);
      }
    });
    const pages = [
      '/api/orders',
      '/api/orders?tab=to_ship',
      `/api/products/seller/${seller.user._id}`,
      '/api/analytics',
      '/api/orders?page=2',
    ];
    const browsers = Array.from({ length: SELLERS }, async (_, i) => {
      let k = i;
      while (performance.now() < deadline) {
        const url = pages[k++ % pages.length] as string;
        await timed(
          `GET ${url.split('?')[0]}`,
          () => fetch(`${base}${url}`, { headers: auth }),
          (r) => r.ok,
        );
        await sleep(250);
      }
    });
    // The machine's own slowness, per window: GET /api/health (one `select 1`) four times a second.
    // On a shared machine whose load changes during the run, p99 is judged against it as well.
    const probe: number[][] = Array.from({ length: WINDOWS }, () => []);
    const prober = (async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        try {
          await (await fetch(`${base}/api/health`)).arrayBuffer();
          const w = windowOf(performance.now());
          if (w >= 0) probe[w]?.push(performance.now() - t);
        } catch {
          // the workload's own requests count the errors
        }
        await sleep(250);
      }
    })();
    const writer = (async () => {
      let n = 0;
      while (performance.now() < deadline) {
        n += 1;
        await timed(
          'POST /api/products',
          () =>
            fetch(`${base}/api/products`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({
                name: `Soak Ankara wrapper ${n}`,
                description: 'Six yards, cotton.',
                categoryId: sub.categoryId,
                subCategoryId: sub.id,
                price: 15000 + n,
                stock: 3,
                status: n % 2 ? 'active' : 'draft',
              }),
            }),
          (r) => r.status === 201,
        );
        await sleep(1000);
      }
    })();
    await Promise.all([...bidders, ...browsers, writer, prober]);
    clearInterval(rssTimer);
    const peakRss = peak.stop()[node.name]?.peakMb ?? 0;
    const report = await viewers.call<{
      lost: number;
      unexpected: number;
      disconnects: number;
      received: number;
      histogram: Record<string, number>;
    }>({ type: 'drain', expected: keys, quietMs: 5000 });
    if (report.disconnects) errors['viewer disconnected'] = report.disconnects;

    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.floor(s.length / 2)] ?? 0;
    };
    const p99 = (xs: number[]) => percentile(Float64Array.from(xs).sort(), 99);
    const windowSeconds = windowMs / 1000;
    for (let w = 0; w < WINDOWS; w++) {
      const l = latencies[w] ?? [];
      process.stdout.write(
        `  ${String(Math.round(w * windowSeconds)).padStart(4)}–${String(Math.round((w + 1) * windowSeconds)).padEnd(4)} s:` +
          ` ${String(l.length).padStart(6)} requests, p99 ${p99(l).toFixed(0).padStart(5)} ms,` +
          ` health p99 ${p99(probe[w] ?? [])
            .toFixed(0)
            .padStart(5)} ms, RSS ${median(rssByWindow[w] ?? []).toFixed(0)} MB,` +
          ` load ${median(loadByWindow[w] ?? []).toFixed(1)}\n`,
      );
    }
    const first = {
      rss: median(rssByWindow[0] ?? []),
      p99: p99(latencies[0] ?? []),
      health: p99(probe[0] ?? []),
    };
    const last = {
      rss: median(rssByWindow[WINDOWS - 1] ?? []),
      p99: p99(latencies[WINDOWS - 1] ?? []),
      health: p99(probe[WINDOWS - 1] ?? []),
    };
    // The same drift measured against the machine: p99 over health's p99 in each window.
    const relative = last.p99 / Math.max(last.health, 1) / (first.p99 / Math.max(first.health, 1));
    const growth = last.rss - first.rss;
    const ratio = last.p99 / Math.max(first.p99, 1);
    const rssOk = growth <= RSS_GROWTH_MB;
    const p99Ok = last.p99 <= P99_FLOOR_MS || ratio <= P99_RATIO || relative <= P99_RATIO;
    const errorCount = Object.values(errors).reduce((n, v) => n + v, 0);
    const lost = report.lost + report.unexpected;
    const pass = rssOk && p99Ok && errorCount === 0 && lost === 0;
    process.stdout.write(
      `  first vs last window: RSS ${first.rss.toFixed(0)} → ${last.rss.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB;` +
        ` bound +${RSS_GROWTH_MB} MB) ${rssOk ? 'PASS' : 'FAIL'}; p99 ${first.p99.toFixed(0)} → ${last.p99.toFixed(0)} ms` +
        ` (×${ratio.toFixed(2)}; against health's p99 ×${relative.toFixed(2)}; bound ×${P99_RATIO} either way, or under ${P99_FLOOR_MS} ms)` +
        ` ${p99Ok ? 'PASS' : 'FAIL'}\n` +
        `  peak RSS ${peakRss.toFixed(0)} MB; ${keys.length} bids accepted, ${report.received} deliveries to viewers` +
        ` (p99 ${histogramPercentile([report.histogram], 99)} ms), lost ${lost}; errors ${errorCount}` +
        `${errorCount ? ` ${JSON.stringify(errors)}` : ''}\n` +
        `  -> ${pass ? 'PASS' : 'FAIL'} (load average ${loadAverage()} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s in all)\n`,
    );
    exitCode = pass ? 0 : 1;
  } finally {
    await viewers.stop();
  }
} finally {
  await stopAll();
}
process.exit(exitCode);
