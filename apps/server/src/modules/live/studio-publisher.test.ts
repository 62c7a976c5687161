import {
  STUDIO_OPEN_ELSEWHERE,
  type StudioReplacedEvent,
  streamSocketEvents,
  studioSocketEvents,
  type ViewerCountEvent,
  webrtcSocketEvents,
} from '@kasuwa/contracts';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAppOnSameDatabase, buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  claimStudio,
  collect,
  connected,
  createShow,
  emitAck,
  listen,
  liveAuction,
  nextEvent,
  openSocket,
  productsOf,
} from '@/test/live.ts';
import { roundTrip } from '@/test/round-trip.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { serviceUrl } from '@/test/services.ts';
import { waitFor } from '@/test/wait-for.ts';

// A seller who opens a live show's studio in two tabs (or on a phone and a laptop) must not have
// both answer every viewer: one studio publishes at a time, the newest takes the show over, the
// other is told and stops, and a studio's claim ends with its socket.

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

type ViewerEvent = { streamId: string; viewerId: string };
const elsewhere = { ok: false, message: STUDIO_OPEN_ELSEWHERE, openElsewhere: true };
const unknownPeer = { ok: false, message: 'Unknown peer' };
const offer = (streamId: string, to: Socket) => ({
  streamId,
  to: to.id,
  description: { type: 'offer', sdp: 'v=0' },
});
const answerTo = (streamId: string, to: Socket) => ({
  streamId,
  to: to.id,
  description: { type: 'answer', sdp: 'v=0' },
});

describe('one studio publishes a show at a time', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  const open = (token?: string) => openSocket(url, token, sockets);

  async function liveShow() {
    const seller = await sellerWithToken(t);
    const productIds = await productsOf(t, seller.seller.id, 1);
    const stream = await liveAuction(t.app, t, seller.auth, productIds);
    return { seller, streamId: stream._id };
  }

  it('hands the show to the second studio: the first is told, and viewers reach only the second', async () => {
    const { seller, streamId } = await liveShow();
    const first = open(seller.token);
    const second = open(seller.token);
    const viewer = open();
    await Promise.all([first, second, viewer].map(connected));
    const toFirst = collect<ViewerEvent>(first, webrtcSocketEvents.viewer);
    const toSecond = collect<ViewerEvent>(second, webrtcSocketEvents.viewer);

    expect(await claimStudio(first, streamId)).toEqual({ ok: true });
    expect(await emitAck(viewer, webrtcSocketEvents.watch, { streamId })).toEqual({ ok: true });
    await waitFor(() => toFirst.length === 1);
    expect(toFirst[0]).toEqual({ streamId, viewerId: viewer.id });

    const replaced = nextEvent<StudioReplacedEvent>(first, studioSocketEvents.replaced);
    expect(await claimStudio(second, streamId)).toEqual({ ok: true });
    expect(await replaced).toEqual({ streamId, timestamp: t.clock.now().getTime() });

    // The new publisher, listening, is handed the viewer already waiting.
    expect(await emitAck(second, webrtcSocketEvents.publish, { streamId })).toEqual({ ok: true });
    await waitFor(() => toSecond.length === 1);
    expect(toSecond[0]).toEqual({ streamId, viewerId: viewer.id });
    // ...and the one that lost the show cannot ask for it.
    expect(await emitAck(first, webrtcSocketEvents.publish, { streamId })).toEqual({
      ok: false,
      message: STUDIO_OPEN_ELSEWHERE,
    });

    // A viewer asking again reaches the second studio only.
    expect(await emitAck(viewer, webrtcSocketEvents.watch, { streamId })).toEqual({ ok: true });
    await waitFor(() => toSecond.length === 2);
    // The server sends the viewer's request before it answers the viewer, so before this answer too.
    await roundTrip(first);
    expect(toFirst).toHaveLength(1);

    // Only the publisher signals the viewer, and the viewer answers only the publisher.
    const delivered = collect<{ from: string }>(viewer, webrtcSocketEvents.signal);
    expect(await emitAck(first, webrtcSocketEvents.signal, offer(streamId, viewer))).toEqual(unknownPeer);
    expect(await emitAck(second, webrtcSocketEvents.signal, offer(streamId, viewer))).toEqual({ ok: true });
    expect(await emitAck(viewer, webrtcSocketEvents.signal, answerTo(streamId, first))).toEqual(unknownPeer);
    expect(await emitAck(viewer, webrtcSocketEvents.signal, answerTo(streamId, second))).toEqual({
      ok: true,
    });
    await waitFor(() => delivered.length === 1);
    expect(delivered[0]?.from).toBe(second.id);

    // A viewer leaving is news for the publisher only.
    const left = nextEvent<ViewerEvent>(second, webrtcSocketEvents.viewerLeft);
    const leftFirst = collect<ViewerEvent>(first, webrtcSocketEvents.viewerLeft);
    const viewerId = viewer.id;
    viewer.close();
    expect(await left).toEqual({ streamId, viewerId });
    await roundTrip(first);
    expect(leftFirst).toEqual([]);

    // The first studio coming back from a dropped connection does not take the show back...
    expect(await claimStudio(first, streamId, { takeOver: false })).toEqual(elsewhere);
    // ...unless its seller asks for it ("Use this window").
    const backToFirst = nextEvent<StudioReplacedEvent>(second, studioSocketEvents.replaced);
    expect(await claimStudio(first, streamId)).toEqual({ ok: true });
    expect((await backToFirst).streamId).toBe(streamId);
  });

  it('lets the same studio resume after its socket reconnected, without telling anyone', async () => {
    const { seller, streamId } = await liveShow();
    const before = open(seller.token);
    await connected(before);
    // As the studio page does: it follows its show's room (comments, counts) and claims the show.
    expect(await emitAck(before, streamSocketEvents.subscribe, { streamId })).toEqual({ ok: true });
    expect(await claimStudio(before, streamId, { studioId: 'laptop-window' })).toEqual({ ok: true });
    const told = collect<StudioReplacedEvent>(before, studioSocketEvents.replaced);

    // The same window on a new socket, before the server noticed the old one is gone.
    const after = open(seller.token);
    await connected(after);
    expect(await claimStudio(after, streamId, { studioId: 'laptop-window', takeOver: false })).toEqual({
      ok: true,
    });
    const viewer = open();
    await connected(viewer);
    const asked = nextEvent<ViewerEvent>(after, webrtcSocketEvents.viewer);
    await emitAck(viewer, webrtcSocketEvents.watch, { streamId });
    expect((await asked).viewerId).toBe(viewer.id);

    // A take-over would have been told before the claim was answered.
    await roundTrip(before);
    expect(told).toEqual([]);

    // The old socket's goodbye does not end the claim its window renewed. The old socket was in its
    // show's room, so the server recounts the viewers after handling its goodbye (claims first).
    const goodbyeHandled = nextEvent<ViewerCountEvent>(after, streamSocketEvents.viewerLeft);
    before.close();
    await goodbyeHandled;
    expect(await emitAck(after, webrtcSocketEvents.signal, offer(streamId, viewer))).toEqual({ ok: true });
  });

  it('releases the show when the publishing studio disconnects, so a reload takes it at once', async () => {
    const { seller, streamId } = await liveShow();
    const publishing = open(seller.token);
    const waiting = open(seller.token);
    await Promise.all([publishing, waiting].map(connected));
    expect(await claimStudio(publishing, streamId)).toEqual({ ok: true });
    expect(await claimStudio(waiting, streamId, { takeOver: false })).toEqual(elsewhere);

    publishing.close();
    await waitFor(async () => (await claimStudio(waiting, streamId, { takeOver: false })).ok);

    const viewer = open();
    await connected(viewer);
    const asked = nextEvent<ViewerEvent>(waiting, webrtcSocketEvents.viewer);
    await emitAck(viewer, webrtcSocketEvents.watch, { streamId });
    expect((await asked).viewerId).toBe(viewer.id);
  });

  it('sends viewers to nobody while no studio publishes, and refuses every signal', async () => {
    const { seller, streamId } = await liveShow();
    const studio = open(seller.token);
    const viewer = open();
    await Promise.all([studio, viewer].map(connected));
    const asked = collect<ViewerEvent>(studio, webrtcSocketEvents.viewer);
    expect(await emitAck(viewer, webrtcSocketEvents.watch, { streamId })).toEqual({ ok: true });
    expect(await emitAck(studio, webrtcSocketEvents.signal, offer(streamId, viewer))).toEqual(unknownPeer);
    // The watch was answered after any request the server sent the studio; the studio's own answer
    // (to its signal, sent after that) comes down the same connection later still.
    expect(asked).toEqual([]);
  });

  it('lets nobody but the show’s seller claim it, and only while it is live', async () => {
    const { seller, streamId } = await liveShow();
    const other = await sellerWithToken(t);
    const buyer = await buyerWithToken(t);
    const owner = open(seller.token);
    const stranger = open(other.token);
    const buyerSocket = open(buyer.token);
    const anonymous = open();
    await Promise.all([owner, stranger, buyerSocket, anonymous].map(connected));
    expect(await claimStudio(owner, streamId)).toEqual({ ok: true });
    const told = collect<StudioReplacedEvent>(owner, studioSocketEvents.replaced);

    const notFound = { ok: false, message: 'Stream not found' };
    for (const socket of [stranger, buyerSocket, anonymous]) {
      expect(await claimStudio(socket, streamId)).toEqual(notFound);
      expect(await emitAck(socket, webrtcSocketEvents.publish, { streamId })).toEqual({
        ok: false,
        message: STUDIO_OPEN_ELSEWHERE,
      });
    }
    expect(await claimStudio(owner, '00000000-0000-4000-8000-000000000000')).toEqual(notFound);
    expect(
      await emitAck(owner, studioSocketEvents.claim, { streamId, studioId: 'x', takeOver: true }),
    ).toEqual({ ok: false, message: 'Invalid studio' });

    // The owner still holds the show: a viewer reaches it.
    const viewer = open();
    await connected(viewer);
    const asked = nextEvent<ViewerEvent>(owner, webrtcSocketEvents.viewer);
    await emitAck(viewer, webrtcSocketEvents.watch, { streamId });
    expect((await asked).viewerId).toBe(viewer.id);
    expect(told).toEqual([]);

    // A show that is not live has no publisher.
    const productIds = await productsOf(t, seller.seller.id, 1);
    const scheduled = await createShow(t.app, t, seller.auth, productIds);
    expect(await claimStudio(owner, scheduled._id)).toEqual({ ok: false, message: 'This show is not live' });
  });
});

const redisUrl = serviceUrl('REDIS_URL');

describe.skipIf(!redisUrl)('one studio per show across nodes sharing Redis', () => {
  it('demotes a studio on another node and routes viewers on any node to the publisher', async () => {
    const redisA = new Redis(redisUrl as string);
    const redisB = new Redis(redisUrl as string);
    const nodeA = await buildTestApp({ redis: redisA });
    const nodeB = await buildAppOnSameDatabase(nodeA, { redis: redisB });
    try {
      const [urlA, urlB] = [await listen(nodeA.app), await listen(nodeB)];
      const seller = await sellerWithToken(nodeA);
      const productIds = await productsOf(nodeA, seller.seller.id, 1);
      const { _id: streamId } = await liveAuction(nodeA.app, nodeA, seller.auth, productIds);

      const onA = openSocket(urlA, seller.token, sockets);
      const onB = openSocket(urlB, seller.token, sockets);
      const viewerOnA = openSocket(urlA, undefined, sockets);
      await Promise.all([onA, onB, viewerOnA].map(connected));
      // Not a negative: the adapter's subscriber on each node may need a moment after connecting,
      // and nothing tells the test when it is subscribed.
      await new Promise((r) => setTimeout(r, 150));
      const toA = collect<ViewerEvent>(onA, webrtcSocketEvents.viewer);

      expect(await claimStudio(onA, streamId)).toEqual({ ok: true });
      const replaced = nextEvent<StudioReplacedEvent>(onA, studioSocketEvents.replaced);
      expect(await claimStudio(onB, streamId)).toEqual({ ok: true });
      expect((await replaced).streamId).toBe(streamId);
      // Node A's studio, coming back, sees that node B's holds the show.
      expect(await claimStudio(onA, streamId, { takeOver: false })).toEqual(elsewhere);

      // A viewer on node A reaches the publisher on node B, and they signal each other.
      const asked = nextEvent<ViewerEvent>(onB, webrtcSocketEvents.viewer);
      await emitAck(viewerOnA, webrtcSocketEvents.watch, { streamId });
      expect((await asked).viewerId).toBe(viewerOnA.id);
      const delivered = nextEvent<{ from: string }>(viewerOnA, webrtcSocketEvents.signal);
      expect(await emitAck(onB, webrtcSocketEvents.signal, offer(streamId, viewerOnA))).toEqual({ ok: true });
      expect((await delivered).from).toBe(onB.id);
      expect(await emitAck(onA, webrtcSocketEvents.signal, offer(streamId, viewerOnA))).toEqual(unknownPeer);
      expect(await emitAck(viewerOnA, webrtcSocketEvents.signal, answerTo(streamId, onB))).toEqual({
        ok: true,
      });
      // The viewer's request is sent by the viewer's node (A, onA's too) before it answers the watch.
      await roundTrip(onA);
      expect(toA).toEqual([]);

      // Node B's studio leaves: its claim in Redis goes with it, and node A's studio resumes.
      onB.close();
      await waitFor(async () => (await claimStudio(onA, streamId, { takeOver: false })).ok);
    } finally {
      await nodeB.close();
      await nodeA.close();
      await Promise.all([redisA.quit(), redisB.quit()]);
    }
  });
});
