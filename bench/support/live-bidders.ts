// The bidders of bench/live-bidders.bench.ts, in a process of their own: each buyer loops for the
// given time — read the minimum next bid, bid exactly that — against one running auction. The
// first read is GET /api/streams/{id} (what a watch page loads); after that the minimum comes from
// each answer, as the app's clients take it (a 200 names the next minimum, a refused bid's 409
// names the current one). Most bids are exactly the minimum; a quarter jump a little above it. A bidder holding the highest bid cannot bid (the server refuses
// outbidding yourself), so it reads the show again after a short pause, as a phone would wait for
// the next `new_bid`.
import type { Stream } from '@kasuwa/contracts';
import { percentile, placeBid, serveLoad } from './live-auction';

type RunCommand = {
  base: string;
  streamId: string;
  productId: string;
  tokens: string[];
  seconds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

serveLoad(async (command) => {
  if (command.type !== 'run') throw new Error(`unknown command ${String(command.type)}`);
  const { base, streamId, productId, tokens, seconds } = command as unknown as RunCommand;

  const readMinimum = async (): Promise<number> => {
    const res = await fetch(`${base}/api/streams/${streamId}`);
    const { stream } = (await res.json()) as { stream: Stream };
    const item = stream.products.find((p) => p.product.productId === productId);
    if (!item?.minimumNextBid) throw new Error('no running auction to read');
    return item.minimumNextBid;
  };

  let attempted = 0;
  let reads = 0;
  const accepted: { amount: number; bidsCount: number }[] = [];
  const refusals = new Map<string, number>();
  const bidMs: number[] = [];

  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      reads += 1;
      let minimum = await readMinimum();
      while (performance.now() < deadline) {
        attempted += 1;
        // A quarter of the bids jump ₦100–₦1,000 above the minimum, as people do: bids of different
        // amounts then race for the row, which is what could put the stored order wrong.
        const amount = Math.random() < 0.25 ? minimum + 100 * Math.ceil(Math.random() * 10) : minimum;
        const t = performance.now();
        const { status, body } = await placeBid(base, streamId, productId, token, amount);
        bidMs.push(performance.now() - t);
        if (status === 200 && body.product) {
          accepted.push({ amount, bidsCount: body.product.bidsCount });
          await sleep(50);
          reads += 1;
          minimum = await readMinimum();
          continue;
        }
        // Grouped by kind: "Bid at least ₦…" names a different amount at each level.
        const reason = `${status} ${body.message.replace(/₦[\d,.]+/g, '₦…')}`;
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        if (status !== 409 || body.minimumNextBid === undefined)
          throw new Error(`unexpected answer ${reason}`);
        if (body.message === 'You already have the highest bid') {
          await sleep(50);
          reads += 1;
          minimum = await readMinimum();
        } else {
          minimum = body.minimumNextBid;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(bidMs).sort();
  setTimeout(() => process.exit(0), 50);
  return {
    seconds: elapsed,
    attempted,
    reads,
    accepted,
    refusals: Object.fromEntries(refusals),
    bidP50: percentile(sorted, 50),
    bidP99: percentile(sorted, 99),
  };
});
