// The max bidders of bench/proxy-bids.bench.ts, in a process of their own: each of the buyers
// loops for the given time — read the minimum next bid, set (or raise) their max bid a little above
// it (PUT /api/streams/{id}/max-bids) — against one running auction. Each accepted max places one
// or two bids for its buyer at once (proxy-rules.ts); a buyer whose max leads waits for the next
// change, as a phone would wait for the next `new_bid`.
import type { SetMaxBidResponse, Stream } from '@kasuwa/contracts';
import { percentile, serveLoad } from './live-auction';

type RunCommand = { base: string; streamId: string; productId: string; tokens: string[]; seconds: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

serveLoad(async (command) => {
  if (command.type !== 'run') throw new Error(`unknown command ${String(command.type)}`);
  const { base, streamId, productId, tokens, seconds } = command as unknown as RunCommand;
  const read = async () => {
    const res = await fetch(`${base}/api/streams/${streamId}`);
    const { stream } = (await res.json()) as { stream: Stream };
    const item = stream.products.find((p) => p.product.productId === productId);
    if (!item?.minimumNextBid) throw new Error('no running auction to read');
    return item.minimumNextBid;
  };
  let attempted = 0;
  let accepted = 0;
  const refusals = new Map<string, number>();
  const ms: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      let minimum = await read();
      while (performance.now() < deadline) {
        attempted += 1;
        const maxBid = minimum + 100 * Math.ceil(Math.random() * 20);
        const t = performance.now();
        const res = await fetch(`${base}/api/streams/${streamId}/max-bids`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ productId, maxBid }),
        });
        const body = (await res.json()) as SetMaxBidResponse & { message: string; minimumMaxBid?: number };
        ms.push(performance.now() - t);
        if (res.status === 200) {
          accepted += 1;
          if (body.maxBid.winning) {
            await sleep(50);
            minimum = await read();
          } else minimum = body.product.minimumNextBid ?? (await read());
          continue;
        }
        const reason = `${res.status} ${body.message.replace(/₦[\d,.]+/g, '₦…')}`;
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        if (res.status !== 409) throw new Error(`unexpected answer ${reason}`);
        await sleep(20);
        minimum = await read();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(ms).sort();
  setTimeout(() => process.exit(0), 50);
  return {
    seconds: elapsed,
    attempted,
    accepted,
    refusals: Object.fromEntries(refusals),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
});
