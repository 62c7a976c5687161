import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSimulateArgs, runSimulation } from '@/cli/simulate.ts';
import { bids, streamComments } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { listen, liveAuction, productsOf } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const streamId = '7d1f0c56-4d3e-4a8e-9b47-3a2d9f1e2c11';

describe('npm run simulate: arguments', () => {
  it('reads the options, with the server of this PORT by default', () => {
    expect(
      parseSimulateArgs(['--stream', streamId, '--buyers', '50', '--bids-per-second=5'], { PORT: '4123' }),
    ).toEqual({
      url: 'http://127.0.0.1:4123',
      streamId,
      buyers: 50,
      bidsPerSecond: 5,
      commentsPerMinute: 30,
      durationSeconds: null,
      summaryEveryMs: 5_000,
    });
  });

  it('explains what is wrong', () => {
    expect(parseSimulateArgs([], {})).toMatch(/--stream <id>/);
    expect(parseSimulateArgs(['--stream', streamId, '--buyers', 'many'], {})).toBe(
      '--buyers must be a number from 1 to 1000',
    );
    expect(parseSimulateArgs(['--stream', streamId, '--speed', '3'], {})).toBe('Unknown option --speed');
  });
});

describe('npm run simulate: against a running server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it('signs buyers up, connects them and bids on the active product at the minimum the server names', async () => {
    const seller = await sellerWithToken(t);
    const productIds = await productsOf(t, seller.seller.id, 1);
    const stream = await liveAuction(t.app, t, seller.auth, productIds, { startingBid: 1000 });
    const lines: string[] = [];
    const stats = await runSimulation(
      {
        url,
        streamId: stream._id,
        buyers: 3,
        bidsPerSecond: 20,
        commentsPerMinute: 600,
        durationSeconds: 1.5,
        summaryEveryMs: 500,
      },
      { out: (l) => lines.push(l), err: (l) => lines.push(l) },
    );
    expect(stats.buyers).toBe(3);
    expect(stats.bidsAccepted).toBeGreaterThan(3);
    expect(stats.bidErrors).toBe(0);
    const rows = await t.db.select().from(bids).where(eq(bids.streamId, stream._id));
    expect(rows).toHaveLength(stats.bidsAccepted);
    expect(
      (await t.db.select().from(streamComments).where(eq(streamComments.streamId, stream._id))).length,
    ).toBe(stats.comments);
    expect(lines.some((l) => /buyers \d+\/3 connected · bids \d+ accepted/.test(l))).toBe(true);

    // A second run logs the same simulated buyers in again instead of signing them up twice.
    const again = await runSimulation(
      {
        url,
        streamId: stream._id,
        buyers: 3,
        bidsPerSecond: 0,
        commentsPerMinute: 0,
        durationSeconds: 1,
        summaryEveryMs: 5_000,
      },
      { out: () => {}, err: (l) => lines.push(l) },
    );
    expect(again.buyers).toBe(3);
  });
});
