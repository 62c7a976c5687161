// issue 20: a live show survives its seller's dropped connection (docs/proxy-bidding.md).
import {
  BIDS_PAUSED_MESSAGE,
  type BidTimerUpdateEvent,
  type ProductAuctionStatusEvent,
  type SellerPresenceEvent,
  sellerPresenceEvent,
  sellerPresenceEvents,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, streams } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  bid,
  claimStudio,
  collect,
  connected,
  listen,
  liveShowOf,
  openSocket,
  subscribe,
} from '@/test/live.ts';
import { waitFor } from '@/test/wait-for.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await buildTestApp({ sellerAwayAfterMs: 100, sellerAwayGraceMs: 120_000 });
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t.close());

const presence = async (streamId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/seller-presence` })).json();

/** A live auction (₦1,000, 30 s) whose studio holds it, a viewer in the room, and the events it hears. */
async function showWithStudio() {
  const show = await liveShowOf(t);
  const studio = openSocket(url, show.seller.token, sockets);
  await subscribe(studio, show.stream._id);
  expect((await claimStudio(studio, show.stream._id)).ok).toBe(true);
  const viewer = openSocket(url, undefined, sockets);
  await subscribe(viewer, show.stream._id);
  return {
    ...show,
    studio,
    heard: collect<SellerPresenceEvent>(viewer, sellerPresenceEvents.presence),
    timers: collect<BidTimerUpdateEvent>(viewer, streamSocketEvents.bidTimerUpdate),
    statuses: collect<ProductAuctionStatusEvent>(viewer, streamSocketEvents.productAuctionStatus),
  };
}

describe('the seller’s studio drops mid-show', () => {
  it('pauses: viewers hear it, bids are refused with the reason, the clock stands still; back: the time lost is given back', async () => {
    const show = await showWithStudio();
    const ada = await buyerWithToken(t, 'Ada');
    expect((await bid(t.app, ada.auth, show.stream._id, show.productId, 1000)).statusCode).toBe(200);
    t.clock.advance(10_000); // 20 s left
    show.studio.close();
    await waitFor(() => show.heard.length === 1);
    expect(sellerPresenceEvent.parse(show.heard[0])).toMatchObject({ away: true, streamId: show.stream._id });
    expect(await presence(show.stream._id)).toMatchObject({ away: true });

    const ben = await buyerWithToken(t, 'Ben');
    const refused = await bid(t.app, ben.auth, show.stream._id, show.productId, 1100);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BIDS_PAUSED_MESSAGE);

    // 45 s away: far past the old end, the auction does not close and the clock reads 20 s.
    t.clock.advance(45_000);
    expect((await t.app.auctions.tick()).closed).toBe(0);
    await waitFor(() => show.timers.some((e) => e.secondsLeft === 20));
    expect(show.timers.at(-1)).toMatchObject({ secondsLeft: 20, formattedTime: '00:20' });

    // The studio comes back (a new socket of the same window claims the show again).
    const again = openSocket(url, show.seller.token, sockets);
    await connected(again);
    await subscribe(again, show.stream._id);
    await claimStudio(again, show.stream._id, { takeOver: false });
    await waitFor(() => show.heard.length === 2);
    expect(show.heard[1]).toMatchObject({ away: false, since: null });
    await waitFor(() => show.statuses.some((s) => s.status === 'active'));
    const resumed = show.statuses.find((s) => s.status === 'active');
    expect(resumed?.endsAt).toBe(new Date(t.clock.now().getTime() + 20_000).toISOString());

    expect((await bid(t.app, ben.auth, show.stream._id, show.productId, 1100)).statusCode).toBe(200);
    t.clock.advance(20_000);
    expect((await t.app.auctions.tick()).closed).toBe(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.streamId, show.stream._id));
    expect(order).toMatchObject({ buyerId: ben.buyer.id, totalKobo: 1100_00 });
  });

  it('a quick reconnection (under the threshold) is not a drop', async () => {
    const show = await showWithStudio();
    const studioId = 'same-window-123';
    expect((await claimStudio(show.studio, show.stream._id, { studioId })).ok).toBe(true);
    show.studio.close();
    const again = openSocket(url, show.seller.token, sockets);
    await subscribe(again, show.stream._id);
    await claimStudio(again, show.stream._id, { studioId, takeOver: false });
    await new Promise((r) => setTimeout(r, 400));
    expect(show.heard).toEqual([]);
    expect(await presence(show.stream._id)).toMatchObject({ away: false });
  });

  it('past the grace period the show ends by the job, with what was sold', async () => {
    const show = await showWithStudio();
    const ada = await buyerWithToken(t, 'Ada');
    await bid(t.app, ada.auth, show.stream._id, show.productId, 1000);
    show.studio.close();
    await waitFor(() => show.heard.length === 1);
    t.clock.advance(119_000);
    await t.jobs.runDue();
    const [still] = await t.db.select().from(streams).where(eq(streams.id, show.stream._id));
    expect(still?.status).toBe('live');
    t.clock.advance(2_000);
    await t.jobs.runDue();
    const [ended] = await t.db.select().from(streams).where(eq(streams.id, show.stream._id));
    expect(ended).toMatchObject({ status: 'ended', sellerAwaySince: null });
    const [order] = await t.db.select().from(orders).where(eq(orders.streamId, show.stream._id));
    expect(order).toMatchObject({ buyerId: ada.buyer.id, totalKobo: 1000_00 });
    // Run again: nothing more happens (one owner, idempotent).
    await t.jobs.runDue();
    expect(await t.db.select().from(orders).where(eq(orders.streamId, show.stream._id))).toHaveLength(1);
  });

  it('max bids are refused while the seller is away; the presence answer is public and 404s an unknown show', async () => {
    const show = await showWithStudio();
    const ada = await buyerWithToken(t);
    show.studio.close();
    await waitFor(() => show.heard.length === 1);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/streams/${show.stream._id}/max-bids`,
      headers: ada.auth,
      payload: { productId: show.productId, maxBid: 5000 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BIDS_PAUSED_MESSAGE);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/streams/00000000-0000-4000-8000-000000000000/seller-presence',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
