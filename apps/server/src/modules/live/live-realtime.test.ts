// A show's sockets on one node: subscribing, comments, announcements, bids and timers.
// WebRTC signalling: live-signalling.test.ts; the clock across restarts and nodes: live-cluster.test.ts.
import {
  type BidTimerUpdateEvent,
  type ProductAuctionStatusEvent,
  type StreamNotification,
  type StreamStatusEvent,
  streamSocketEvents,
  type ViewerCountEvent,
} from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client.ts';
import { orders } from '@/db/schema/index.ts';
import { buildAppOnSameDatabase, buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  bid,
  collect,
  connected,
  createAuction,
  emitAck,
  forStream,
  listen,
  liveShowOf,
  nextEvent,
  notificationOf,
  openSocket,
  post,
  productsOf,
  subscribe,
} from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { waitFor } from '@/test/wait-for.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

const open = (url: string, token?: string) => openSocket(url, token, sockets);
describe('live sockets', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  const liveShow = () => liveShowOf(t);

  it('lets an anonymous viewer subscribe and counts viewers (the seller’s own sockets excluded)', async () => {
    const { seller, stream } = await liveShow();
    const studio = open(url, seller.token);
    expect(await subscribe(studio, stream._id)).toEqual({ ok: true });

    const joined = nextEvent<ViewerCountEvent>(
      studio,
      streamSocketEvents.viewerJoined,
      (e) => e.viewerCount === 1,
    );
    const viewer = open(url);
    expect(await subscribe(viewer, stream._id)).toEqual({ ok: true });
    expect(await joined).toMatchObject({ streamId: stream._id, viewerCount: 1, peakViewers: 1 });

    const left = nextEvent<ViewerCountEvent>(
      studio,
      streamSocketEvents.viewerLeft,
      (e) => e.viewerCount === 0,
    );
    viewer.close();
    expect(await left).toMatchObject({ streamId: stream._id, viewerCount: 0, peakViewers: 1 });
    const details = (await t.app.inject({ method: 'GET', url: `/api/streams/${stream._id}` })).json().stream;
    expect(details).toMatchObject({ viewerCount: 0, peakViewers: 1 });

    expect(await subscribe(open(url), '00000000-0000-4000-8000-000000000000')).toEqual({
      ok: false,
      message: 'Stream not found',
    });
  });

  it('still refuses a handshake with a token that is not valid', async () => {
    await expect(connected(open(url, 'forged'))).rejects.toThrow('Invalid token');
  });

  it('broadcasts comments of buyers and the show’s seller; anonymous viewers and other sellers may not comment', async () => {
    const { seller, stream } = await liveShow();
    const other = await sellerWithToken(t);
    const buyer = await buyerWithToken(t, 'Ada');
    const viewer = open(url);
    await subscribe(viewer, stream._id);

    const anonymous = open(url);
    await connected(anonymous);
    expect(
      await emitAck(anonymous, streamSocketEvents.comment, { streamId: stream._id, content: 'hi' }),
    ).toEqual({
      ok: false,
      message: 'Log in to comment',
    });
    const stranger = open(url, other.token);
    await connected(stranger);
    expect(
      (await emitAck(stranger, streamSocketEvents.comment, { streamId: stream._id, content: 'buy mine' })).ok,
    ).toBe(false);

    const heard = nextEvent<StreamNotification>(
      viewer,
      streamSocketEvents.notification,
      notificationOf(stream._id, 'stream_comment'),
    );
    const buyerSocket = open(url, buyer.token);
    await connected(buyerSocket);
    expect(
      await emitAck(buyerSocket, streamSocketEvents.comment, {
        streamId: stream._id,
        content: '  Is it new?  ',
      }),
    ).toEqual({ ok: true });
    expect(await heard).toMatchObject({
      type: 'stream_comment',
      content: 'Is it new?',
      data: {
        streamId: stream._id,
        comment: { author: { _id: buyer.buyer.id, name: 'Ada', role: 'buyer' } },
      },
    });

    const reply = nextEvent<StreamNotification>(
      viewer,
      streamSocketEvents.notification,
      (n) => n.type === 'stream_comment' && n.content === 'Brand new, sealed',
    );
    const studio = open(url, seller.token);
    await connected(studio);
    expect(
      await emitAck(studio, streamSocketEvents.comment, {
        streamId: stream._id,
        content: 'Brand new, sealed',
      }),
    ).toEqual({ ok: true });
    expect((await reply).data).toMatchObject({ comment: { author: { role: 'seller' } } });
    expect(
      (await emitAck(buyerSocket, streamSocketEvents.comment, { streamId: stream._id, content: '   ' })).ok,
    ).toBe(false);
  });

  it('takes announcements from the show’s seller only', async () => {
    const { seller, stream } = await liveShow();
    const buyer = await buyerWithToken(t);
    const viewer = open(url);
    await subscribe(viewer, stream._id);
    const buyerSocket = open(url, buyer.token);
    await connected(buyerSocket);
    expect(
      await emitAck(buyerSocket, streamSocketEvents.announcement, {
        streamId: stream._id,
        content: 'Free stuff',
      }),
    ).toEqual({ ok: false, message: 'Only the show’s seller can make announcements' });

    const heard = nextEvent<StreamNotification>(
      viewer,
      streamSocketEvents.notification,
      notificationOf(stream._id, 'stream_announcement'),
    );
    const studio = open(url, seller.token);
    await connected(studio);
    expect(
      await emitAck(studio, streamSocketEvents.announcement, {
        streamId: stream._id,
        content: 'Next: the iPhone 13',
      }),
    ).toEqual({ ok: true });
    expect(await heard).toMatchObject({
      content: 'Next: the iPhone 13',
      data: { announcement: { _id: expect.any(String) } },
    });
  });

  it('sends new bids, the status of the show and of its auctions to the room', async () => {
    const seller = await sellerWithToken(t);
    const productIds = await productsOf(t, seller.seller.id, 1);
    const stream = await createAuction(t.app, t, seller.auth, productIds, { startingBid: 1000 });
    const productId = productIds[0] as string;
    const viewer = open(url);
    await subscribe(viewer, stream._id);

    const live = nextEvent<StreamStatusEvent>(viewer, streamSocketEvents.streamStatus, forStream(stream._id));
    await post(t.app, `/api/streams/${stream._id}/start`, seller.auth);
    expect(await live).toMatchObject({ status: 'live' });

    const active = nextEvent<ProductAuctionStatusEvent>(
      viewer,
      streamSocketEvents.productAuctionStatus,
      forStream(stream._id),
    );
    await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, seller.auth, { productId });
    expect(await active).toMatchObject({
      productId,
      status: 'active',
      endsAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
    });

    const buyer = await buyerWithToken(t, 'Chidi');
    const newBid = nextEvent<StreamNotification>(
      viewer,
      streamSocketEvents.notification,
      notificationOf(stream._id, 'new_bid'),
    );
    await bid(t.app, buyer.auth, stream._id, productId, 1000);
    expect(await newBid).toEqual({
      type: 'new_bid',
      timestamp: t.clock.now().getTime(),
      content: 'Chidi bid ₦1,000.00',
      data: {
        streamId: stream._id,
        // The auction's row and its variant (none here) name which variant a bid is for (issue 14).
        product: { product: { productId, streamProductId: expect.any(String), variant: [] } },
        bidAmount: 1000,
        currentBidder: { _id: buyer.buyer.id, name: 'Chidi' },
        endsAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
        minimumNextBid: 1100,
        bidsCount: 1,
      },
    });
  });

  it('ticks bid_timer_update every second and closes the auction at its end', async () => {
    const { stream, productId } = await liveShow();
    const viewer = open(url);
    await subscribe(viewer, stream._id);
    const timers = collect<BidTimerUpdateEvent>(viewer, streamSocketEvents.bidTimerUpdate);
    const buyer = await buyerWithToken(t, 'Ngozi');
    await bid(t.app, buyer.auth, stream._id, productId, 1000);

    for (let i = 0; i < 3; i++) {
      t.clock.advance(1_000);
      await t.app.auctions.tick();
    }
    await waitFor(() => timers.filter(forStream(stream._id)).length >= 3);
    expect(
      timers.filter(forStream(stream._id)).map((e) => [e.productId, e.secondsLeft, e.formattedTime]),
    ).toEqual([
      [productId, 29, '00:29'],
      [productId, 28, '00:28'],
      [productId, 27, '00:27'],
    ]);

    const winner = nextEvent<StreamNotification>(
      viewer,
      streamSocketEvents.notification,
      notificationOf(stream._id, 'auction_winner'),
    );
    const ended = nextEvent<ProductAuctionStatusEvent>(
      viewer,
      streamSocketEvents.productAuctionStatus,
      (e) => e.streamId === stream._id && e.status === 'ended',
    );
    t.clock.advance(27_000);
    await t.app.auctions.tick();
    const [order] = await t.db.select().from(orders).where(eq(orders.streamId, stream._id));
    expect(await winner).toMatchObject({
      content: 'Ngozi won Lot 1 for ₦1,000.00',
      data: {
        product: { product: { productId } },
        bidWinner: { bidAmount: 1000, buyer: { _id: buyer.buyer.id, name: 'Ngozi' } },
        orderId: order?.id,
      },
    });
    expect(await ended).toMatchObject({ productId, outcome: 'sold', endsAt: null });
    expect(timers.filter(forStream(stream._id)).at(-1)).toMatchObject({
      secondsLeft: 0,
      formattedTime: '00:00',
    });
  });

  it('counts a crowd joining at once without sending the studio a count per viewer', async () => {
    const { seller, stream } = await liveShow();
    const studio = open(url, seller.token);
    expect(await subscribe(studio, stream._id)).toEqual({ ok: true });
    const counts = collect<ViewerCountEvent>(studio, streamSocketEvents.viewerJoined);
    const crowd = Array.from({ length: 60 }, () => open(url));
    await Promise.all(crowd.map((s) => subscribe(s, stream._id)));
    await waitFor(() => counts.at(-1)?.viewerCount === 60);
    // Every count goes to every viewer: one per join would be 60 × 60 messages. (Joins are coalesced
    // for 150 ms and spaced by the room's size; a slow machine spreads the joins out, hence the margin.)
    expect(counts.length).toBeLessThan(30);
    expect(counts.at(-1)).toMatchObject({ streamId: stream._id, viewerCount: 60, peakViewers: 60 });
  });

  it('tells a viewer to come back when no database connection is free, and lets a crowd into a show read a moment ago', async () => {
    // issue 18, `npm run cluster`: 2,000 viewers subscribing at once queued for ten pooled
    // connections past the pool's time-out and were answered "Something went wrong".
    const small = openDatabase(t.db.$client.options.connectionString ?? '', {
      max: 2,
      connectionTimeoutMillis: 300,
    });
    const node = await buildAppOnSameDatabase(t, { db: small.db });
    try {
      const nodeUrl = await listen(node);
      const { stream } = await liveShow();
      const holdPool = () => Promise.all([small.pool.connect(), small.pool.connect()]);

      let held = await holdPool();
      try {
        expect(await subscribe(open(nodeUrl), stream._id)).toEqual({
          ok: false,
          message: 'The database did not answer in time. Please try again in a moment.',
          retryAfterMs: 2000,
        });
      } finally {
        for (const c of held) c.release();
      }
      // Tried again with the database free: in. The show is now known to this node for a moment…
      expect(await subscribe(open(nodeUrl), stream._id)).toEqual({ ok: true });
      held = await holdPool();
      try {
        // …so a crowd arriving then is let in without a connection each.
        const crowd = Array.from({ length: 40 }, () => open(nodeUrl));
        const answers = await Promise.all(crowd.map((s) => subscribe(s, stream._id)));
        expect(answers).toEqual(crowd.map(() => ({ ok: true })));
      } finally {
        for (const c of held) c.release();
      }
    } finally {
      await node.close();
      await small.close();
    }
  });
});
