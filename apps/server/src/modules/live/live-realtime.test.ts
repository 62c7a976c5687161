import {
  type BidTimerUpdateEvent,
  type ProductAuctionStatusEvent,
  type StreamNotification,
  type StreamStatusEvent,
  streamSocketEvents,
  type ViewerCountEvent,
  webrtcSocketEvents,
} from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/app.ts';
import { orders } from '@/db/schema/index.ts';
import { buildAppOnSameDatabase, buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  bid,
  claimStudio,
  collect,
  connected,
  createAuction,
  emitAck,
  listen,
  liveAuction,
  nextEvent,
  openSocket,
  post,
  productsOf,
} from '@/test/live.ts';
import { roundTrip } from '@/test/round-trip.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { serviceUrl } from '@/test/services.ts';
import { waitFor } from '@/test/wait-for.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

const open = (url: string, token?: string) => openSocket(url, token, sockets);
const subscribe = async (socket: Socket, streamId: string) => {
  await connected(socket);
  return emitAck(socket, streamSocketEvents.subscribe, { streamId });
};
const forStream =
  (streamId: string) =>
  <T extends { streamId: string }>(e: T) =>
    e.streamId === streamId;
const notificationOf = (streamId: string, type: StreamNotification['type']) => (n: StreamNotification) =>
  n.type === type && n.data.streamId === streamId;

describe('live sockets', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  async function liveShow() {
    const seller = await sellerWithToken(t);
    const productIds = await productsOf(t, seller.seller.id, 2);
    const stream = await liveAuction(t.app, t, seller.auth, productIds, {
      startingBid: 1000,
      durationSeconds: 30,
    });
    return { seller, stream, productId: productIds[0] as string, productIds };
  }

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
        product: { product: { productId } },
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

  it('relays WebRTC signalling between the show’s seller and its viewers only', async () => {
    const { seller, stream } = await liveShow();
    const studio = open(url, seller.token);
    await connected(studio);
    expect(await claimStudio(studio, stream._id)).toEqual({ ok: true });
    const viewer = open(url);
    const intruder = open(url);
    await Promise.all([connected(viewer), connected(intruder)]);

    const asked = nextEvent<{ streamId: string; viewerId: string }>(studio, webrtcSocketEvents.viewer);
    expect(await emitAck(viewer, webrtcSocketEvents.watch, { streamId: stream._id })).toEqual({ ok: true });
    expect(await asked).toEqual({ streamId: stream._id, viewerId: viewer.id });

    const offer = nextEvent<{ from: string; description: { type: string } }>(
      viewer,
      webrtcSocketEvents.signal,
    );
    await emitAck(studio, webrtcSocketEvents.signal, {
      streamId: stream._id,
      to: viewer.id,
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(await offer).toMatchObject({ from: studio.id, description: { type: 'offer' } });

    const answer = nextEvent<{ from: string }>(studio, webrtcSocketEvents.signal);
    await emitAck(viewer, webrtcSocketEvents.signal, {
      streamId: stream._id,
      to: studio.id,
      description: { type: 'answer', sdp: 'v=0' },
    });
    expect((await answer).from).toBe(viewer.id);

    expect(
      await emitAck(intruder, webrtcSocketEvents.signal, {
        streamId: stream._id,
        to: viewer.id,
        candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host' },
      }),
    ).toEqual({ ok: false, message: 'Unknown peer' });

    const gone = nextEvent<{ viewerId: string }>(studio, webrtcSocketEvents.viewerLeft);
    const viewerId = viewer.id;
    viewer.close();
    expect((await gone).viewerId).toBe(viewerId);
  });

  it('lets a show’s seller signal only sockets that asked to watch that show, and viewers only that seller', async () => {
    const a = await liveShow();
    const b = await liveShow();
    const studioA = open(url, a.seller.token);
    const studioB = open(url, b.seller.token);
    // Subscribed to show A's room (comments, bids) but never asked for its video.
    const chatOnly = open(url);
    const watcherA = open(url);
    const watcherB = open(url);
    await Promise.all([studioA, studioB, watcherA, watcherB].map(connected));
    expect(await claimStudio(studioA, a.stream._id)).toEqual({ ok: true });
    expect(await claimStudio(studioB, b.stream._id)).toEqual({ ok: true });
    await subscribe(chatOnly, a.stream._id);
    expect(await emitAck(watcherA, webrtcSocketEvents.watch, { streamId: a.stream._id })).toEqual({
      ok: true,
    });
    expect(await emitAck(watcherB, webrtcSocketEvents.watch, { streamId: b.stream._id })).toEqual({
      ok: true,
    });

    const delivered: { to: string; from?: string }[] = [];
    for (const s of [studioA, studioB, chatOnly, watcherA, watcherB]) {
      s.on(webrtcSocketEvents.signal, (e: { from?: string }) => delivered.push({ to: s.id ?? '', ...e }));
    }
    const offer = (to: Socket) => ({
      streamId: a.stream._id,
      to: to.id,
      description: { type: 'offer', sdp: 'v=0' },
    });
    const unknownPeer = { ok: false, message: 'Unknown peer' };

    // Seller A: not to a socket that only chats, nor to one watching another show.
    expect(await emitAck(studioA, webrtcSocketEvents.signal, offer(chatOnly))).toEqual(unknownPeer);
    expect(await emitAck(studioA, webrtcSocketEvents.signal, offer(watcherB))).toEqual(unknownPeer);
    // Seller B cannot use show A to reach A's watcher.
    expect(await emitAck(studioB, webrtcSocketEvents.signal, offer(watcherA))).toEqual(unknownPeer);
    // A viewer must be watching show A, and may reach only A's seller.
    expect(
      await emitAck(chatOnly, webrtcSocketEvents.signal, { ...offer(studioA), description: undefined }),
    ).toEqual(unknownPeer);
    const answerTo = (to: Socket) => ({
      streamId: a.stream._id,
      to: to.id,
      description: { type: 'answer', sdp: 'v=0' },
    });
    expect(await emitAck(watcherA, webrtcSocketEvents.signal, answerTo(studioB))).toEqual(unknownPeer);
    expect(await emitAck(watcherA, webrtcSocketEvents.signal, answerTo(watcherB))).toEqual(unknownPeer);

    // The pair that belongs together still talks.
    expect(await emitAck(studioA, webrtcSocketEvents.signal, offer(watcherA))).toEqual({ ok: true });
    expect(await emitAck(watcherA, webrtcSocketEvents.signal, answerTo(studioA))).toEqual({ ok: true });
    await waitFor(() => delivered.length >= 2);

    // Once the viewer leaves the show, its seller can no longer reach it.
    await emitAck(watcherA, streamSocketEvents.unsubscribe, { streamId: a.stream._id });
    expect(await emitAck(studioA, webrtcSocketEvents.signal, offer(watcherA))).toEqual(unknownPeer);

    // The server relays a signal before it answers the sender, so each socket's own answer comes
    // after any signal relayed to it.
    await Promise.all([studioA, studioB, chatOnly, watcherA, watcherB].map(roundTrip));
    expect(delivered).toEqual([
      {
        to: watcherA.id,
        from: studioA.id,
        streamId: a.stream._id,
        description: { type: 'offer', sdp: 'v=0' },
      },
      {
        to: studioA.id,
        from: watcherA.id,
        streamId: a.stream._id,
        description: { type: 'answer', sdp: 'v=0' },
      },
    ]);
  });
});

describe('the auction clock across restarts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('resumes the countdown from the stored end after a restart and closes the auction correctly', async () => {
    const seller = await sellerWithToken(t);
    const productIds = await productsOf(t, seller.seller.id, 1);
    const productId = productIds[0] as string;
    const stream = await liveAuction(t.app, t, seller.auth, productIds, {
      startingBid: 1000,
      durationSeconds: 60,
    });
    const buyer = await buyerWithToken(t, 'Tunde');
    await bid(t.app, buyer.auth, stream._id, productId, 1000);
    t.clock.advance(20_000);
    await t.app.auctions.tick();
    await t.app.close();

    // The server comes back 5 s later.
    t.clock.advance(5_000);
    const again: App = await buildAppOnSameDatabase(t);
    try {
      const url = await listen(again);
      const viewer = open(url);
      await subscribe(viewer, stream._id);
      const timer = nextEvent<BidTimerUpdateEvent>(
        viewer,
        streamSocketEvents.bidTimerUpdate,
        forStream(stream._id),
      );
      t.clock.advance(1_000);
      await again.auctions.tick();
      expect(await timer).toMatchObject({ productId, secondsLeft: 34, formattedTime: '00:34' });

      const winner = nextEvent<StreamNotification>(
        viewer,
        streamSocketEvents.notification,
        notificationOf(stream._id, 'auction_winner'),
      );
      t.clock.advance(34_000);
      await again.auctions.tick();
      expect((await winner).data).toMatchObject({
        bidWinner: { bidAmount: 1000, buyer: { _id: buyer.buyer.id } },
      });
      const rows = await t.db.select().from(orders).where(eq(orders.streamId, stream._id));
      expect(rows).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('closes an auction whose end passed while the server was down, at the first tick', async () => {
    const first = await buildAppOnSameDatabase(t);
    const seller = await sellerWithToken(t);
    const productIds = await productsOf(t, seller.seller.id, 1);
    const stream = await liveAuction(first, t, seller.auth, productIds, {
      startingBid: 1000,
      durationSeconds: 30,
    });
    const buyer = await buyerWithToken(t);
    await bid(first, buyer.auth, stream._id, productIds[0] as string, 1500);
    await first.close();

    t.clock.advance(10 * 60_000);
    const second = await buildAppOnSameDatabase(t);
    try {
      await second.auctions.tick();
      const [order] = await t.db.select().from(orders).where(eq(orders.streamId, stream._id));
      expect(order).toMatchObject({ buyerId: buyer.buyer.id, amountKobo: 150_000 });
    } finally {
      await second.close();
    }
  });

  it('runs the clock on one node at a time, and another takes over when the owner stops', async () => {
    const nodeA = await buildAppOnSameDatabase(t, { auctionTimers: 'auto' });
    const nodeB = await buildAppOnSameDatabase(t, { auctionTimers: 'auto' });
    let closedA = false;
    try {
      const owners = () => [nodeA, nodeB].filter((n) => n.auctions.ticker?.isOwner());
      await waitFor(() => owners().length === 1);
      // It must stay a follower. Its first try may still be under way when the owner appears, and a
      // try that fails sends nothing to wait on (a socket round trip proves nothing here), so: a pause.
      await new Promise((r) => setTimeout(r, 500));
      expect(owners()).toHaveLength(1);
      const [owner] = owners();
      const follower = owner === nodeA ? nodeB : nodeA;
      await owner?.close();
      closedA = owner === nodeA;
      await waitFor(() => follower.auctions.ticker?.isOwner() === true);
    } finally {
      if (!closedA) await nodeA.close();
      await nodeB.close();
    }
  });
});

const redisUrl = serviceUrl('REDIS_URL');

describe.skipIf(!redisUrl)('live shows across nodes sharing Redis', () => {
  it('delivers a bid placed through node A to the seller’s socket on node B, and counts viewers on both', async () => {
    const redisA = new Redis(redisUrl as string);
    const redisB = new Redis(redisUrl as string);
    const nodeA = await buildTestApp({ redis: redisA });
    const nodeB = await buildAppOnSameDatabase(nodeA, { redis: redisB });
    try {
      const [urlA, urlB] = [await listen(nodeA.app), await listen(nodeB)];
      const seller = await sellerWithToken(nodeA);
      const productIds = await productsOf(nodeA, seller.seller.id, 1);
      const stream = await liveAuction(nodeA.app, nodeA, seller.auth, productIds, { startingBid: 2000 });

      const studio = open(urlB, seller.token);
      await subscribe(studio, stream._id);
      // Not a negative: node B's Redis subscriber may need a moment after connecting, and nothing
      // tells the test when it is subscribed.
      await new Promise((r) => setTimeout(r, 200));

      const two = nextEvent<ViewerCountEvent>(
        studio,
        streamSocketEvents.viewerJoined,
        (e) => e.viewerCount === 2,
      );
      await subscribe(open(urlA), stream._id);
      await subscribe(open(urlB), stream._id);
      expect((await two).viewerCount).toBe(2);

      const buyer = await buyerWithToken(nodeA, 'Femi');
      const heard = nextEvent<StreamNotification>(
        studio,
        streamSocketEvents.notification,
        notificationOf(stream._id, 'new_bid'),
      );
      const res = await bid(nodeA.app, buyer.auth, stream._id, productIds[0] as string, 2000);
      expect(res.statusCode).toBe(200);
      expect(await heard).toMatchObject({ data: { bidAmount: 2000, currentBidder: { name: 'Femi' } } });
    } finally {
      await nodeB.close();
      await nodeA.close();
      await Promise.all([redisA.quit(), redisB.quit()]);
    }
  });
});
