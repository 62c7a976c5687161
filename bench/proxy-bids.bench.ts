// Proxy bidding under load (issue 21): 200 buyers with max bids on one product, against the
// current engine's manual bids in the same run. Two auctions, each on a database of its own and the
// real app (HTTP, buyer tokens, the auction's row lock, the rules, new_bid broadcast):
// - engine: 200 buyers bidding the minimum by hand (bench/support/live-bidders.ts, as
//   live-bidders.bench.ts does);
// - proxy: 200 buyers each setting and raising a max bid (bench/support/proxy-bidders.ts); every
//   accepted max places one or two bids for them at once.
// Printed: accepted bids/s of each and their ratio (proxy ÷ engine; target >= 0.5: a max bid takes
// the same row lock plus one read of the book's top three and an upsert), peak RSS, and the
// invariants read from the database for the proxy auction: bids strictly increasing in the order
// stored, and after the show ends one winner, the buyer with the highest max (earliest on a tie).
// Quick run: BENCH_SECONDS=3 BENCH_BIDDERS=50.
import { and, asc, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '@/app.ts';
import { bids, maxBids, streamProducts } from '@/db/schema/index.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';
import { benchEnvironment, benchLogger } from './support/bench-app';
import { liveAuctionFixture, spawnLoad } from './support/live-auction';

const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET = 0.5;

async function run(kind: 'engine' | 'proxy') {
  const env = await benchEnvironment(`proxy_bids_${kind}`);
  const { db } = env.database;
  try {
    // Shows and sales queue jobs in graphile-worker's tables, as the server does; no worker runs here.
    await installJobSchema(env.database.pool, pino({ level: 'warn' }));
    const app = await buildApp({
      ...env.deps,
      logger: process.env.BENCH_DEBUG ? pino({ level: 'error' }) : process.env.NOLOG ? false : benchLogger(),
      webDist: null,
      auctionTimers: 'auto',
    });
    let load: { seconds: number; attempted: number; accepted: unknown };
    let show: Awaited<ReturnType<typeof liveAuctionFixture>>;
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      show = await liveAuctionFixture(env, base, { buyerCount: BIDDERS });
      const child = spawnLoad(kind === 'engine' ? 'live-bidders.ts' : 'proxy-bidders.ts');
      try {
        load = await child.call({
          type: 'run',
          base,
          streamId: show.streamId,
          productId: show.productId,
          tokens: show.buyers.map((b) => b.token),
          seconds: SECONDS,
        });
      } finally {
        await child.stop();
      }
      const ended = await fetch(`${base}/api/streams/${show.streamId}/end`, {
        method: 'POST',
        headers: show.sellerAuth,
      });
      if (!ended.ok) throw new Error(`ending the show: ${ended.status}`);
    } finally {
      await app.close();
    }
    const [auction] = await db
      .select()
      .from(streamProducts)
      .where(eq(streamProducts.id, show.streamProductId));
    const stored = await db
      .select({ amountKobo: bids.amountKobo, buyerId: bids.buyerId })
      .from(bids)
      .where(and(eq(bids.streamProductId, show.streamProductId)))
      .orderBy(asc(bids.createdAt), asc(bids.amountKobo));
    const problems: string[] = [];
    stored.forEach((b, i) => {
      const prev = stored[i - 1];
      if (prev && b.amountKobo <= prev.amountKobo) problems.push(`bid ${i} is not above the one before`);
    });
    const [best] = await db
      .select({ buyerId: maxBids.buyerId, maxKobo: maxBids.maxKobo })
      .from(maxBids)
      .where(eq(maxBids.streamProductId, show.streamProductId))
      .orderBy(desc(maxBids.maxKobo), asc(maxBids.seq))
      .limit(1);
    if (kind === 'proxy') {
      if (!best) problems.push('no max bid stored');
      else if (auction?.outcome !== 'sold' || auction.currentBidderId !== best.buyerId) {
        problems.push('the winner is not the buyer with the highest max');
      } else if ((auction.currentBidKobo ?? 0) > best.maxKobo)
        problems.push('the price is above the winner’s max');
    }
    return { load, bidsPerSecond: stored.length / load.seconds, stored: stored.length, problems };
  } finally {
    await env.close();
  }
}

const engine = await run('engine');
const proxy = await run('proxy');
const ratio = proxy.bidsPerSecond / engine.bidsPerSecond;
const rssMb = process.resourceUsage().maxRSS / 1024;
const problems = [...engine.problems.map((p) => `engine: ${p}`), ...proxy.problems.map((p) => `proxy: ${p}`)];
const pass = problems.length === 0 && ratio >= TARGET;
const fmt = (n: number) => Math.round(n).toLocaleString('en-NG');
process.stdout.write(
  `proxy bids: ${BIDDERS} buyers on one auction for ${SECONDS} s each (load in a child process)\n` +
    `  engine (manual bids): ${fmt(engine.bidsPerSecond)} accepted bids/s (${fmt(engine.stored)} bids,` +
    ` ${fmt(engine.load.attempted)} attempts)\n` +
    `  proxy (max bids):     ${fmt(proxy.bidsPerSecond)} accepted bids/s (${fmt(proxy.stored)} bids placed by` +
    ` ${fmt(Number(proxy.load.accepted))} accepted max bids of ${fmt(proxy.load.attempted)} attempts)\n` +
    `  -> ratio proxy/engine ${ratio.toFixed(2)} (target >= ${TARGET})\n` +
    `  peak RSS ${rssMb.toFixed(0)} MB (server and bench in one process; bidders in a child)\n` +
    `  invariants: strictly increasing bids; one winner, the highest max, never above it` +
    `${problems.length ? `\n  PROBLEMS:\n    ${problems.join('\n    ')}` : ' — ok'}\n` +
    `  ${pass ? 'PASS' : 'FAIL'}\n`,
);
process.exitCode = pass ? 0 : 1;
